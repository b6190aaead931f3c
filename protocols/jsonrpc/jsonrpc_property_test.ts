// Property tests: chunking never changes what is decoded; garbage never throws.
import { deepStrictEqual, strictEqual } from "node:assert/strict";
import fc from "fast-check";
import { encodeMessage } from "./encode_message.ts";
import { type DecodedLine, LineDecoder } from "./line_decoder.ts";
import { parseMessage } from "./parse_message.ts";
import type { JsonRpcMessage } from "./types.ts";

const text = fc.string({ unit: "binary" });
const json = fc.jsonValue({ stringUnit: "binary", maxDepth: 3 });
const id = fc.oneof(
  text,
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.constant(null),
);
const request = fc.record(
  {
    jsonrpc: fc.constant("2.0" as const),
    id,
    method: fc.string({ unit: "binary", minLength: 1 }),
    params: fc.oneof(fc.array(json, { maxLength: 4 }), fc.dictionary(text, json, { maxKeys: 4 })),
  },
  { requiredKeys: ["jsonrpc", "method"] },
);
const success = fc.record({ jsonrpc: fc.constant("2.0" as const), id, result: json });
const failure = fc.record({
  jsonrpc: fc.constant("2.0" as const),
  id,
  error: fc.record({ code: fc.integer(), message: text, data: json }, {
    requiredKeys: ["code", "message"],
  }),
});
const message: fc.Arbitrary<JsonRpcMessage> = fc.oneof(request, success, failure);
const ending = fc.constantFrom("\n", "\r\n", "\n\n", "\r\n  \r\n\n");

/** Bytes of the stream, and the byte positions it is cut at. */
function cut(bytes: Uint8Array, points: number[]): Uint8Array[] {
  const at = [...new Set(points.map((p) => p % (bytes.length + 1)))].sort((a, b) => a - b);
  const chunks: Uint8Array[] = [];
  let from = 0;
  for (const p of [...at, bytes.length]) {
    chunks.push(bytes.subarray(from, p));
    from = p;
  }
  return chunks;
}

function decodeAll(chunks: Uint8Array[], decoder = new LineDecoder()): DecodedLine[] {
  return [...chunks.flatMap((c) => decoder.push(c)), ...decoder.end()];
}

const parsed = (lines: DecodedLine[]) => lines.map((l) => ("line" in l ? parseMessage(l.line) : l));

Deno.test("any chunking of an encoded stream decodes to the same messages", () => {
  fc.assert(
    fc.property(
      fc.array(fc.tuple(message, ending), { maxLength: 12, size: "max" }),
      fc.array(fc.nat(), { maxLength: 40, size: "max" }),
      (items, points) => {
        const stream = items.map(([m, end]) => encodeMessage(m).slice(0, -1) + end).join("");
        const bytes = new TextEncoder().encode(stream);
        const expected = items.map(([m]) => ({ message: JSON.parse(JSON.stringify(m)) }));
        deepStrictEqual(parsed(decodeAll(cut(bytes, points))), expected);
        deepStrictEqual(parsed(decodeAll([bytes])), expected);
      },
    ),
    { numRuns: 300 },
  );
});

Deno.test("random bytes never make LineDecoder or parseMessage throw", () => {
  const bytes = fc.oneof(
    fc.uint8Array({ maxLength: 300, size: "max" }),
    fc.array(fc.constantFrom(0x0a, 0x0d, 0x7b, 0x7d, 0x22, 0xc3, 0xa9, 0xf0, 0x9f, 0x20), {
      maxLength: 300,
      size: "max",
    }).map((a) => new Uint8Array(a)),
  );
  fc.assert(
    fc.property(
      fc.array(bytes, { maxLength: 8, size: "max" }),
      fc.integer({ min: 1, max: 64 }),
      (chunks, max) => {
        for (const result of parsed(decodeAll(chunks, new LineDecoder({ maxLineBytes: max })))) {
          strictEqual(Object.keys(result).length, 1);
        }
      },
    ),
    { numRuns: 500 },
  );
});

Deno.test("JSON of any shape, whole or cut short, never makes parseMessage throw", () => {
  fc.assert(
    fc.property(json, fc.nat(), (value, n) => {
      const line = JSON.stringify(value);
      for (const l of [line, line.slice(0, n % (line.length + 1))]) {
        strictEqual(Object.keys(parseMessage(l)).length, 1);
      }
    }),
    { numRuns: 500 },
  );
});

Deno.test("an oversized line is reported once and the following lines still decode", () => {
  fc.assert(
    fc.property(
      fc.integer({ min: 8, max: 2000 }),
      fc.string({ unit: "binary", minLength: 1 }).filter((s) => !s.includes("\n")),
      fc.array(message, { minLength: 1, maxLength: 5, size: "max" }),
      fc.array(fc.nat(), { maxLength: 20, size: "max" }),
      (max, seed, messages, points) => {
        let big = seed;
        while (new TextEncoder().encode(big).length <= max) big += seed;
        const small = messages.map(encodeMessage).filter((l) => l.length <= max / 4);
        const stream = small.join("") + big + "\n" + small.join("");
        const bytes = new TextEncoder().encode(stream);
        const expected = [
          ...small.map((l) => ({ message: JSON.parse(l) })),
          { tooLarge: new TextEncoder().encode(big).length },
          ...small.map((l) => ({ message: JSON.parse(l) })),
        ];
        const lines = decodeAll(cut(bytes, points), new LineDecoder({ maxLineBytes: max }));
        deepStrictEqual(parsed(lines), expected);
      },
    ),
    { numRuns: 300 },
  );
});
