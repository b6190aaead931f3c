/**
 * Pane helpers for end-to-end tests over a socket client: list the panes, read a pane's text,
 * wait for text (showing the screen when it never comes), wait for a pane's sideband log, and
 * hold a pane's script until its sideband reads it.
 *
 * @module
 */

import type { WeftClient } from "../../plugins/client/mod.ts";
import { eventually, untilEvent } from "./poll.ts";
import { onEvents } from "./server.ts";

/** Every pane, as `pane.list` describes it. */
export async function paneList<T = { id: string }>(client: WeftClient): Promise<T[]> {
  return (await client.call<{ panes: T[] }>("pane.list", {})).panes;
}

/** A pane's text (`pane.read`'s input: the visible screen unless `mode` says otherwise). */
export async function paneText(
  client: WeftClient,
  input: { pane: string; mode?: "visible" | "recent" | "history"; lines?: number },
): Promise<string> {
  return (await client.call<{ text: string }>("pane.read", input)).text;
}

/** What {@link waitForText} waits for: `pane.wait`'s text input. */
export interface TextWait {
  pane: string;
  match: string;
  /** `match` is a regular expression. */
  regex?: boolean;
  /** How long the server waits, in ms (default: pane.wait's own). */
  timeout?: number;
}

/**
 * Waits (with the server's `pane.wait`, no polling) until a pane shows `match`; on a time-out
 * the error carries what the pane showed, history included. Returns the matching line.
 *
 * @example
 * ```ts ignore
 * await client.call("pane.write", { pane, text: "echo hi\r" });
 * await waitForText(client, { pane, match: "^hi$", regex: true });
 * ```
 */
export async function waitForText(client: WeftClient, wait: TextWait): Promise<string> {
  try {
    return (await client.call<{ line: string }>("pane.wait", wait)).line;
  } catch (err) {
    const text = await paneText(client, { pane: wait.pane, mode: "history" })
      .catch((e) => `(unreadable: ${e})`);
    throw new Error(`${(err as Error).message}; pane ${wait.pane} shows:\n${text}`);
  }
}

/**
 * Waits (default 15 s) until the sideband log of `pane` holds `atLeast` entries and returns them; re-reads
 * it on each of the pane's `sideband.*` events (each entry is logged, then published).
 */
export function sidebandLog<T = { outcome: string }>(
  client: WeftClient,
  pane: string,
  options: { atLeast: number; timeoutMs?: number },
): Promise<T[]> {
  const { atLeast, timeoutMs = 15_000 } = options;
  return untilEvent(`${atLeast} sideband log entries of ${pane}`, {
    on: onEvents(client, { topics: ["sideband.*"], panes: [pane] }),
    check: async () => {
      const { entries } = await client.call<{ entries: T[] }>("sideband.log", { pane });
      return entries.length >= atLeast ? entries : undefined;
    },
    timeoutMs,
  });
}

/**
 * Shell words that hold a pane's script until {@link sidebandReading} lets it go on: they read
 * typed lines (the terminal echoes each one) until one is `go`.
 */
export const UNTIL_GO = `while IFS= read -r line && [ "$line" != go ]; do :; done`;

/**
 * Lets a pane whose script starts with {@link UNTIL_GO} go on once the sideband reads its
 * output: types a line (its echo is output) until the sideband reports it scanned some of the
 * pane's output, then `go`. The sideband starts reading a pane when it hears `pane.created`,
 * after the program started, and output from before it is not read: a script that only slept
 * a moment before writing its tags lost them on a loaded machine.
 */
export async function sidebandReading(
  client: WeftClient,
  pane: string,
  timeoutMs = 15_000,
): Promise<void> {
  let scanned = false;
  const off = await client.subscribe(
    { topics: ["sideband.scanned"], panes: [pane] },
    () => void (scanned = true),
  );
  try {
    await eventually(`the sideband to read pane ${pane}'s output`, async () => {
      if (!scanned) await client.call("pane.write", { pane, text: "ping\r" });
      return scanned;
    }, { timeoutMs, intervalMs: 200 });
  } finally {
    await off().catch(() => {});
  }
  await client.call("pane.write", { pane, text: "go\r" });
}
