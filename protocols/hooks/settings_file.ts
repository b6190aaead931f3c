/**
 * weft's hook entries in a vendor's settings file, as text in and text out, so that
 * `weft hooks install|uninstall|status` treats every vendor alike: a JSON file of Claude Code's
 * shape (Claude Code, the Gemini CLI: {@link jsonHookFile}) or a TOML file where weft's tables
 * sit in one delimited block (Codex's `config.toml`: {@link tomlHookBlock}). Each keeps the
 * user's own entries as they are, installing twice is installing once, and a file it cannot read
 * is refused with a {@link HookFileError} (the caller then leaves it as it was). Pure.
 *
 * @module
 */

import { type HookEntries, hookStatus, installHooks, uninstallHooks } from "./claude_settings.ts";

/** weft's entries in one file: all there and current, there but older or partial, or none. */
export type HookState = "installed" | "outdated" | "missing";

/** A settings file weft will not change (not JSON, not TOML, not the shape it expects). */
export class HookFileError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "HookFileError";
  }
}

/**
 * How weft's entries go in and out of one kind of settings file. `undefined` text is no file;
 * a result of `undefined` means the file held nothing but weft's entries and can go.
 */
export interface HookFileFormat {
  /** The text with weft's entries (the same text when they are there and current). */
  install: (text: string | undefined) => string;
  /** The text without weft's entries, and how many entries went. */
  uninstall: (text: string | undefined) => { text: string | undefined; removed: number };
  /** Whether the text holds weft's entries. */
  status: (text: string | undefined) => HookState;
}

/**
 * Where a vendor's settings live and how weft's entries go in and out (`weft hooks`).
 * Paths are plain strings; `~` is never expanded.
 */
export interface HookSettings extends HookFileFormat {
  /**
   * Its project-level files, relative to the project's directory, most specific first; the
   * first is where `weft hooks install` writes. None: it has user settings only.
   */
  project?: readonly string[];
  /** Its user-level file, from the environment (`HOME`, a vendor's own variable). */
  user: (env: (name: string) => string | undefined) => string;
  /** What the user must still do before the hooks run (said after installing). */
  review?: string;
}

/**
 * A JSON settings file whose `hooks` has Claude Code's shape, with weft's `entries`.
 *
 * @example
 * ```ts
 * import { jsonHookFile } from "./settings_file.ts";
 * const file = jsonHookFile({ Stop: { type: "command", command: "x # weft hooks" } });
 * const text = file.install('{"model":"m"}');
 * console.assert(file.status(text) === "installed" && file.install(text) === text);
 * console.assert(file.uninstall(text).text === '{\n  "model": "m"\n}\n');
 * ```
 */
export function jsonHookFile(entries: HookEntries): HookFileFormat {
  return {
    install(text) {
      const before = readJson(text);
      const after = guard(() => installHooks(before, entries));
      return text !== undefined && same(before, after) ? text : show(after);
    },
    uninstall(text) {
      const before = readJson(text);
      const { settings, removed } = guard(() => uninstallHooks(before));
      if (!removed) return { text, removed };
      return { text: Object.keys(settings).length ? show(settings) : undefined, removed };
    },
    status(text) {
      const { installed, current } = guard(() => hookStatus(readJson(text), entries));
      return current ? "installed" : installed.length ? "outdated" : "missing";
    },
  };
}

function readJson(text: string | undefined): unknown {
  if (text === undefined || !text.trim()) return {};
  try {
    return JSON.parse(text);
  } catch (err) {
    throw new HookFileError(`it is not JSON (${(err as Error).message})`);
  }
}

function guard<T>(change: () => T): T {
  try {
    return change();
  } catch (err) {
    if (err instanceof TypeError) throw new HookFileError(err.message);
    throw err;
  }
}

