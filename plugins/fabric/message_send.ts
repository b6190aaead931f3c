/**
 * `fabric.message_send`: the messaging plugin's way to another host's inbox (see `inbox.ts`).
 * Only the messaging plugin calls it, having checked who the sender is on this host; the
 * receiving host checks what this host may do there.
 *
 * @module
 */

import { WeftError, withState, z } from "@weft/weft/plugin";
import { sameHost } from "../../protocols/bus/host_id.ts";
import { publishMessage } from "./inbox.ts";
import type { State } from "./state.ts";

const { defineCommand } = withState<State>();

/** How long a send waits for the receiving host's stream to acknowledge it (ms). */
const ACK_MS = 2000;

/** Names resolved on other hosts lately: key → recipients and when. */
const resolved = new Map<string, { recipients: string[]; at: number }>();
const RESOLVED_MS = 10_000;
const RESOLVED_MAX = 1000;

function fresh(key: string): string[] | undefined {
  const hit = resolved.get(key);
  if (hit && Date.now() - hit.at < RESOLVED_MS) return hit.recipients;
  resolved.delete(key);
  return undefined;
}

function remember(key: string, recipients: string[]): void {
  if (resolved.size >= RESOLVED_MAX) resolved.delete(resolved.keys().next().value!);
  resolved.set(key, { recipients, at: Date.now() });
}

export const messageSend = defineCommand({
  name: "fabric.message_send",
  title: "Send a message to another host",
  description: "Used by the message plugin: stores a message in another host's inbox stream " +
    "(answered once that host's JetStream acknowledged it); send_message with `name@host` " +
    "uses it.",
  capabilities: ["message:send"],
  mcp: { expose: false },
  input: z.object({
    host: z.string().min(1).max(64),
    id: z.string().regex(/^[0-9A-Z]{26}$/),
    from: z.string().min(1).max(64),
    to: z.string().min(1).max(200),
    content: z.string().max(64 * 1024),
    priority: z.string().max(16),
    reply_to: z.string().max(64).optional(),
    metadata: z.record(z.string(), z.unknown()).optional(),
    created_at: z.number().int(),
  }),
  handler: async ({ input, state, caller, requestId }) => {
    if (caller.kind !== "plugin" || caller.id !== "message") {
      throw new WeftError(
        "DENIED",
        'Cannot send a message across hosts: only the "message" plugin may (send_message)',
      );
    }
    if (sameHost(input.host, state.host)) return { local: true };
    const { host, ...message } = input;
    // Who `to` names there, by that host's rules and rights: an unknown name or a host that
    // grants this one no `message` fails here, before anything is stored. A name resolved a
    // moment ago is not asked again: a send then only needs that host's inbox stream, which
    // takes messages while its weft server restarts.
    const key = JSON.stringify([host, input.from, input.to]);
    let recipients = fresh(key);
    if (!recipients) {
      ({ recipients } = await state.link.call(host, "message.resolve", {
        input: { to: input.to, from: input.from },
        requestId,
        caller: { kind: caller.kind, id: caller.id, grants: caller.grants },
      }) as { recipients: string[] });
      remember(key, recipients);
    }
    const acked = await publishMessage(state.nc, state.host, host, {
      ...message,
      recipients,
    }, ACK_MS);
    return { host, recipients, ...acked };
  },
});
