/**
 * What a test of message delivery asks weft about a message and the agent it went to, through
 * the control socket: how its one recipient got it, and the agent idle by its own hooks.
 *
 * @module
 */

import type { WeftClient } from "../../plugins/client/mod.ts";
import { eventually } from "./poll.ts";

/** How the message reached its one recipient, as its sender sees it with `message.get`. */
export async function deliveredVia(client: WeftClient, id: string): Promise<string | undefined> {
  const m = await client.call<{ receipts: { delivered_via?: string }[] }>("message.get", { id });
  return m.receipts[0]?.delivered_via;
}

/**
 * Waits until `pane`'s agent is idle by its hooks (`hook` names the one that says so, for the
 * failure's message), showing the pane's screen if it never is.
 */
export async function idleByHook(
  client: WeftClient,
  pane: string,
  hook: string,
  timeoutMs = 60_000,
): Promise<void> {
  await eventually(`idle from the ${hook} hook`, async () => {
    const s = await client.call<{ state: string; stateSource: string }>("pane.status", { pane });
    return s.state === "idle" && s.stateSource === "hook";
  }, {
    timeoutMs,
    detail: async () => (await client.call<{ text: string }>("pane.read", { pane })).text,
  });
}
