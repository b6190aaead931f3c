/**
 * Pane helpers for end-to-end tests over a socket client: list the panes, read a pane's text,
 * wait for text (showing the screen when it never comes), and wait for a pane's sideband log.
 *
 * @module
 */

import type { WeftClient } from "../../plugins/client/mod.ts";
import { untilEvent } from "./poll.ts";
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
