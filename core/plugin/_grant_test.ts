import { deepStrictEqual } from "node:assert/strict";
import { denoPart, effectiveGrant } from "./_grant.ts";

Deno.test("effectiveGrant() is what is asked ∩ what is allowed", () => {
  deepStrictEqual(
    [...effectiveGrant(["pane:read", "read:./a", "net:x:1"], [
      "read:./a",
      "pane:read",
      "pane:write",
    ])],
    ["pane:read", "read:./a"],
  );
  deepStrictEqual([...effectiveGrant(["pane:read"], [])], []);
  deepStrictEqual([...effectiveGrant([], ["pane:read"])], []);
});

Deno.test("denoPart() keeps only Deno-level capabilities, sorted", () => {
  deepStrictEqual(denoPart(new Set(["write:./b", "pane:read", "read:./a"])), [
    "read:./a",
    "write:./b",
  ]);
  deepStrictEqual(denoPart(new Set(["pane:read", "layout:write"])), []);
});

Deno.test('effectiveGrant() gives a built-in allowed "asked" exactly what its manifest asks', () => {
  deepStrictEqual([...effectiveGrant(["pane:read", "net:127.0.0.1"], "asked")], [
    "pane:read",
    "net:127.0.0.1",
  ]);
  deepStrictEqual([...effectiveGrant([], "asked")], []);
});
