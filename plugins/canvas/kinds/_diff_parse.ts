/**
 * A lenient, bounded parser of unified diffs (plain `diff -u`, `git diff`, `git show`,
 * `format-patch`): files, their header lines and hunks with old/new line numbers.
 *
 * @module
 */

import { WeftError } from "../../../protocols/bus/errors.ts";

/** One line of a hunk. */
export interface DiffLine {
  kind: " " | "-" | "+";
  text: string;
  old?: number;
  new?: number;
  /** `\ No newline at end of file` followed this line. */
  noEol?: boolean;
}

/** A hunk: its `@@` header parts and lines. */
export interface Hunk {
  oldStart: number;
  oldCount: number;
  newStart: number;
  newCount: number;
  section: string;
  lines: DiffLine[];
}

/** One file of a diff; `meta` holds header lines such as `new file mode` or `Binary files …`. */
export interface FileDiff {
  oldName?: string;
  newName?: string;
  meta: string[];
  hunks: Hunk[];
}

/** A parsed diff; `more` counts the input lines left unread once `maxLines` was reached. */
export interface ParsedDiff {
  files: FileDiff[];
  more: number;
}

const HUNK = /^@@ -(\d+)(?:,(\d+))? \+(\d+)(?:,(\d+))? @@ ?(.*)$/;

/** The lines of text, one at a time, without building an array of a huge input. */
export function* eachLine(text: string): Generator<string> {
  let start = 0;
  while (start < text.length) {
    let end = text.indexOf("\n", start);
    if (end < 0) end = text.length;
    yield text.charCodeAt(end - 1) === 13 ? text.slice(start, end - 1) : text.slice(start, end);
    start = end + 1;
  }
}

/** How many lines start at or after offset `from`. */
export function countLines(text: string, from: number): number {
  if (from >= text.length) return 0;
  let n = 1;
  for (
    let i = text.indexOf("\n", from);
    i >= 0 && i < text.length - 1;
    i = text.indexOf("\n", i + 1)
  ) n++;
  return n;
}

function stripPrefix(name: string): string {
  const bare = name.split("\t")[0]!.trim();
  if (bare === "/dev/null") return bare;
  return /^[ab]\//.test(bare) ? bare.slice(2) : bare;
}

/** The names in `diff --git a/X b/Y` (found by index, not a regex that could backtrack). */
function gitNames(line: string): [string, string] | undefined {
  const rest = line.slice("diff --git ".length).replaceAll('"', "");
  const split = rest.indexOf(" b/");
  if (!line.startsWith("diff --git ") || !rest.startsWith("a/") || split < 0) return undefined;
  return [rest.slice(2, split), rest.slice(split + 3)];
}

function invalid(n: number, why: string): WeftError {
  return new WeftError("INVALID_INPUT", `Cannot parse diff: line ${n} ${why}`, { line: n });
}

/**
 * Parses unified diff text, reading at most `maxLines` lines.
 *
 * @example
 * ```ts
 * import { parseDiff } from "./_diff_parse.ts";
 * const { files } = parseDiff("--- a/x\n+++ b/x\n@@ -1 +1 @@\n-a\n+b\n", 100);
 * console.assert(files[0]!.hunks[0]!.lines.length === 2);
 * ```
 */
export function parseDiff(text: string, maxLines: number): ParsedDiff {
  const files: FileDiff[] = [];
  let file: FileDiff | undefined;
  let hunk: Hunk | undefined;
  let oldLeft = 0, newLeft = 0, oldNo = 0, newNo = 0, n = 0, offset = 0;
  const open = () => files[files.length] = file = { meta: [], hunks: [] };
  for (const line of eachLine(text)) {
    if (n === maxLines) return { files, more: countLines(text, offset) };
    n++;
    offset += line.length + 1 + (text.charCodeAt(offset + line.length) === 13 ? 1 : 0);
    if (hunk && (oldLeft > 0 || newLeft > 0)) {
      const sign = line[0] ?? " ";
      const body = line.slice(1);
      if (sign === " " && oldLeft > 0 && newLeft > 0) {
        hunk.lines.push({ kind: " ", text: body, old: oldNo++, new: newNo++ });
        oldLeft--, newLeft--;
      } else if (sign === "-" && oldLeft > 0) {
        hunk.lines.push({ kind: "-", text: body, old: oldNo++ });
        oldLeft--;
      } else if (sign === "+" && newLeft > 0) {
        hunk.lines.push({ kind: "+", text: body, new: newNo++ });
        newLeft--;
      } else if (sign === "\\") {
        const last = hunk.lines[hunk.lines.length - 1];
        if (last) last.noEol = true;
      } else {throw invalid(
          n,
          `does not fit its hunk (${oldLeft} old and ${newLeft} new lines left)`,
        );}
      continue;
    }
    if (line.startsWith("\\") && hunk) {
      const last = hunk.lines[hunk.lines.length - 1];
      if (last) last.noEol = true;
      continue;
    }
    const head = line.startsWith("@@") ? HUNK.exec(line) : null;
    if (head) {
      if (!file) open();
      hunk = {
        oldStart: Number(head[1]),
        oldCount: head[2] === undefined ? 1 : Number(head[2]),
        newStart: Number(head[3]),
        newCount: head[4] === undefined ? 1 : Number(head[4]),
        section: head[5] ?? "",
        lines: [],
      };
      file!.hunks.push(hunk);
      [oldLeft, newLeft, oldNo, newNo] = [
        hunk.oldCount,
        hunk.newCount,
        hunk.oldStart,
        hunk.newStart,
      ];
      if (oldLeft === 0) oldNo++; // "-0,0": the hunk adds at the top, its numbers start at 1
      if (newLeft === 0) newNo++;
      continue;
    }
    if (line.startsWith("@@")) throw invalid(n, `is not a hunk header ("@@ -a,b +c,d @@")`);
    hunk = undefined;
    if (line.startsWith("diff ")) {
      open();
      const names = gitNames(line);
      if (names) [file!.oldName, file!.newName] = names;
    } else if (line.startsWith("--- ")) {
      if (!file || file.hunks.length) open();
      file!.oldName = stripPrefix(line.slice(4));
    } else if (line.startsWith("+++ ") && file) {
      file.newName = stripPrefix(line.slice(4));
    } else {
      if (!file) open();
      file!.meta.push(line);
    }
  }
  if (text.trim() !== "" && !files.some((f) => f.hunks.length || f.oldName || f.newName)) {
    throw new WeftError(
      "INVALID_INPUT",
      'Cannot parse diff: no file header or hunk ("@@ -a,b +c,d @@") found',
    );
  }
  return { files, more: 0 };
}
