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
  const error = text.split("\n").find((line) => line.startsWith("error: "));
  if (error) {
    const line = error.slice("error: ".length).replace(/^Uncaught (\(in promise\) )?/, "").trim();
    if (line) return line;
  }
  if (end.signal) return `it was killed by ${end.signal}`;
  return `it exited with code ${end.code}`;
}
