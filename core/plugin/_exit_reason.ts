/**
 * Why a plugin process ended, in one line, from its exit status and the end of its stderr:
 * the error line Deno printed, not the stack under it.
 *
 * @module
 */

/** What the process left behind. */
export interface ProcessEnd {
  code: number;
  signal: Deno.Signal | null;
  /** The last lines of its stderr (colourless). */
  stderr: string;
  /** Its memory cap, to name in the out-of-memory reason. */
  memoryMiB: number;
}

/** Deno's errors for a module graph that cannot load: no run of it will. */
const LOAD_ERROR =
  /^(SyntaxError\b|Module not found "file:|.*does not provide an export named|Relative import path|Import ".*" not a dependency)/;

/** How {@link exitReason} begins for a module that cannot load. */
const CANNOT_LOAD = "its module cannot load, so it is not restarted: ";

/**
 * True for an {@link exitReason} that says the module itself cannot load (a syntax error, a
 * missing local file or export): starting it again cannot help.
 */
export function cannotLoad(reason: string): boolean {
  return reason.includes(CANNOT_LOAD);
}

/**
 * One readable line: out of memory, Deno's `error:` line (without "Uncaught"), a signal, or
 * the exit code.
 *
 * @example
 * ```ts
 * import { exitReason } from "./_exit_reason.ts";
 * const stderr = "error: Uncaught (in promise) Error: boom\n    at file:///p.ts:1:7\n";
 * console.assert(exitReason({ code: 1, signal: null, stderr, memoryMiB: 256 }) === "Error: boom");
 * ```
 */
export function exitReason(end: ProcessEnd): string {
  // deno-lint-ignore no-control-regex
  const text = end.stderr.replace(/\x1b\[[0-9;]*m/g, "");
  if (/out of memory/i.test(text)) {
    return `it ran out of memory (its cap is ${end.memoryMiB} MiB)`;
  }
  const lines = text.split("\n");
  const error = lines.find((line) => line.startsWith("error: "));
  if (error) {
    const line = error.slice("error: ".length).replace(/^Uncaught (\(in promise\) )?/, "").trim();
    // A module that cannot load: where, and the word that tells a restart cannot fix it.
    const at = lines.find((l) => /^\s+at \S+:\d+:\d+$/.test(l))?.trim().slice("at ".length);
    if (line && LOAD_ERROR.test(line)) return `${CANNOT_LOAD}${line}${at ? ` at ${at}` : ""}`;
    if (line) return line;
  }
  if (end.signal) return `it was killed by ${end.signal}`;
  return `it exited with code ${end.code}`;
}
