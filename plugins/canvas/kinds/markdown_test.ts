import { deepStrictEqual as assertEquals, ok as assert } from "node:assert/strict";
import { render } from "./markdown.ts";
import { assertGolden, assertSafe, WIDTHS } from "./_golden.ts";
import { stripSgr } from "./_row.ts";

const DATA = new URL("./testdata/markdown/", import.meta.url);

function draw(content: string, width: number): string[] {
  const { lines } = render({ content, width, height: 40 });
  assertSafe(lines, width);
  return lines;
}

for (const width of WIDTHS) {
  Deno.test(`render() draws a Markdown document at ${width} columns as its golden`, async () => {
    const content = await Deno.readTextFile(new URL("plan.md.txt", DATA));
    await assertGolden(new URL(`plan.${width}`, DATA), draw(content, width));
  });
}

Deno.test("render() colours fenced code by its language and leaves unknown ones plain", () => {
  const [, ts] = draw("```ts\nconst a = 'x';\n```", 40);
  assert(ts!.includes("\x1b[0;35mconst") && ts!.includes("\x1b[32m'x'"), JSON.stringify(ts));
  const [, plain] = draw("```nosuchlang\nconst a = 1;\n```", 40);
  assertEquals(plain, "\x1b[2m│ \x1b[0mconst a = 1;");
});

Deno.test("render() shows escape sequences in text, code, tables and links as symbols", () => {
  const evil = "\x1b]0;owned\x07\x1b[2J\x9b31m";
  const content =
    `# t${evil}\n\npara ${evil}\n\n\`\`\`js\nlet x = "${evil}";\n\`\`\`\n\n| a |\n|---|\n| ${evil} |\n\n[l${evil}](http://x/${evil})\n\n\`${evil}\`\n\n&#27;[31m`;
  for (const width of WIDTHS) {
    const text = draw(content, width).map(stripSgr).join("\n");
    assert(text.includes("␛]0;owned␇") && text.includes("␛[31m"), text);
  }
});

Deno.test("render() reads the head of a huge document and counts the rest", () => {
  const content = "# Big\n\n" + "a line of text\n".repeat(100_000);
  const started = performance.now();
  const lines = draw(content, 80);
  assert(performance.now() - started < 3000); // generous: the machine is shared
  assertEquals(stripSgr(lines.at(-1)!), "… 95002 more lines");
});

Deno.test("render() survives nesting deeper than marked can follow, and very long lines", () => {
  const quotes = draw("> ".repeat(3_000) + "deep", 40).map(stripSgr);
  assert(quotes[0]!.includes("nested too deeply"), quotes[0]);
  const lists = draw(
    Array.from({ length: 40 }, (_, i) => " ".repeat(i * 2) + "- item").join("\n"),
    40,
  );
  assert(lists.length >= 40);
  const started = performance.now();
  draw("*a".repeat(50_000), 80);
  assert(performance.now() - started < 3000);
});

Deno.test("render() fits a wide table by wrapping its cells", () => {
  const content = "| name | description |\n|---|---|\n| x | " + "word ".repeat(30) + "|\n";
  const lines = draw(content, 40).map(stripSgr);
  assert(lines.length > 4, lines.join("\n"));
  assert(lines.every((l) => l.includes("│") || l.includes("┼")), lines.join("\n"));
});
