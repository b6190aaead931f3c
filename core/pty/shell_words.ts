/**
 * Shell words: quoting an argv for a POSIX shell line, and splitting a simple shell line back
 * into words.
 *
 * @module
 */

/**
 * One word for a POSIX shell: bare when safe, else in single quotes (`$'…'` when it holds a
 * newline).
 *
 * @example
 * ```ts
 * import { shellQuote } from "./shell_words.ts";
 * console.assert(shellQuote("a b") === "'a b'" && shellQuote("-x") === "-x");
 * ```
 */
export function shellQuote(word: string): string {
  if (/^[A-Za-z0-9_./:=@%+,-]+$/.test(word)) return word;
  return /[\n\r]/.test(word) ? ansiCQuote(word) : `'${word.replaceAll("'", `'\\''`)}'`;
}

/**
 * `$'…'` quoting (bash, zsh, ksh): the text comes back byte for byte.
 *
 * @example
 * ```ts
 * import { ansiCQuote } from "./shell_words.ts";
 * console.assert(ansiCQuote("a\nb") === "$'a\\nb'");
 * ```
 */
export function ansiCQuote(text: string): string {
  return `$'${
    text.replace(/\\/g, "\\\\").replace(/'/g, "\\'").replace(/\n/g, "\\n").replace(/\r/g, "\\r")
  }'`;
}

/**
 * Splits a shell line made only of words (quotes and backslashes allowed) into those words;
 * undefined when it holds anything a shell would do more with: pipes, lists, redirections,
 * substitutions, globs, comments.
 *
 * @example
 * ```ts
 * import { shellWords } from "./shell_words.ts";
 * console.assert(shellWords(`claude --model 'x y'`)!.join("|") === "claude|--model|x y");
 * console.assert(shellWords("claude | tee log") === undefined);
 * ```
 */
export function shellWords(line: string): string[] | undefined {
  const words: string[] = [];
  let word: string | undefined;
  for (let i = 0; i < line.length; i++) {
    const c = line[i]!;
    if (c === " " || c === "\t") {
      if (word !== undefined) words.push(word);
      word = undefined;
    } else if (c === "'") {
      const end = line.indexOf("'", i + 1);
      if (end < 0) return undefined;
      word = (word ?? "") + line.slice(i + 1, end);
      i = end;
    } else if (c === '"') {
      let text = "";
      for (i++; i < line.length && line[i] !== '"'; i++) {
        if ("$`".includes(line[i]!)) return undefined;
        if (line[i] === "\\" && '"\\$`\n'.includes(line[i + 1] ?? "")) i++;
        text += line[i];
      }
      if (i >= line.length) return undefined;
      word = (word ?? "") + text;
    } else if (c === "\\") {
      if (i + 1 >= line.length || line[i + 1] === "\n") return undefined;
      word = (word ?? "") + line[++i];
    } else if (/[|&;<>()$`*?[\]#~{}\n\r]/.test(c)) {
      return undefined;
    } else word = (word ?? "") + c;
  }
  if (word !== undefined) words.push(word);
  return words;
}
