import { deepStrictEqual, equal } from "node:assert/strict";
import fc from "fast-check";
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

/** Characters a shell cares about, and some it does not. */
const tricky = fc.constantFrom(..."aZ9 \t\n'\"\\$`&;|<>()*?[]{}!#~=-/.é\x01");

/** POSIX single quotes: what Claude Code's quoting amounts to for any word. */
const quote = (w: string) => `'${w.replaceAll("'", `'\\''`)}'`;

Deno.test("plainCommand() gives back any quoted cwd, variables and argv; never throws", () => {
  const word = fc.string({ unit: tricky, maxLength: 12 });
  const program = word.filter((w) =>
    w !== "" && !w.startsWith("-") && w !== "exec" && w !== "env" && !/^[A-Za-z_]\w*=/.test(w)
  );
  const name = fc.constantFrom("A", "b_1", "_X", "CLAUDECODE", "MATE_MARK");
  fc.assert(
    fc.property(
      fc.option(word.filter((w) => w !== ""), { nil: undefined }),
      fc.dictionary(name, word, { maxKeys: 4 }),
      program,
      fc.array(word, { maxLength: 6 }),
      (cwd, env, prog, args) => {
        const vars = Object.entries(env).map(([k, v]) => `${k}=${quote(v)}`);
        const line = (cwd === undefined ? "" : `cd ${quote(cwd)} && `) +
          ["env", ...vars, ...[prog, ...args].map(quote)].join(" ");
        deepStrictEqual(plainCommand(line), {
          ...(cwd === undefined ? {} : { cwd }),
          env: { ...env },
          argv: [prog, ...args],
        });
      },
    ),
  );
  fc.assert(fc.property(fc.string({ unit: tricky, maxLength: 40 }), (s) => {
    const r = plainCommand(s);
    if (r) equal(r.argv.length > 0, true);
  }));
});
