/**
 * Guesses what kind of program a pane runs, so agents get agent treatment (sideband, state):
 * from the command a pane is launched with, and from the process that runs in its foreground.
 * The vendors' package and program names are theirs (`table.ts`); the wrappers and shells looked
 * past are here.
 *
 * @module
 */

import { VENDORS } from "./table.ts";

/** A pane's agent kind: a vendor's, `shell` for shells, `program` for anything else. */
export type AgentKind = typeof VENDORS[number]["kind"] | "shell" | "program";

/** The kinds weft knows: the vendors' (in the table's order), then `shell` and `program`. */
export const AGENT_KINDS: readonly [AgentKind, ...AgentKind[]] = [
  VENDORS[0].kind,
  ...VENDORS.slice(1).map((v) => v.kind),
  "shell",
  "program",
];

/** The kinds that are coding agents (the others are `shell` and `program`). */
export const AGENTS: ReadonlySet<AgentKind> = new Set(VENDORS.map((v) => v.kind));

const SHELL = /^(ba|z|fi|k|tc|c|da|a|nu|x)?sh$/;
/** Programs that run another one named after them: launchers, runtimes and interpreters. */
const WRAPPER =
  /^(env|exec|command|nice|nohup|setsid|stdbuf|time|timeout|sudo|doas|npx|pnpx|bunx|npm|pnpm|yarn|bun|deno|node|nodejs|uv|uvx|pipx|python[\d.]*|ruby|perl)$/;
/** A wrapper's subcommand that comes before what it runs (`npm exec`, `bun x`, `deno run`). */
const SUBCOMMANDS = new Set(["exec", "dlx", "x", "run", "tool"]);
/** A shell option whose value is the next word. */
const SHELL_OPTIONS_WITH_VALUE = new Set(["--rcfile", "--init-file", "-o", "-O"]);
const ENV_ASSIGNMENT = /^[A-Za-z_][A-Za-z0-9_]*=/;

/**
 * The agent kind for an argv: looks past wrappers (`npx`, `env A=/x`, `node`, `python -m`) and
 * through a shell running a script (an agent's, else `shell`); a shell alone or with `-c` is
 * `shell`. One argv string
 * holding spaces (a command line, or a title a program set itself) is split into words.
 *
 * @example
 * ```ts
 * import { guessAgentKind } from "./kind.ts";
 * console.assert(guessAgentKind(["npx", "claude", "--resume"]) === "claude");
 * console.assert(guessAgentKind(["env", "HOME=/x/home", "claude"]) === "claude");
 * console.assert(guessAgentKind(["node", "/usr/lib/node_modules/@openai/codex/bin/codex.js"]) === "codex");
 * console.assert(guessAgentKind(["bash"]) === "shell");
 * ```
 */
export function guessAgentKind(argv: readonly string[]): AgentKind {
  return kindOfWords(argv.length === 1 ? argv[0]!.trim().split(/\s+/) : argv);
}

function kindOfWords(words: readonly string[]): AgentKind {
  let shell = false;
  let wrapped = false;
  for (let i = 0; i < words.length; i++) {
    // A login shell's argv[0] is `-bash`.
    const word = i === 0 ? words[i]!.replace(/^-/, "") : words[i]!;
    for (const v of VENDORS) if (v.recognise.packages.some((re) => re.test(word))) return v.kind;
    if (ENV_ASSIGNMENT.test(word)) continue;
    if (word.startsWith("-")) {
      if (shell && /^-[a-z]*c[a-z]*$/.test(word)) return "shell"; // bash -c '…', sh -lc '…'
      if (shell && SHELL_OPTIONS_WITH_VALUE.has(word)) i++;
      continue;
    }
    const base = baseName(word);
    for (const v of VENDORS) if (v.recognise.names.test(base)) return v.kind;
    if (SHELL.test(base)) shell = true;
    else if (WRAPPER.test(base) || (wrapped && SUBCOMMANDS.has(base))) wrapped = true;
    else if (wrapped && /^\d+[smhd]?$/.test(base)) continue; // nice -n 10, timeout 5m
    else return shell ? "shell" : "program"; // a shell running a script stays a shell
  }
  return shell ? "shell" : "program";
}

/** A word's program name: its base name without an npm `@version`. */
function baseName(word: string): string {
  return word.slice(word.lastIndexOf("/") + 1).replace(/(.)@[^@]*$/, "$1");
}

/**
 * Whether the kind guess looks past `word`, as the first word of a command, to the program
 * after it: a wrapper (`npx`, `env`, `node`), a shell, an assignment (`A=b`) or a flag; not a
 * vendor's program or package.
 *
 * @example
 * ```ts
 * import { looksPast } from "./kind.ts";
 * console.assert(looksPast("npx") && looksPast("A=/x") && looksPast("bash"));
 * console.assert(!looksPast("codex") && !looksPast("sleep"));
 * ```
 */
export function looksPast(word: string): boolean {
  const w = word.replace(/^-/, ""); // a login shell's argv[0] is `-bash`
  if (VENDORS.some((v) => v.recognise.packages.some((re) => re.test(w)))) return false;
  if (ENV_ASSIGNMENT.test(w) || w.startsWith("-")) return true;
  const base = baseName(w);
  if (VENDORS.some((v) => v.recognise.names.test(base))) return false;
  return SHELL.test(base) || WRAPPER.test(base);
}

/** What {@link processAgentKind} looks at: a process as `/proc` shows it. */
export interface ProcessFacts {
  argv: readonly string[];
  /** The executable's path (`/proc/PID/exe`). */
  exe?: string | null;
  /** The kernel's name for it (`/proc/PID/comm`): a `#!` script's own name, a binary's file name. */
  comm?: string;
}

/**
 * The agent kind of a running process: its argv first ({@link guessAgentKind}), then its
 * executable (Claude Code's native binary is a file named after its version, and may rename
 * itself), then its kernel name (a script started through its interpreter).
 *
 * @example
 * ```ts
 * import { processAgentKind } from "./kind.ts";
 * const native = { argv: ["2.1.30"], exe: "/home/u/.local/share/claude/versions/2.1.30" };
 * console.assert(processAgentKind(native) === "claude");
 * console.assert(processAgentKind({ argv: ["sleep", "30"], exe: "/usr/bin/sleep" }) === "program");
 * ```
 */
export function processAgentKind(process: ProcessFacts): AgentKind {
  const byArgv = guessAgentKind(process.argv);
  if (AGENTS.has(byArgv)) return byArgv;
  for (const word of [process.exe, process.comm]) {
    if (!word) continue;
    const kind = kindOfWords([word]);
    if (AGENTS.has(kind)) return kind;
  }
  return byArgv;
}
