import { deepStrictEqual as assertEquals } from "node:assert/strict";
import { type AgentKind, AGENTS, guessAgentKind, looksPast, processAgentKind } from "./kind.ts";

const LAUNCHES: [string, AgentKind][] = [
  ["claude", "claude"],
  ["claude --resume abc", "claude"],
  ["/home/u/.local/bin/claude -p hi", "claude"],
  ["env HOME=/x/home claude", "claude"],
  ["env A=/x B=y claude", "claude"],
  ["FOO=/tmp/a claude", "claude"],
  ["npx @anthropic-ai/claude-code", "claude"],
  ["npx -y @anthropic-ai/claude-code@latest --resume", "claude"],
  ["bunx @anthropic-ai/claude-code", "claude"],
  ["npm exec @anthropic-ai/claude-code", "claude"],
  ["node /usr/lib/node_modules/@anthropic-ai/claude-code/cli.js", "claude"],
  ["bun /opt/x/node_modules/@anthropic-ai/claude-code/cli.js", "claude"],
  ["deno run -A npm:@anthropic-ai/claude-code", "claude"],
  ["nice -n 10 claude", "claude"],
  ["bash", "shell"],
  ["bash --norc --noprofile", "shell"],
  ["-bash", "shell"],
  ["/usr/bin/zsh -l", "shell"],
  ["bash -c claude", "shell"],
  ["bash --rcfile /x/rc", "shell"],
  ["sh /tmp/bin/claude", "claude"],
  ["sh ./build.sh", "shell"],
  ["env HOME=/x/home", "program"],
  ["htop", "program"],
  ["sleep 30", "program"],
  ["node", "program"],
  ["npm run dev", "program"],
  ["", "program"],
];

Deno.test("guessAgentKind() sees agents past wrappers, env assignments and shells", () => {
  for (const [line, kind] of LAUNCHES) {
    assertEquals([line, guessAgentKind(line.split(" "))], [line, kind]);
  }
});

Deno.test("guessAgentKind() splits one argv string holding spaces (a title a program set)", () => {
  assertEquals(guessAgentKind(["npm exec @anthropic-ai/claude-code"]), "claude");
  assertEquals(guessAgentKind(["env HOME=/x/home claude"]), "claude");
  assertEquals(guessAgentKind(["claude"]), "claude");
});

Deno.test("processAgentKind() knows Claude Code's native binary by its file and its name", () => {
  const versions = "/home/u/.local/share/claude/versions/2.1.30";
  assertEquals(processAgentKind({ argv: ["2.1.30"], exe: versions, comm: "2.1.30" }), "claude");
  assertEquals(processAgentKind({ argv: [versions, "--resume"], exe: versions }), "claude");
  const npm = "/c/npm/registry.npmjs.org/@anthropic-ai/claude-code-linux-x64/2.1.330/claude";
  assertEquals(processAgentKind({ argv: ["weird-title"], exe: npm, comm: "weird" }), "claude");
  // A #! script named claude: argv is its interpreter's, the kernel names it after the file.
  assertEquals(
    processAgentKind({ argv: ["/bin/sh"], exe: "/usr/bin/dash", comm: "claude" }),
    "claude",
  );
});

Deno.test("processAgentKind() keeps shells and programs what they are", () => {
  assertEquals(processAgentKind({ argv: ["bash"], exe: "/usr/bin/bash", comm: "bash" }), "shell");
  assertEquals(processAgentKind({ argv: ["sleep", "30"], exe: "/usr/bin/sleep" }), "program");
  assertEquals(processAgentKind({ argv: [], exe: null, comm: "kworker" }), "program");
});

Deno.test("looksPast() agrees with guessAgentKind() on what comes before the program", () => {
  const words = [
    "npx",
    "env",
    "node",
    "python3",
    "uvx",
    "bash",
    "-bash",
    "sh",
    "A=/x",
    "--flag",
    "nice",
    ...AGENTS,
    "sleep",
    "cat",
    "10",
    "run",
    "exec",
    "/usr/bin/env",
    "node_modules/@anthropic-ai/claude-code/cli.js",
    "/opt/bin/claude@2.1",
    "deno",
  ];
  for (const word of words) {
    // A word the guess looks past lets the next word (an agent's name) decide.
    const past = guessAgentKind([word, "claude"]) === "claude" &&
      guessAgentKind([word]) !== "claude";
    assertEquals(looksPast(word), past, word);
  }
});
