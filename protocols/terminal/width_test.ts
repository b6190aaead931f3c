import { deepStrictEqual as assertEquals } from "node:assert/strict";
import { charWidth, textWidth } from "./width.ts";

Deno.test("charWidth() gives wide characters two cells and combining marks none", () => {
  assertEquals(charWidth("a".codePointAt(0)!), 1);
  assertEquals(charWidth("語".codePointAt(0)!), 2);
  assertEquals(charWidth("😀".codePointAt(0)!), 2);
  assertEquals(charWidth(0x301), 0);
  assertEquals(charWidth(0x07), 0);
});

Deno.test("textWidth() adds up code points, surrogate pairs counted once", () => {
  assertEquals(textWidth("ab日"), 4);
  assertEquals(textWidth("e\u0301"), 1);
  assertEquals(textWidth("😀x"), 3);
});
