import { deepStrictEqual, strictEqual } from "node:assert/strict";
import { recorded, recordedStyled } from "./_testing.ts";
import { ScreenDetector } from "./screen_detector.ts";

const brief = (commands: { name: string; attrs: Record<string, string>; content?: string }[]) =>
  commands.map((c) => ({
    name: c.name,
    attrs: c.attrs,
    ...(c.content === undefined ? {} : { content: c.content }),
  }));

const EXPECTED = [
  {
    name: "spawn",
    attrs: {
      cmd: "npm run test -- --reporter=verbose --watch=false",
      cwd: "./packages/core",
      name: "unit-tests",
      direction: "vertical",
      ratio: "0.35",
    },
  },
  {
    name: "input",
    attrs: { target: "unit-tests", submit: "true" },
    content: 'make check && echo "all good"\nexit',
  },
];

Deno.test("ScreenDetector.scan() finds each command once however often it is redrawn", () => {
  const detector = new ScreenDetector();
  const screen = recorded("claude_message_60.txt");
  deepStrictEqual(brief(detector.scan(screen, { width: 60 }).commands), EXPECTED);
  for (let i = 0; i < 5; i++) strictEqual(detector.scan(screen, { width: 60 }).commands.length, 0);
});

Deno.test("ScreenDetector.scan() does not run a message again after a resize redraws it", () => {
  const detector = new ScreenDetector();
  deepStrictEqual(
    brief(detector.scan(recorded("claude_message_200.txt"), { width: 200 }).commands),
    EXPECTED,
  );
  strictEqual(detector.scan(recorded("claude_message_60.txt"), { width: 60 }).commands.length, 0);
  strictEqual(detector.scan(recorded("claude_message_80.txt"), { width: 80 }).commands.length, 0);
});

Deno.test("ScreenDetector.scan() runs a tag once it is complete while the message streams in", () => {
  const detector = new ScreenDetector();
  const full = recorded("claude_message_60.txt");
  const start = full.findIndex((l) => l.startsWith("● "));
  const seen = [];
  for (let end = start; end <= full.length; end++) {
    seen.push(...detector.scan(full.slice(0, end), { width: 60 }).commands);
  }
  deepStrictEqual(brief(seen), EXPECTED);
});

Deno.test("ScreenDetector.scan() runs an identical tag again in a new message", () => {
  const detector = new ScreenDetector();
  const one = ['● Done: <weft:status state="done"/>'];
  strictEqual(detector.scan(one, { width: 80 }).commands.length, 1);
  const two = [...one, "", "❯ again", "", '● Done: <weft:status state="done"/>'];
  strictEqual(detector.scan(two, { width: 80 }).commands.length, 1);
  strictEqual(detector.scan(two, { width: 80 }).commands.length, 0);
  // The first message scrolls out of the history: nothing runs again.
  strictEqual(detector.scan(two.slice(2), { width: 80 }).commands.length, 0);
});

Deno.test("ScreenDetector.scan() finds nothing in a tool's output or the user's prompt", () => {
  const detector = new ScreenDetector();
  const scan = detector.scan(recorded("claude_decoy_verbose_80.txt"), { width: 80 });
  deepStrictEqual(scan, { commands: [], errors: [] });
});

Deno.test("ScreenDetector.scan() reports a malformed tag once and an unfinished one not at all", () => {
  const detector = new ScreenDetector();
  const lines = ['● Oops <weft:spawn cmd=make/> and <weft:spawn cmd="still streami'];
  const first = detector.scan(lines, { width: 80 });
  deepStrictEqual(first.errors.map((e) => e.reason), ['the value of "cmd" must be quoted']);
  deepStrictEqual(detector.scan(lines, { width: 80 }), { commands: [], errors: [] });
});

Deno.test("ScreenDetector.scan() leaves a tag drawn as code alone when colours are known", () => {
  const styled = recordedStyled("claude_markdown_ansi_60.txt");
  deepStrictEqual(brief(new ScreenDetector().scan(styled, { width: 60 }).commands), [
    { name: "list", attrs: {} },
    { name: "status", attrs: { state: "working" } },
    {
      name: "status",
      attrs: {
        state: "working",
        msg: "in a list item that is long enough to wrap around the width",
      },
    },
  ]);
  // Without colours, code cannot be told from prose.
  const plain = new ScreenDetector().scan(styled.map((l) => l.text), { width: 60 });
  strictEqual(plain.commands.length, 5);
});
