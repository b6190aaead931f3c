/**
 * When `weft mcp` should end although no one told it: its input ended (the SDK's stdio
 * transport does not watch for the end of stdin) or the process that started it is gone (an
 * agent killed while a pipe to weft mcp stays open elsewhere). Without this, one ~88 MB
 * process was left behind per ended Claude Code session.
 *
 * @module
 */

import process from "node:process";

/** How often the parent is looked at (its death sends no signal to its child). */
const PARENT_CHECK_MS = 500;

/** Why {@link lifeline} resolved. */
export type Gone = "stdin" | "parent";

/**
 * Resolves once stdin has ended or the parent process has changed (the child was handed to
 * init or a subreaper); `stop` ends the watch.
 */
export function lifeline(): { gone: Promise<Gone>; stop: () => void } {
  const { promise, resolve } = Promise.withResolvers<Gone>();
  const onEnd = () => resolve("stdin");
  process.stdin.once("end", onEnd);
  process.stdin.once("close", onEnd);
  const parent = process.ppid;
  const timer = parent > 1
    ? setInterval(() => process.ppid !== parent && resolve("parent"), PARENT_CHECK_MS)
    : undefined;
  const stop = () => {
    clearInterval(timer);
    process.stdin.off("end", onEnd);
    process.stdin.off("close", onEnd);
  };
  return { gone: promise.finally(stop), stop };
}
