/**
 * One canvas as the plugin keeps it: what it shows (kind and source), its size, where its
 * view is, the text last read and the lines last rendered; and how a source becomes lines.
 *
 * @module
 */

import { WeftError } from "@weft/weft/plugin";
import { KINDS } from "./kinds/mod.ts";
import { fit, paint, STYLE, wrap } from "./kinds/_text.ts";
import type { View } from "./_view.ts";
import { gitRange } from "./_git.ts";

/** What a canvas shows. */
export interface Source {
  kind: string;
  /** The path as the caller gave it (relative to the project, or absolute inside it). */
  path?: string;
  /** The files it reads (real paths inside the project), which are watched. */
  files?: string[];
  content?: string;
  title?: string;
  options?: Record<string, unknown>;
}

/** A live canvas. */
export interface Canvas extends Source {
  pane: string;
  cols: number;
  rows: number;
  view: View;
  /** The source text last read (or gathered), and whether it was cut. */
  text?: string;
  note?: string;
  lines: string[];
  error?: WeftError;
  /** Stops watching its file. */
  unwatch?: () => void;
  /** Draws queue behind each other. */
  chain: Promise<void>;
}

/** The title a canvas shows: given, else its path or git range, else its kind; plus a note. */
export function titleOf(c: Source & { note?: string }): string {
  const base = c.title ?? c.path ?? gitRange(c) ?? c.kind;
  return c.note ? `${base} (${c.note})` : base;
}

/**
 * Renders `c.text` with its kind at its size into `c.lines`; a failure becomes `c.error` and
 * lines that say what went wrong.
 */
export function renderCanvas(c: Canvas): void {
  const render = KINDS[c.kind];
  try {
    if (!render) throw new WeftError("INVALID_INPUT", `Cannot render kind "${c.kind}"`);
    if (c.error) throw c.error;
    const { lines } = render({
      content: c.text ?? "",
      width: c.cols,
      height: c.rows,
      title: titleOf(c),
      ...(c.path ? { path: c.path } : {}),
      ...(c.options ? { options: c.options } : {}),
    });
    c.lines = lines;
  } catch (err) {
    c.error = err instanceof WeftError ? err : new WeftError("INTERNAL", String(err));
    c.lines = errorLines(c, c.error);
  }
}

/** What a canvas shows for an error: its title, the message, what happens next. */
export function errorLines(c: Canvas, error: WeftError): string[] {
  const width = Math.max(1, c.cols);
  const message = wrap(`✗ ${error.message}`, width).map((l) => paint([STYLE.bold, STYLE.red], l));
  const after = c.files?.length
    ? "Watching the file: it is drawn again when it changes."
    : "Fix the source and call canvas.update.";
  return [
    fit(paint([STYLE.bold, STYLE.cyan], titleOf(c)), width),
    paint(STYLE.gray, "─".repeat(width)),
    ...message,
    "",
    ...wrap(after, width).map((l) => paint(STYLE.gray, l)),
  ];
}
