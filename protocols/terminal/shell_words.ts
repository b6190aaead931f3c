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

/** Words a shell runs itself: no program on PATH is looked for. */
const SHELL_OWN = new Set(
  (". : [ [[ ! { alias bg bind break builtin caller case cd command compgen complete continue " +
    "coproc declare dirs disown do done echo elif else enable esac eval exec exit export false " +
    "fc fg fi for function getopts hash help history if jobs kill let local logout mapfile " +
    "popd printf pushd pwd read readarray readonly return select set shift shopt source " +
    "suspend test then time times trap true type typeset ulimit umask unalias unset until " +
    "wait while").split(" "),
);

/**
 * The program a shell line starts with, when it plainly names one: the first word of its first
 * command, after any `NAME=value` words; undefined when the shell runs it itself (a builtin or a
 * keyword) or when the line is more than words there (a substitution, a glob, a subshell).
 *
 * @example
 * ```ts
 * import { firstProgram } from "./shell_words.ts";
 * console.assert(firstProgram("FOO=1 make -j4 && make test") === "make");
 * console.assert(firstProgram("cd src && claude") === undefined);
 * console.assert(firstProgram("$EDITOR notes") === undefined);
 * ```
 */
export function firstProgram(line: string): string | undefined {
  const first = /^[^|&;\n]*/.exec(line)![0];
  const words = shellWords(first);
  const word = words?.find((w) => !/^[A-Za-z_][A-Za-z0-9_]*=/.test(w));
  return word && !SHELL_OWN.has(word) ? word : undefined;
}
