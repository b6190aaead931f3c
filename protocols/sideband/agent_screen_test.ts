import { deepStrictEqual, strictEqual } from "node:assert/strict";
import { recorded, recordedStyled } from "./_testing.ts";
import { agentMessages } from "./agent_screen.ts";

const MESSAGE = "Starting the tests in a pane below.\n\n" +
  '<weft:spawn cmd="npm run test -- --reporter=verbose --watch=false" cwd="./packages/core" ' +
  'name="unit-tests" direction="vertical" ratio="0.35"/>\n\nThen typing into it:\n\n' +
  '<weft:input target="unit-tests" submit="true">make check &amp;&amp; echo &quot;all good&quot;\n' +
  "exit</weft:input>\n\nDone.";

for (const width of [60, 80, 200]) {
  Deno.test(`agentMessages() undoes Claude Code's wrapping at ${width} columns`, () => {
    const messages = agentMessages(recorded(`claude_message_${width}.txt`), { width });
    deepStrictEqual(messages.map((m) => m.text), [MESSAGE]);
  });
}

Deno.test("agentMessages() skips tool calls, their output and the user's prompt", () => {
  const lines = recorded("claude_decoy_verbose_80.txt");
  strictEqual(lines.some((l) => l.includes('<weft:spawn cmd="rm -rf /tmp/x"')), true);
  deepStrictEqual(agentMessages(lines, { width: 80 }).map((m) => m.text), [
    "The file holds some tags.",
  ]);
  const typed = ['❯ <weft:spawn cmd="make"/> please', "  and <weft:list />", "", "● Sure."];
  deepStrictEqual(agentMessages(typed, { width: 80 }).map((m) => m.text), ["Sure."]);
});

Deno.test("agentMessages() treats a tool header as a tool call even before its output", () => {
  const lines = [
    "● Bash(echo \"<weft:spawn cmd='x'/>\")",
    "",
    "● weft - list_panes (MCP)(all: true)",
  ];
  deepStrictEqual(agentMessages(lines, { width: 80 }), []);
});

Deno.test("agentMessages() keeps a list item's wrapped text and drops its hanging indent", () => {
  const messages = agentMessages(recordedStyled("claude_markdown_ansi_60.txt"), { width: 60 });
  strictEqual(
    messages[0]!.text.endsWith(
      '- <weft:status state="working" msg="in a list item that is long enough to wrap around the width"/>',
    ),
    true,
  );
});

Deno.test("agentMessages() joins a word longer than the line without a space", () => {
  const long = "a".repeat(58 + 20);
  const lines = ["● xx", `  ${long.slice(0, 58)}`, `  ${long.slice(58)} yy`];
  deepStrictEqual(agentMessages(lines, { width: 60 }).map((m) => m.text), [`xx ${long} yy`]);
});

Deno.test("agentMessages() keeps a break where the next word would have fitted", () => {
  const lines = ["● first line", "  second", "", "    indented"];
  deepStrictEqual(agentMessages(lines, { width: 60 }).map((m) => m.text), [
    "first line\nsecond\n\n  indented",
  ]);
});

Deno.test("agentMessages() marks what was drawn in a colour", () => {
  const [message] = agentMessages(recordedStyled("claude_markdown_ansi_60.txt"), { width: 60 });
  const at = message!.text.indexOf('<weft:focus target="p1"/>');
  strictEqual(message!.coloured?.[at], 1);
  strictEqual(message!.coloured?.[message!.text.indexOf("Plain")], 0);
});

Deno.test("agentMessages() tells whether a message was drawn with colours by its marker", () => {
  const [styled] = agentMessages(recordedStyled("claude_markdown_ansi_60.txt"), { width: 60 });
  strictEqual(styled!.inColour, true);
  const [plain] = agentMessages(recorded("claude_message_60.txt"), { width: 60 });
  strictEqual(plain!.inColour, false);
});
