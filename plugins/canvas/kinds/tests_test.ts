import { deepStrictEqual as assertEquals, ok as assert } from "node:assert/strict";
import { render } from "./tests.ts";
import { assertGolden, assertSafe, assertWeftError, WIDTHS } from "./_golden.ts";
import { stripSgr } from "./_row.ts";

const DATA = new URL("./testdata/tests/", import.meta.url);
/** Real output of `deno test --reporter=…` and `node --test --test-reporter=…` on one suite. */
const SAMPLES = [
  "deno.junit.xml",
  "deno.tap",
  "deno.pretty.out",
  "deno.dot.out",
  "node.junit.xml",
  "node.tap",
  "node.spec.out",
  "node.dot.out",
];

function draw(content: string, width: number): string[] {
  const { lines } = render({ content, width, height: 40 });
  assertSafe(lines, width);
  return lines;
}

for (const sample of SAMPLES) {
  for (const width of WIDTHS) {
    Deno.test(`render() draws ${sample} at ${width} columns as its golden`, async () => {
      const content = await Deno.readTextFile(new URL(sample, DATA));
      await assertGolden(
        new URL(`${sample}.${width}`, DATA),
        draw(content, width),
      );
    });
  }
}

Deno.test("render() lists failures first, each with its message and location", async () => {
  for (const sample of SAMPLES) {
    const text = draw(await Deno.readTextFile(new URL(sample, DATA)), 80).map(stripSgr);
    assert(text[0]!.startsWith(" FAILED "), `${sample}: ${text[0]}`);
    const first = text.findIndex((l) => l.startsWith("✖ "));
    const pass = text.findIndex((l) => l.startsWith("✔ "));
    assert(first > 0 && (pass < 0 || first < pass), sample);
    assert(text.some((l) => l.includes("1970 !== 1971")), sample);
    assert(text[first + 1]!.includes("math"), `${sample}: ${text[first + 1]}`);
  }
});

Deno.test("render() shows escape sequences in names and messages as symbols", () => {
  const tap =
    'TAP version 14\nnot ok 1 - \x1b]0;owned\x07name\n  ---\n  message: "\x1b[2Jgone\x9b"\n  ...\n';
  const xml =
    '<testsuite><testcase name="\x1b[31mred"><failure message="\x1b]52;c;eA==\x07"/></testcase></testsuite>';
  for (const content of [tap, xml]) {
    for (const width of WIDTHS) {
      const text = draw(content, width).map(stripSgr).join("\n");
      assert(text.includes("␛") && /red|name/.test(text), text);
    }
  }
  // Character references to controls: the XML parser drops them; nothing raw comes out either.
  draw('<testsuite><testcase name="&#x1b;[31mred"/></testsuite>', 40);
});

Deno.test("render() refuses malformed XML with its line, and text that is no report", () => {
  const err = assertWeftError(
    () =>
      render({ content: "<testsuite>\n<testcase name='a'>\n</testsuite>", width: 80, height: 10 }),
    "INVALID_INPUT",
  );
  assert(/line \d/.test(err.message), err.message);
  assertWeftError(
    () => render({ content: "hello world\n", width: 80, height: 10 }),
    "INVALID_INPUT",
  );
  assertWeftError(
    () => render({ content: "<html><body/></html>", width: 80, height: 10 }),
    "INVALID_INPUT",
  );
});

Deno.test("render() takes a huge TAP stream and lists a bounded number of tests", () => {
  const lines = ["TAP version 14"];
  for (let i = 1; i <= 100_000; i++) {
    lines.push(i % 1000 ? `ok ${i} - test ${i}` : `not ok ${i} - test ${i}`);
  }
  const out = draw(lines.join("\n") + "\n", 120);
  assert(out.length < 12_000);
  assertEquals(stripSgr(out.at(-1)!), "… 94900 more tests");
  assert(stripSgr(out[0]!).includes("100 failed · 99900 passed"));
});

Deno.test("render() keeps a long test name inside the width with its duration", () => {
  const xml = `<testsuite><testcase name="${"long ".repeat(40)}" time="1.5"/></testsuite>`;
  const line = stripSgr(draw(xml, 40).at(-1)!);
  assert(line.endsWith(" 1.50 s") && line.includes("…"), line);
});
