/**
 * Reading a canvas's file: only inside the project (after following links), at most a bounded
 * number of bytes (the head, or a log's tail), so a huge file renders at once and never fills
 * the plugin's memory.
 *
 * @module
 */

import { WeftError } from "@weft/weft/plugin";
import { isAbsolute, join, normalize, relative, resolve } from "node:path";

/** What was read of a file. */
export interface SourceText {
  text: string;
  /** The file's size in bytes. */
  size: number;
  /** Only part of the file was read (its head, or its tail). */
  truncated: boolean;
}

/**
 * The absolute path of `path` (relative to the project, or absolute) once it is known to be
 * inside `projectDir` with links followed; `DENIED` outside, `NOT_FOUND` when missing.
 *
 * @example
 * ```ts ignore
 * const abs = await insideProject("/proj", "src/a.json"); // "/proj/src/a.json"
 * ```
 */
export async function insideProject(projectDir: string, path: string): Promise<string> {
  const abs = normalize(isAbsolute(path) ? path : resolve(projectDir, path));
  const outside = (p: string, root: string) => {
    const rel = relative(root, p);
    return rel === ".." || rel.startsWith("../") || isAbsolute(rel);
  };
  const denied = () =>
    new WeftError("DENIED", `Cannot open "${path}": it is outside the project (${projectDir})`, {
      path,
    });
  const root = await Deno.realPath(projectDir).catch(() => projectDir);
  if (outside(abs, projectDir) && outside(abs, root)) throw denied();
  let real: string;
  try {
    real = await Deno.realPath(abs);
  } catch (err) {
    if (err instanceof Deno.errors.NotFound) {
      throw new WeftError("NOT_FOUND", `Cannot open "${path}": no such file`, { path });
    }
    if (err instanceof Deno.errors.NotCapable || err instanceof Deno.errors.PermissionDenied) {
      throw denied();
    }
    throw new WeftError("INVALID_INPUT", `Cannot open "${path}": ${(err as Error).message}`);
  }
  if (outside(real, root)) throw denied();
  return real;
}

/**
 * Reads at most `maxBytes` of the file at `abs`: its head, or with `tail` its end (from the
 * first whole line). A directory or an unreadable file is `INVALID_INPUT`.
 */
export async function readSource(
  abs: string,
  options: { maxBytes: number; tail?: boolean; shown?: string },
): Promise<SourceText> {
  const shown = options.shown ?? abs;
  let file: Deno.FsFile;
  try {
    file = await Deno.open(abs, { read: true });
  } catch (err) {
    if (err instanceof Deno.errors.NotFound) {
      throw new WeftError("NOT_FOUND", `Cannot open "${shown}": no such file`, { path: shown });
    }
    throw new WeftError("INVALID_INPUT", `Cannot open "${shown}": ${(err as Error).message}`);
  }
  try {
    const info = await file.stat();
    if (!info.isFile) throw new WeftError("INVALID_INPUT", `Cannot open "${shown}": not a file`);
    const size = info.size;
    const want = Math.min(size, options.maxBytes);
    const from = options.tail ? size - want : 0;
    if (from > 0) await file.seek(from, Deno.SeekMode.Start);
    const buffer = new Uint8Array(want);
    let got = 0;
    while (got < want) {
      const n = await file.read(buffer.subarray(got));
      if (n === null) break;
      got += n;
    }
    let text = new TextDecoder().decode(buffer.subarray(0, got));
    if (from > 0) text = text.slice(text.indexOf("\n") + 1);
    return { text, size, truncated: want < size };
  } finally {
    file.close();
  }
}

/** `abs` as the project names it (relative), for titles. */
export function projectPath(projectDir: string, abs: string): string {
  const rel = relative(projectDir, abs);
  return rel && !rel.startsWith("..") ? rel : join(abs);
}
