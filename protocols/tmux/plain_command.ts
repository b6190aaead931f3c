/**
 * A shell command line read as a plain program start, without a shell: Claude Code hands its
 * teammates to tmux as one line, `cd DIR && [exec] env K=V … PROGRAM ARGS…`, each word quoted
 * the POSIX way. The tmux shim runs a teammate on another host from what this returns (an argv, a
 * directory and variables), so no shell there ever reads the line. Anything a shell would expand
 * or run besides (`$`, backquotes, `;`, `|`, redirections, globs, `~`, a second `&&`) is refused.
 *
 * @module
 */

/** A command line as a program start. */
export interface PlainCommand {
  /** The `cd DIR &&` before it, if any. */
  cwd?: string;
  /** The `K=V` words before the program (with or without `env`). */
  env: Record<string, string>;
  /** The program and its arguments, quotes removed. */
  argv: string[];
}

/** Characters a shell treats specially outside quotes. */
const SPECIAL = new Set([..."$`;|&<>()*?[]{}!#~\n\r"]);
/** In double quotes, what a shell still expands. */
const EXPANDS_IN_DOUBLE = new Set(["$", "`"]);
const ASSIGNMENT = /^[A-Za-z_][A-Za-z0-9_]*=/;

type Token = { word: string } | { and: true };

/** The line's words and `&&`s, quotes removed; null when a shell would do more than split it. */
function tokens(line: string): Token[] | null {
  const out: Token[] = [];
  let word: string | null = null;
  for (let i = 0; i < line.length; i++) {
    const c = line[i]!;
    if (c === " " || c === "\t") {
      if (word !== null) out.push({ word });
      word = null;
    } else if (c === "&" && line[i + 1] === "&" && word === null) {
      out.push({ and: true });
      i++;
    } else if (c === "'") {
      const end = line.indexOf("'", i + 1);
      if (end < 0) return null;
      word = (word ?? "") + line.slice(i + 1, end);
      i = end;
    } else if (c === '"') {
      let text = "";
      for (i++; i < line.length && line[i] !== '"'; i++) {
        const d = line[i]!;
        if (EXPANDS_IN_DOUBLE.has(d)) return null;
        if (d === "\\" && i + 1 < line.length && '"\\$`'.includes(line[i + 1]!)) {
          text += line[++i];
        } else if (d === "\\" && line[i + 1] === "\n") i++;
        else text += d;
      }
      if (i >= line.length) return null;
      word = (word ?? "") + text;
    } else if (c === "\\") {
      if (i + 1 >= line.length || line[i + 1] === "\n") return null;
      word = (word ?? "") + line[++i];
    } else if (SPECIAL.has(c) || c.charCodeAt(0) < 0x20) {
      return null;
    } else {
      word = (word ?? "") + c;
    }
  }
  if (word !== null) out.push({ word });
  return out;
}

/**
 * Reads `[cd DIR &&] [exec] [env] [K=V…] PROGRAM [ARGS…]`; null for any other line.
 *
 * @example
 * ```ts
 * import { plainCommand } from "./plain_command.ts";
 * const c = plainCommand("cd '/my dir' && env CLAUDECODE=1 '/bin/claude' --agent-name bob");
 * console.assert(c?.cwd === "/my dir" && c.env.CLAUDECODE === "1");
 * console.assert(c?.argv.join(" ") === "/bin/claude --agent-name bob");
 * console.assert(plainCommand("claude; rm -rf ~") === null);
 * ```
 */
export function plainCommand(line: string): PlainCommand | null {
  const list = tokens(line);
  if (!list) return null;
  const words: string[] = [];
  let cwd: string | undefined;
  const first = list[0];
  const second = list[1];
  const third = list[2];
  let rest = list;
  if (first && "word" in first && first.word === "cd") {
    if (!second || !("word" in second) || !third || !("and" in third)) return null;
    cwd = second.word;
    rest = list.slice(3);
  }
  for (const t of rest) {
    if (!("word" in t)) return null;
    words.push(t.word);
  }
  if (words[0] === "exec") words.shift();
  if (words[0] === "env") words.shift();
  const env: Record<string, string> = {};
  while (words[0] !== undefined && ASSIGNMENT.test(words[0])) {
    const w = words.shift()!;
    const at = w.indexOf("=");
    env[w.slice(0, at)] = w.slice(at + 1);
  }
  if (!words.length || words[0] === "" || words[0]!.startsWith("-")) return null;
  if (cwd === "") return null;
  return { ...(cwd === undefined ? {} : { cwd }), env, argv: words };
}

/** The value after `flag` in an argv (`--agent-name bob` → `bob`), if any. */
export function flagValue(argv: readonly string[], flag: string): string | undefined {
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === flag) return argv[i + 1];
    if (argv[i]!.startsWith(`${flag}=`)) return argv[i]!.slice(flag.length + 1);
  }
  return undefined;
}
