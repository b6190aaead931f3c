import { deepStrictEqual, throws } from "node:assert/strict";
import { LineDecoder } from "./line_decoder.ts";

const bytes = (text: string) => new TextEncoder().encode(text);

Deno.test("LineDecoder.push() returns each completed line", () => {
  const decoder = new LineDecoder();
  deepStrictEqual(decoder.push(bytes("a\nb\nc")), [{ line: "a" }, { line: "b" }]);
  deepStrictEqual(decoder.push(bytes("d\n")), [{ line: "cd" }]);
});

Deno.test("LineDecoder.push() joins a UTF-8 character split across chunks", () => {
  const all = bytes("é€😀\n");
  const decoder = new LineDecoder();
  const out = [];
  for (let i = 0; i < all.length; i++) out.push(...decoder.push(all.subarray(i, i + 1)));
  deepStrictEqual(out, [{ line: "é€😀" }]);
});

Deno.test("LineDecoder.push() tolerates CRLF and skips blank lines", () => {
  const decoder = new LineDecoder();
  deepStrictEqual(decoder.push(bytes("a\r\n\r\n\n  \nb\n")), [{ line: "a" }, { line: "b" }]);
});

Deno.test("LineDecoder.push() copies a pending part so a reused buffer cannot corrupt it", () => {
  const decoder = new LineDecoder();
  const buffer = bytes("abc");
  decoder.push(buffer);
  buffer.set(bytes("xyz"));
  deepStrictEqual(decoder.push(bytes("\n")), [{ line: "abc" }]);
});

Deno.test("LineDecoder reports an oversized line once and decodes the lines after it", () => {
  const decoder = new LineDecoder({ maxLineBytes: 4 });
  deepStrictEqual(decoder.push(bytes("ok\n123")), [{ line: "ok" }]);
  deepStrictEqual(decoder.push(bytes("45678")), []);
  deepStrictEqual(decoder.push(bytes("9\nfine\n")), [{ tooLarge: 9 }, { line: "fine" }]);
});

Deno.test("LineDecoder keeps a line of exactly maxLineBytes", () => {
  const decoder = new LineDecoder({ maxLineBytes: 4 });
  deepStrictEqual(decoder.push(bytes("1234\n12345\n")), [{ line: "1234" }, { tooLarge: 5 }]);
});

Deno.test("LineDecoder.end() returns the unterminated last line and resets", () => {
  const decoder = new LineDecoder({ maxLineBytes: 3 });
  decoder.push(bytes("tail"));
  deepStrictEqual(decoder.end(), [{ tooLarge: 4 }]);
  decoder.push(bytes("ok"));
  deepStrictEqual(decoder.end(), [{ line: "ok" }]);
  deepStrictEqual(decoder.end(), []);
});

Deno.test("LineDecoder turns invalid UTF-8 into replacement characters", () => {
  const decoder = new LineDecoder();
  deepStrictEqual(decoder.push(new Uint8Array([0x61, 0xff, 0x0a])), [{ line: "a\uFFFD" }]);
});

Deno.test("LineDecoder refuses a maxLineBytes that is not a positive integer", () => {
  throws(() => new LineDecoder({ maxLineBytes: 0 }), RangeError);
  throws(() => new LineDecoder({ maxLineBytes: 1.5 }), RangeError);
});
