// Property tests: chunking never changes what is found or shown; passthrough plus what was cut
// out is the input; well-formed commands round-trip; random input never throws.
import { deepStrictEqual, strictEqual } from "node:assert/strict";
import fc from "fast-check";
import { encodeOsc, OSC_OPEN } from "./osc.ts";
import { type SidebandOutput, SidebandStream } from "./stream.ts";
import { xmlEscape } from "./xml_escape.ts";

const name = fc.stringMatching(/^[a-z][a-z0-9_-]{0,8}$/);
const attrName = fc.stringMatching(/^[a-z_][a-z0-9_.-]{0,6}$/);
const value = fc.string({ unit: "binary", maxLength: 20 });
const attrs = fc.dictionary(attrName, value, { maxKeys: 4 }).map((a) => ({ ...a }));

const xmlTag = fc.record({ name, attrs, content: fc.option(value, { nil: undefined }) }).map(
  ({ name, attrs, content }) => {
    const list = Object.entries(attrs).map(([k, v]) => ` ${k}="${xmlEscape(v)}"`).join("");
    return content === undefined
      ? `<weft:${name}${list}/>`
      : `<weft:${name}${list}>${xmlEscape(content)}</weft:${name}>`;
  },
);
const oscTag = fc.record({ name, attrs }).map(({ name, attrs }) => encodeOsc(name, attrs));
const tricky = fc.constantFrom(
  "<",
  "<w",
  "<weft",
  "<weft:",
  "<weft:x",
  "</weft:x>",
  "\x1b",
  "\x1b]",
  OSC_OPEN.slice(0, -1),
  OSC_OPEN,
  "\x1b\\",
  "\x07",
  ">",
  "/>",
  '"',
  "'",
  "=",
  " ",
  "\r\n",
  "\x1b[3C",
  "\x1b[12G",
  "\x1b[31m",
  "&amp;",
  "&#x1F600;",
  "é",
  "日本",
  "😀",
);
const plain = fc.string({ maxLength: 30 });
const fragment = fc.oneof(
  { arbitrary: plain, weight: 3 },
  { arbitrary: tricky, weight: 4 },
  { arbitrary: xmlTag, weight: 2 },
  { arbitrary: oscTag, weight: 1 },
  { arbitrary: fc.string({ unit: "binary", maxLength: 12 }), weight: 1 },
);
const stream = fc.array(fragment, { maxLength: 25 }).map((parts) => parts.join(""));
const points = fc.array(fc.nat(), { maxLength: 30 });

function chunk(text: string, at: number[]): string[] {
  const cuts = [...new Set(at.map((p) => p % (text.length + 1)))].sort((a, b) => a - b);
  const chunks: string[] = [];
  let from = 0;
  for (const cut of [...cuts, text.length]) {
    chunks.push(text.slice(from, cut));
    from = cut;
  }
  return chunks;
}

function run(chunks: string[], maxTagBytes?: number): SidebandOutput {
  const parser = new SidebandStream(maxTagBytes === undefined ? {} : { maxTagBytes });
  const outs = [...chunks.map((c) => parser.push(c)), parser.flush()];
  return {
    text: outs.map((o) => o.text).join(""),
    commands: outs.flatMap((o) => o.commands),
    errors: outs.flatMap((o) => o.errors),
  };
}

Deno.test("any chunking of a stream finds the same commands and passes the same text", () => {
  fc.assert(
    fc.property(stream, points, fc.constantFrom(undefined, 40, 200), (text, at, max) => {
      deepStrictEqual(run(chunk(text, at), max), run([text], max));
    }),
    { numRuns: 500 },
  );
});

Deno.test("single-character chunks find what the whole stream finds", () => {
  fc.assert(
    fc.property(stream, (text) => {
      deepStrictEqual(run([...text.split("")]), run([text]));
    }),
    { numRuns: 200 },
  );
});

Deno.test("passthrough plus the commands cut out of it reproduce the input", () => {
  fc.assert(
    fc.property(stream, points, (text, at) => {
      const out = run(chunk(text, at));
      let rebuilt = "";
      let shown = 0;
      for (const command of out.commands) {
        rebuilt += out.text.slice(shown, command.at) + command.raw;
        shown = command.at;
      }
      strictEqual(rebuilt + out.text.slice(shown), text);
    }),
    { numRuns: 500 },
  );
});

Deno.test("a well-formed XML tag gives back exactly the attributes and content written", () => {
  fc.assert(
    fc.property(
      name,
      attrs,
      fc.option(value, { nil: undefined }),
      plain,
      (n, a, content, around) => {
        const list = Object.entries(a).map(([k, v]) => ` ${k}="${xmlEscape(v)}"`).join("");
        const tag = content === undefined
          ? `<weft:${n}${list}/>`
          : `<weft:${n}${list}>${xmlEscape(content)}</weft:${n}>`;
        const safe = around.replaceAll("<", "(").replaceAll("\x1b", "");
        const out = run([safe, tag, safe]);
        strictEqual(out.commands.length, 1);
        const found = out.commands[0]!;
        deepStrictEqual(
          { name: found.name, attrs: found.attrs, content: found.content },
          { name: n, attrs: a, content },
        );
        strictEqual(out.text, safe + safe);
      },
    ),
    { numRuns: 500 },
  );
});

Deno.test("a well-formed OSC command gives back exactly the attributes written", () => {
  fc.assert(
    fc.property(name, attrs, (n, a) => {
      const out = run([encodeOsc(n, a)]);
      deepStrictEqual(out.commands.map((c) => [c.name, c.attrs]), [[n, a]]);
    }),
    { numRuns: 300 },
  );
});

Deno.test("random input in random chunks never throws", () => {
  fc.assert(
    fc.property(fc.string({ unit: "binary", maxLength: 400 }), points, (text, at) => {
      run(chunk(text, at), 64);
      run(chunk(text, at));
    }),
    { numRuns: 1000 },
  );
});
