import { strictEqual } from "node:assert/strict";
import { osc52 } from "./osc52.ts";

Deno.test("osc52() encodes UTF-8 text as base64, large texts included", () => {
  strictEqual(osc52("hi"), "\x1b]52;c;aGk=\x07");
  strictEqual(osc52("é"), "\x1b]52;c;w6k=\x07");
  const big = "x".repeat(200_000);
  strictEqual(atob(osc52(big).slice(7, -1)), big);
});
