/**
 * The command lines of the READMEs: every line of every ```sh block of the top README.md and of
 * each folder's README.md, with its file and line number, what it runs and what it is marked
 * with. `tests/readme_test.ts` runs them.
 *
 * A line's trailing `# needs: WHAT` comment (a terminal, Claude Code, ten minutes) marks a
 * command that cannot run in a test: its subcommand and flags are checked instead. A line that
 * is only a comment, or shows output (`# weft: serving …`), is not a command.
 *
 * @module
 */

/** One command line of a README. */
export interface ReadmeLine {
  /** The README, relative to the checkout. */
  file: string;
  /** 1-based line number in that file. */
  line: number;
  /** The command, without its trailing comment. */
  command: string;
  /** What a `# needs: …` comment says it needs; undefined when it runs. */
  needs?: string;
}

/** Folders never searched for READMEs. */
const SKIP = new Set([".git", "node_modules", ".weft", "fixtures"]);

/** Every README.md under `root` (relative paths), the top one first, the rest sorted. */
export function readmeFiles(root: string): string[] {
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const entry of Deno.readDirSync(`${root}/${dir}`)) {
      const rel = dir ? `${dir}/${entry.name}` : entry.name;
      if (entry.isDirectory && !SKIP.has(entry.name)) walk(rel);
      else if (entry.isFile && entry.name === "README.md") found.push(rel);
    }
  };
  walk("");
  return found.sort((a, b) => a === "README.md" ? -1 : b === "README.md" ? 1 : a.localeCompare(b));
}

/**
 * The command lines of the ```sh blocks of one README's text (continued lines joined).
 *
 * @example
 * ```ts
 * import { shLines } from "./readme_lines.ts";
 * const text = "```sh\nweft ls   # panes\nweft attach  # needs: a terminal\n```\n";
 * const [ls, attach] = shLines("README.md", text);
 * console.assert(ls!.command === "weft ls" && attach!.needs === "a terminal");
 * ```
 */
export function shLines(file: string, text: string): ReadmeLine[] {
  const lines: ReadmeLine[] = [];
  let inSh = false;
  let pending = "";
  let start = 0;
  text.split("\n").forEach((raw, i) => {
    const fence = raw.match(/^\s*```(\S*)/);
    if (fence) {
      inSh = !inSh && fence[1] === "sh";
      return;
    }
    if (!inSh) return;
    if (!pending) start = i + 1;
    if (raw.endsWith("\\")) {
      pending += raw.slice(0, -1) + " ";
      return;
    }
    const whole = pending + raw;
    pending = "";
    const { command, comment } = splitComment(whole);
    if (!command.trim()) return;
    const needs = comment.match(/needs:\s*(.+)$/)?.[1]?.trim();
    lines.push({ file, line: start, command: command.trim(), ...(needs ? { needs } : {}) });
  });
  return lines;
}

/** Splits a shell line at its first `#` that starts a comment (outside quotes, after a blank). */
export function splitComment(line: string): { command: string; comment: string } {
  let quote = "";
  for (let i = 0; i < line.length; i++) {
    const c = line[i]!;
    if (quote) {
      if (c === quote) quote = "";
      else if (c === "\\" && quote === '"') i++;
    } else if (c === "'" || c === '"') quote = c;
    else if (c === "\\") i++;
    else if (c === "#" && (i === 0 || /\s/.test(line[i - 1]!))) {
      return { command: line.slice(0, i), comment: line.slice(i + 1).trim() };
    }
  }
  return { command: line, comment: "" };
}

/** Splits a command into words the way the shell would for plain quoting (no expansion). */
export function shellWords(command: string): string[] {
  const words: string[] = [];
  let word: string | undefined;
  let quote = "";
  for (let i = 0; i < command.length; i++) {
    const c = command[i]!;
    if (quote) {
      if (c === quote) quote = "";
      else word = (word ?? "") + c;
    } else if (c === "'" || c === '"') {
      quote = c;
      word ??= "";
    } else if (/\s/.test(c)) {
      if (word !== undefined) words.push(word);
      word = undefined;
    } else if ("|;&()".includes(c)) {
      if (word !== undefined) words.push(word);
      word = undefined;
      words.push(c);
    } else word = (word ?? "") + c;
  }
  if (word !== undefined) words.push(word);
  return words;
}

/**
 * The `weft` invocations in a command: for each, the words after `weft` up to a shell operator
 * or `--` (`claude mcp add weft -- weft mcp` holds one: `["mcp"]`; `weft` alone is `[]`).
 */
export function weftInvocations(command: string): string[][] {
  const words = shellWords(command);
  const found: string[][] = [];
  words.forEach((w, i) => {
    const next = words[i + 1];
    if (w !== "weft" || next?.startsWith("-")) return;
    const rest: string[] = [];
    for (const word of words.slice(i + 1)) {
      if (word === "--" || "|;&()".includes(word)) break;
      rest.push(word);
    }
    found.push(rest);
  });
  return found;
}
