/**
 * Golden renders for the canvas kinds' tests: each render is kept as plain text (`.txt`) and as
 * ANSI (`.ansi`, `cat` it to see the colours) beside its input. `UPDATE_GOLDEN=1` rewrites them.
 *
 * @module
 */

import { deepStrictEqual as assertEquals } from "node:assert/strict";
import { type ErrorCode, WeftError } from "../../../protocols/bus/errors.ts";
import { cells, stripSgr } from "./_row.ts";

const UPDATE = Deno.env.get("UPDATE_GOLDEN") === "1";

/** Throws unless every line fits `width` cells and carries no control but SGR sequences. */
export function assertSafe(lines: string[], width: number): void {
  for (const [i, line] of lines.entries()) {
    const text = stripSgr(line);
    // deno-lint-ignore no-control-regex
    const bad = /[\x00-\x1f\x7f-\x9f]/.exec(text);
    if (bad) {
      throw new Error(
        `line ${i} carries control U+${bad[0].charCodeAt(0).toString(16)}: ${JSON.stringify(line)}`,
      );
    }
    if (cells(text) > width) {
      throw new Error(`line ${i} is ${cells(text)} cells, wider than ${width}: ${text}`);
    }
  }
}

/** Compares rendered lines with `<base>.txt` and `<base>.ansi` (or writes them). */
export async function assertGolden(base: URL, lines: string[]): Promise<void> {
  const ansi = lines.map((l) => l + "\n").join("");
  const text = lines.map((l) => stripSgr(l) + "\n").join("");
  const txt = new URL(base.href + ".txt"), raw = new URL(base.href + ".ansi");
  if (UPDATE) {
    await Deno.writeTextFile(txt, text);
    await Deno.writeTextFile(raw, ansi);
    return;
  }
  assertEquals(
    text,
    await Deno.readTextFile(txt),
    `${txt.pathname} differs (UPDATE_GOLDEN=1 rewrites it)`,
  );
  assertEquals(
    ansi,
    await Deno.readTextFile(raw),
    `${raw.pathname} differs (UPDATE_GOLDEN=1 rewrites it)`,
  );
}

/** The widths every kind is rendered at. */
export const WIDTHS = [40, 80, 200] as const;

/** Throws unless `fn` throws a WeftError with `code`. */
export function assertWeftError(fn: () => unknown, code: ErrorCode): WeftError {
  try {
    fn();
  } catch (err) {
    if (err instanceof WeftError && err.code === code) return err;
    throw new Error(`expected a WeftError ${code}, got ${err}`);
  }
  throw new Error(`expected a WeftError ${code}, nothing was thrown`);
}
