/**
 * Messages as tools, the CLI and events show them, whose they are, and whose send allowance a
 * call uses.
 *
 * @module
 */

import { type Caller, WeftError } from "@weft/weft/plugin";
import type { MessageStore, Priority, StoredMessage } from "./_store.ts";

/** A message as tools and the CLI show it (thrum's MessageInfo, plus where it went). */
export interface MessageInfo {
  message_id: string;
  from: string;
  to: string;
  content: string;
  priority: Priority;
  timestamp: string;
  reply_to: string | null;
  thread_id: string;
  metadata: Record<string, unknown> | null;
  /** `delivered` (into the agent by a rung), `undelivered` (given up), `typing` (under way). */
  delivery?: string | null;
  /**
   * How the recipient got it: `hook` (handed over in its agent's hook answer), `typed` (typed
   * into its agent's prompt), `check` or `wait` (it asked for it); absent while unread.
   */
  delivered_via?: DeliveredVia;
}

/** How a message reached its recipient. */
export type DeliveredVia = "hook" | "typed" | "check" | "wait";

/** The store's delivery mark as `delivered_via` (`delivered` is what older files hold for typed). */
const VIA: Record<string, DeliveredVia> = {
  hook: "hook",
  typed: "typed",
  delivered: "typed",
  check: "check",
  wait: "wait",
};

/**
 * Whose send allowance a call uses: its pane, its plugin, else every caller outside panes that
 * comes through the same door (the socket, or a door plugin's clients). A new `as` name or a
 * new connection gets no new allowance.
 *
 * @example
 * ```ts
 * import { rateKeyOf } from "./_info.ts";
 * console.assert(rateKeyOf({ kind: "cli", id: "cli:c7", grants: "all" }) === "outside:socket");
 * console.assert(rateKeyOf({ kind: "mcp", id: "mcp/4f2a", grants: "all" }) === "outside:mcp");
 * console.assert(rateKeyOf({ kind: "cli", id: "cli:c7", pane: "p2", grants: "all" }) === "pane:p2");
 * ```
 */
export function rateKeyOf(caller: Caller): string {
  if (caller.pane) return `pane:${caller.pane}`;
  if (caller.kind === "plugin") return `plugin:${caller.id}`;
  const slash = caller.id.indexOf("/");
  return `outside:${slash > 0 ? caller.id.slice(0, slash) : "socket"}`;
}

/** The message `id` if `self` sent or received it; NOT_FOUND otherwise (others' stay unseen). */
export function ownMessage(store: MessageStore, id: string, self: string): StoredMessage {
  const m = store.get(id, self);
  if (!m || (m.from !== self && m.to !== self)) {
    throw new WeftError("NOT_FOUND", `Cannot find message "${id}" among yours`);
  }
  return m;
}

/** A message as tools show it. */
export function infoOf(m: StoredMessage): MessageInfo {
  return {
    message_id: m.id,
    from: m.from,
    to: m.to || m.toSpec,
    content: m.content,
    priority: m.priority,
    timestamp: new Date(m.createdAt).toISOString(),
    reply_to: m.replyTo,
    thread_id: m.thread,
    metadata: m.metadata,
    ...deliveryOf(m),
  };
}

/** Each recipient's receipt of a message: read or not, and how it was delivered. */
export function receiptsOf(copies: readonly StoredMessage[]) {
  return copies.map((m) => ({ to: m.to, read: m.readAt !== null, ...deliveryOf(m) }));
}

function deliveryOf(m: StoredMessage): Pick<MessageInfo, "delivery" | "delivered_via"> {
  const via = m.delivery === null ? undefined : VIA[m.delivery];
  // An intent's mark and agent (`handing@1234:567`) are the plugin's own business.
  const shown = m.delivery?.replace(/(@\d+)?(:\d+)?$/, "");
  if (m.readAt === null || !via) return shown ? { delivery: shown } : {};
  return via === "hook" || via === "typed"
    ? { delivery: "delivered", delivered_via: via }
    : { delivered_via: via };
}

/** The payload of `message.received` (the contract the bridge plugin relies on). */
export function eventOf(m: StoredMessage) {
  return {
    id: m.id,
    from: m.from,
    to: m.to,
    content: m.content,
    priority: m.priority,
    reply_to: m.replyTo,
    metadata: m.metadata,
    created_at: new Date(m.createdAt).toISOString(),
  };
}

/** Throws for an empty or too large message, or one replying to an unknown id. */
export function checkContent(
  input: { content: string; reply_to?: string | undefined },
  maxContentBytes: number,
  store: MessageStore,
): void {
  const bytes = new TextEncoder().encode(input.content).length;
  if (!input.content.trim()) {
    throw new WeftError("INVALID_INPUT", "Cannot send a message: content is empty");
  }
  if (bytes > maxContentBytes) {
    throw new WeftError(
      "TOO_LARGE",
      `Cannot send a message: content is ${bytes} bytes, more than ${maxContentBytes}`,
      { bytes, limit: maxContentBytes },
    );
  }
  if (input.reply_to !== undefined && store.threadOf(input.reply_to) === undefined) {
    throw new WeftError("NOT_FOUND", `Cannot reply to "${input.reply_to}": no such message`);
  }
}
