import { deepStrictEqual as assertEquals } from "node:assert/strict";
import * as node from "node:path";
import { basename, dirname, join, resolve } from "./_path.ts";

const PATHS = [
  "",
  "/",
  "//",
  ".",
  "..",
  "a",
  "a/",
  "/a",
  "/a/",
  "/a//b",
  "a/b/../c",
  "../a",
  "a/../..",
  "/..",
  "/a/./b/.",
  "/proj/.weft/server.json",
  "proj/.weft/",
  "x//",
];

Deno.test("join(), resolve(), dirname(), basename() answer as node:path's do", () => {
  for (const a of PATHS) {
    assertEquals(dirname(a), node.dirname(a), `dirname(${JSON.stringify(a)})`);
    assertEquals(basename(a), node.basename(a), `basename(${JSON.stringify(a)})`);
    assertEquals(resolve(a), node.resolve(a), `resolve(${JSON.stringify(a)})`);
    for (const b of PATHS) {
      assertEquals(join(a, b), node.join(a, b), `join(${JSON.stringify([a, b])})`);
      assertEquals(resolve(a, b), node.resolve(a, b), `resolve(${JSON.stringify([a, b])})`);
    }
  }
  assertEquals(join("/a", "b", "../c", ".weft"), node.join("/a", "b", "../c", ".weft"));
  assertEquals(join(), node.join());
  assertEquals(resolve(), node.resolve());
});
