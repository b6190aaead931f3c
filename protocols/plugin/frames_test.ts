import { deepStrictEqual, throws } from "node:assert/strict";
import { encodeFrame, LineReader } from "./frames.ts";

Deno.test("encodeFrame() keeps a newline inside a string on one line", () => {
  const line = encodeFrame({ type: "log", level: "info", message: "a\nb" });
  deepStrictEqual(line.split("\n").length, 2);
  deepStrictEqual(JSON.parse(line), { type: "log", level: "info", message: "a\nb" });
});

Deno.test("encodeFrame() throws for a value JSON cannot carry", () => {
  throws(() => encodeFrame({ n: 1n }), TypeError);
});

Deno.test("LineReader joins lines split across chunks and skips empty ones", () => {
  const reader = new LineReader(1000);
  deepStrictEqual(reader.push("ab"), []);
  deepStrictEqual(reader.push("c\n\nde"), ["abc"]);
  deepStrictEqual(reader.push("f\ng\n"), ["def", "g"]);
});

Deno.test("LineReader refuses a line longer than its cap", () => {
  const reader = new LineReader(8);
  deepStrictEqual(reader.push("12345678"), []);
  throws(() => reader.push("9"), RangeError);
  deepStrictEqual(reader.push("ok\n"), ["ok"]);
});