function same(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

function show(settings: unknown): string {
  return JSON.stringify(settings, null, 2) + "\n";
}

/** The first line of weft's block in a TOML file. */
export const TOML_BEGIN = "# >>> weft hooks: `weft hooks install` writes this block, " +
  "`weft hooks uninstall` removes it >>>";
/** The last line of weft's block. */
export const TOML_END = "# <<< weft hooks <<<";

/** A table header that is weft's: `[[hooks.Stop]]`, `[[hooks.Stop.hooks]]`. */
const OURS = /^\s*\[\[\s*hooks\.[A-Za-z]+(?:\.hooks)?\s*\]\]\s*(?:#.*)?$/;
const HEADER = /^\s*\[/;

/**
 * A TOML file where weft's `tables` (array-of-table entries under `hooks`) sit in one block
 * between {@link TOML_BEGIN} and {@link TOML_END}, appended at its end: the rest of the file,
 * comments included, is never rewritten. A table the program itself wrote into the block (Codex
 * records the hooks it trusts as `[hooks.state."…"]`, and its editor may put them there) is
 * kept, outside the block, when weft's tables go. A file that is not TOML, or that would not be
 * with weft's block (its own `hooks.<Event>` written as an inline array), is refused.
 *
 * @example
 * ```ts
 * import { parse } from "smol-toml";
 * import { tomlHookBlock, useTomlParser } from "./settings_file.ts";
 * useTomlParser(parse);
 * const file = tomlHookBlock('[[hooks.Stop]]\n[[hooks.Stop.hooks]]\ncommand = "x # weft hooks"\n');
 * const text = file.install('# mine\nmodel = "m"\n');
 * console.assert(file.status(text) === "installed" && file.install(text) === text);
 * console.assert(file.uninstall(text).text === '# mine\nmodel = "m"\n');
 * ```
 */
export function tomlHookBlock(tables: string): HookFileFormat {
  const body = tables.endsWith("\n") ? tables : `${tables}\n`;
  const block = `${TOML_BEGIN}\n${body}${TOML_END}\n`;
  return {
    install(text) {
      readToml(text);
      if (text !== undefined && split(text).block === block) return text;
      const { rest } = split(text ?? "");
      const base = rest.trimEnd();
      const after = `${base ? `${base}\n\n` : ""}${block}`;
      readToml(after, "with weft's hooks appended");
      return after;
    },
    uninstall(text) {
      readToml(text);
      if (text === undefined) return { text, removed: 0 };
      const { rest, block: found, found: count } = split(text);
      if (found === undefined) return { text, removed: 0 };
      return { text: rest.trim() ? rest : undefined, removed: count };
    },
    status(text) {
      readToml(text);
      const { block: found } = split(text ?? "");
      return found === undefined ? "missing" : found === block ? "installed" : "outdated";
    },
  };
}

/**
 * The TOML parser {@link tomlHookBlock} checks files with. The door that writes the files
 * (`weft hooks`) gives it (`useTomlParser`): the vendor table is read by every CLI call, and a
 * TOML package loaded there would cost each of them (tests/lean_cli_test.ts).
 */
let tomlParse: ((text: string) => unknown) | undefined;

/** Gives {@link tomlHookBlock} its TOML parser (smol-toml's `parse`). */
export function useTomlParser(parse: (text: string) => unknown): void {
  tomlParse = parse;
}

function readToml(text: string | undefined, what = ""): void {
  if (text === undefined) return;
  if (!tomlParse) throw new HookFileError("weft cannot read TOML here (no parser was given)");
  try {
    tomlParse(text);
  } catch (err) {
    const why = (err as Error).message.split("\n")[0];
    throw new HookFileError(`it is not valid TOML${what ? ` ${what}` : ""} (${why})`);
  }
}

/**
 * The text without weft's block (`rest`: the tables others wrote inside it kept at its place),
 * weft's own part of the block as it would be written (`block`), and how many of weft's event
 * tables it held (`found`).
 */
function split(text: string): { rest: string; block?: string; found: number } {
  const lines = text.split("\n");
  const start = lines.findIndex((l) => l.trim() === TOML_BEGIN);
  if (start < 0) return { rest: text, found: 0 };
  let end = lines.findIndex((l, i) => i > start && l.trim() === TOML_END);
  if (end < 0) end = lines.length;
  const ours: string[] = [];
  const theirs: string[] = [];
  let mine = true;
  for (const line of lines.slice(start + 1, end)) {
    if (HEADER.test(line)) mine = OURS.test(line);
    (mine ? ours : theirs).push(line);
  }
  const found = ours.filter((l) => /^\s*\[\[\s*hooks\.[A-Za-z]+\s*\]\]/.test(l)).length;
  const block = `${TOML_BEGIN}\n${ours.join("\n").trimEnd()}\n${TOML_END}\n`;
  const before = lines.slice(0, start).join("\n").trimEnd();
  const after = [...theirs, ...lines.slice(end + 1)].join("\n").trim();
  const rest = [before, after].filter((s) => s).join("\n\n");
  return { rest: rest ? `${rest}\n` : "", block, found };
}
