import { deepStrictEqual, equal } from "node:assert/strict";
import { flagValue, plainCommand } from "./plain_command.ts";

Deno.test("plainCommand() reads Claude Code's teammate line as cwd, env and argv", () => {
  // The shape Claude Code 2.1 hands `respawn-pane -k` (its PBa/No quoting).
  const line = "cd '/work/my project' && exec env CLAUDECODE=1 " +
    "CLAUDE_CODE_EXPERIMENTAL_AGENT_TEAMS=1 ANTHROPIC_BASE_URL='http://127.0.0.1:9/x?a=1' " +
    "'/opt/claude code/claude' --agent-id 'bob@team' --agent-name bob --team-name team " +
    '--agent-color blue --parent-session-id "a b\\"c"';
  deepStrictEqual(plainCommand(line), {
    cwd: "/work/my project",
    env: {
      CLAUDECODE: "1",
      CLAUDE_CODE_EXPERIMENTAL_AGENT_TEAMS: "1",
      ANTHROPIC_BASE_URL: "http://127.0.0.1:9/x?a=1",
    },
    argv: [
      "/opt/claude code/claude",
      "--agent-id",
      "bob@team",
      "--agent-name",
      "bob",
      "--team-name",
      "team",
      "--agent-color",
      "blue",
      "--parent-session-id",
      'a b"c',
    ],
  });
  deepStrictEqual(plainCommand("claude x\\ y"), { env: {}, argv: ["claude", "x y"] });
  deepStrictEqual(plainCommand("A='' prog"), { env: { A: "" }, argv: ["prog"] });
});

Deno.test("plainCommand() refuses what a shell would expand or run besides", () => {
  for (
    const line of [
      "claude; rm -rf ~",
      "claude && rm x",
      "cd /x && claude && rm x",
      "cd /x",
      "claude $(id)",
      'claude "$HOME"',
      "claude `id`",
      "claude > /etc/passwd",
      "claude | sh",
      "claude &",
      "claude *",
      "~/claude",
      "claude 'unterminated",
      'claude "unterminated',
      "claude\nrm x",
      "sh -c '{ echo $PPID > \"$1\"/cgroup.procs; } 2>/dev/null' sh /cg; claude",
      "",
      "env",
      "A=1",
      "env -i claude",
    ]
  ) {
    equal(plainCommand(line), null, JSON.stringify(line));
  }
  // Quoted, the same characters are plain text.
  deepStrictEqual(plainCommand("echo '$(id); *'")?.argv, ["echo", "$(id); *"]);
});

Deno.test("flagValue() finds a flag's value in either form", () => {
  equal(flagValue(["claude", "--agent-name", "bob"], "--agent-name"), "bob");
  equal(flagValue(["claude", "--agent-name=bob"], "--agent-name"), "bob");
  equal(flagValue(["claude"], "--agent-name"), undefined);
});
