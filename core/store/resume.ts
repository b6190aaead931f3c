/**
 * The command that brings an agent back inside its conversation: Claude Code with
 * `--resume <session_id>` (or `--continue`), Codex with `codex resume <id>` (or `--last`), with
 * the flags the pane was started with. A prompt given on the first start is never sent again,
 * so positional words are dropped; a flag's value is kept when the flag is known to take one.
 *
 * @module
 */

import { shellQuote, shellWords } from "../pty/shell_words.ts";
import { guessAgentKind } from "../model/agent_kind.ts";

/**
 * Which conversation: the agent's own id, its latest one in the directory, or a new one (the
 * same flags without the first prompt).
 */
export type ResumeTarget = { session: string } | { latest: true } | { none: true };

interface AgentFlags {
  /** Flags that take a value (the next word, unless it is a flag). */
  value: ReadonlySet<string>;
  /** Flags that take every following word up to the next flag. */
  variadic: ReadonlySet<string>;
  /** Flags (with their value, when they take one) that pick a conversation: dropped. */
  drop: ReadonlySet<string>;
}

const CLAUDE: AgentFlags = {
  value: new Set([
    "--agent",
    "--agents",
    "--append-system-prompt",
    "--append-system-prompt-file",
    "--debug",
    "--fallback-model",
    "--file",
    "--input-format",
    "--json-schema",
    "--max-budget-usd",
    "--max-thinking-tokens",
    "--max-turns",
    "--model",
    "--output-format",
    "--permission-mode",
    "--permission-prompt-tool",
    "--plugin-dir",
    "--resume",
    "-r",
    "--session-id",
    "--setting-sources",
    "--settings",
    "--system-prompt",
    "--system-prompt-file",
  ]),
  variadic: new Set([
    "--add-dir",
    "--allowedTools",
    "--allowed-tools",
    "--betas",
    "--disallowedTools",
    "--disallowed-tools",
    "--mcp-config",
    "--tools",
  ]),
  drop: new Set(["--resume", "-r", "--continue", "-c", "--session-id", "--fork-session"]),
};

const CODEX: AgentFlags = {
  value: new Set([
    "-m",
    "--model",
    "-p",
    "--profile",
    "-c",
    "--config",
    "-s",
    "--sandbox",
    "-a",
    "--ask-for-approval",
    "-C",
    "--cd",
    "-i",
    "--image",
    "--add-dir",
    "--local-provider",
  ]),
  variadic: new Set(),
  drop: new Set(["--last", "--all"]),
};

/**
 * The argv that resumes the agent a pane ran, or undefined when it cannot be built (not an
 * agent weft knows to resume, a shell line with pipes or substitutions, a non-interactive run
 * such as `claude -p` or `codex exec`). A shell line (`bash -c "claude …"`) stays one: the
 * words are rewritten and quoted again.
 *
 * @example
 * ```ts
 * import { resumeArgv } from "./resume.ts";
 * const argv = resumeArgv(["claude", "--model", "opus", "fix the bug"], { session: "abc" });
 * console.assert(argv!.join(" ") === "claude --resume abc --model opus");
 * ```
 */
export function resumeArgv(argv: readonly string[], target: ResumeTarget): string[] | undefined {
  const n = argv.length;
  if (n >= 3 && argv[n - 2] === "-c" && guessAgentKind([argv[0]!]) === "shell") {
    const words = shellWords(argv[n - 1]!);
    const resumed = words && resumeWords(words, target);
    return resumed && [...argv.slice(0, n - 1), resumed.map(shellQuote).join(" ")];
  }
  return resumeWords(argv, target);
}

function resumeWords(argv: readonly string[], target: ResumeTarget): string[] | undefined {
  const at = agentIndex(argv);
  if (at < 0) return undefined;
  const kind = guessAgentKind([argv[at]!]);
  const prefix = argv.slice(0, at + 1);
  const rest = argv.slice(at + 1);
  if (kind === "claude") {
    if (rest.some((a) => a === "-p" || a === "--print")) return undefined;
    const pick = "session" in target
      ? ["--resume", target.session]
      : "latest" in target
      ? ["--continue"]
      : [];
    return [...prefix, ...pick, ...flagsOnly(rest, CLAUDE)];
  }
  if (kind === "codex") {
    const words = rest[0] === "resume" ? rest.slice(1) : rest;
    if (words[0] && !words[0].startsWith("-")) {
      // Another subcommand (exec, login, mcp, …) is not a conversation to resume.
      if (rest[0] !== "resume") return undefined;
    }
    const pick = "session" in target
      ? ["resume", target.session]
      : "latest" in target
      ? ["resume", "--last"]
      : [];
    return [...prefix, ...pick, ...flagsOnly(words, CODEX)];
  }
  return undefined;
}

/** Where the agent program sits in an argv, past wrappers (`env A=b`, `npx`, `node`). */
function agentIndex(argv: readonly string[]): number {
  for (let i = 0; i < argv.length; i++) {
    const word = argv[i]!;
    const kind = guessAgentKind([word]);
    if (kind === "claude" || kind === "codex") return i;
    // A wrapper is a word the kind guess looks past: a flag, `A=b`, `npx`, `node`, ….
    const wrapper = word.startsWith("-") || /^[A-Za-z_][A-Za-z0-9_]*=/.test(word) ||
      guessAgentKind([word, "claude"]) === "claude";
    if (!wrapper) return -1;
  }
  return -1;
}

/** The flags of `args` with their values, without positional words and dropped flags. */
function flagsOnly(args: readonly string[], flags: AgentFlags): string[] {
  const out: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (arg === "--") break;
    if (!arg.startsWith("-") || arg === "-") continue;
    const [name] = arg.split("=", 1) as [string];
    const values: string[] = [];
    if (!arg.includes("=")) {
      const many = flags.variadic.has(name);
      while ((many || flags.value.has(name)) && isValue(args[i + 1])) {
        values.push(args[++i]!);
        if (!many) break;
      }
    }
    if (!flags.drop.has(name)) out.push(arg, ...values);
  }
  return out;
}

function isValue(word: string | undefined): boolean {
  return word !== undefined && (!word.startsWith("-") || word === "-" || /^-\d/.test(word));
}
