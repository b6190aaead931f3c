/**
 * Messages across hosts: each host's inbox is a JetStream stream on its own node (its domain,
 * file storage, work-queue retention) that takes `weft.<peer>.msg.<host>` from each peer the
 * project granted `message`, and nothing from anyone else. A sender's host asks the receiving
 * host who `to` names there (`message.resolve`, checked against that host's rights), then
 * publishes the message with its id as `Nats-Msg-Id` (the stream drops a repeat) and answers
 * the send only once the stream acknowledged it. The receiving host reads its inbox with one
 * durable consumer, hands each message to its messaging plugin (`message.receive`, as the
 * sending host, so the bus checks that host's rights once more; stored idempotently by id)
 * and acknowledges it only after that commit: a server killed in between gets it again and
 * stores it once.
 *
 * @module
 */

import type { NatsConnection } from "@nats-io/transport-node";
import {
  AckPolicy,
  DiscardPolicy,
  jetstream,
  jetstreamManager,
  RetentionPolicy,
  StorageType,
} from "@nats-io/jetstream";
import { WeftError } from "@weft/weft/plugin";

/** The inbox stream on every host's node, and its one durable consumer. */
export const INBOX_STREAM = "weft_inbox";
const CONSUMER = "weft";
/** How long a message handed out and not acknowledged waits before it is handed out again. */
const ACK_WAIT_MS = 2000;
/** The stream's bound: past it a send is refused, never an older message dropped. */
const MAX_BYTES = 64 * 1024 * 1024;
/** How long a repeated message id is recognised. */
const DEDUPE_MS = 10 * 60_000;

/** The subject of messages from host `from` for host `to`. */
export function msgSubject(from: string, to: string): string {
  return `weft.${from}.msg.${to}`;
}

/** A message as it crosses hosts. */
export interface Envelope {
  id: string;
  /** The sender's name on its own host (the receiving host adds `@<host>`). */
  from: string;
  /** What the sender wrote, less the host (`bob`, `@reviewer`). */
  to: string;
  /** Who `to` named on the receiving host when the sender asked. */
  recipients: string[];
  content: string;
  priority: string;
  reply_to?: string | undefined;
  metadata?: Record<string, unknown> | undefined;
  created_at: number;
}

/** Hands a message from `peer` to this host's messaging; resolves once it is stored. */
export type Receive = (peer: string, message: Envelope) => Promise<void>;

/**
 * Errors that a second try would meet again: such a message is logged and dropped (a host no
 * longer granted `message`, a malformed message). Anything else (the messaging plugin not
 * there yet, restarting: `UNAVAILABLE`, `NOT_FOUND` for its command) is tried again later.
 */
const FINAL = new Set(["DENIED", "INVALID_INPUT", "TOO_LARGE"]);
/** The longest wait before a message that could not be stored is tried again (ms). */
const RETRY_MAX_MS = 30_000;

/** This host's inbox being read. */
export interface Inbox {
  close(): void;
}

/**
 * Makes (or brings up to date) this host's inbox stream for `peers` and reads it until closed.
 * Retries while the node's JetStream is not ready yet.
 */
export function startInbox(
  nc: NatsConnection,
  host: string,
  o: { peers: readonly string[]; receive: Receive; log: (line: string) => void },
): Inbox {
  let closed = false;
  let stop: (() => void) | undefined;
  void (async () => {
    for (let delay = 100; !closed; delay = Math.min(delay * 2, 2000)) {
      try {
        await ensureStream(nc, host, o.peers);
        const consumer = await jetstream(nc).consumers.get(INBOX_STREAM, CONSUMER);
        const messages = await consumer.consume({ max_messages: 256 });
        stop = () => void messages.stop();
        if (closed) return stop();
        for await (const m of messages) {
          const peer = m.subject.split(".")[1] ?? "";
          try {
            await o.receive(peer, m.json<Envelope>());
            await m.ackAck();
          } catch (err) {
            const code = err instanceof WeftError ? err.code : "";
            if (FINAL.has(code)) {
              o.log(`dropped message from host "${peer}": ${(err as Error).message}`);
              m.term();
            } else m.nak(Math.min(RETRY_MAX_MS, 250 * 2 ** Math.min(m.info.deliveryCount, 7)));
          }
        }
      } catch (err) {
        if (!closed && !nc.isClosed()) o.log(`inbox: ${(err as Error).message}; retrying`);
      }
      if (nc.isClosed()) return;
      await new Promise((r) => setTimeout(r, delay));
    }
  })();
  return {
    close: () => {
      closed = true;
      stop?.();
    },
  };
}

async function ensureStream(nc: NatsConnection, host: string, peers: readonly string[]) {
  const jsm = await jetstreamManager(nc);
  // A stream takes at least one subject: with no peer granted, only this host's own (unused).
  const subjects = (peers.length ? peers : [host]).map((p) => msgSubject(p, host));
  const config = {
    name: INBOX_STREAM,
    subjects,
    retention: RetentionPolicy.Workqueue,
    storage: StorageType.File,
    discard: DiscardPolicy.New,
    max_bytes: MAX_BYTES,
    duplicate_window: DEDUPE_MS * 1_000_000,
  };
  const exists = await jsm.streams.info(INBOX_STREAM).then(() => true, () => false);
  if (exists) await jsm.streams.update(INBOX_STREAM, config);
  else await jsm.streams.add(config);
  await jsm.consumers.add(INBOX_STREAM, {
    durable_name: CONSUMER,
    ack_policy: AckPolicy.Explicit,
    ack_wait: ACK_WAIT_MS * 1_000_000,
    max_ack_pending: 1024,
  });
}

/**
 * Publishes `message` from `from` to host `to`'s inbox; resolves once that stream stored it
 * (a repeat of an id it has is acknowledged as a duplicate, and stored once).
 */
export async function publishMessage(
  nc: NatsConnection,
  from: string,
  to: string,
  message: Envelope,
  timeoutMs: number,
): Promise<{ seq: number; duplicate: boolean }> {
  try {
    const ack = await jetstream(nc).publish(msgSubject(from, to), JSON.stringify(message), {
      msgID: message.id,
      timeout: timeoutMs,
    });
    return { seq: ack.seq, duplicate: ack.duplicate };
  } catch (err) {
    const text = String((err as Error)?.message ?? err);
    // No stream took the subject (the client calls that "jetstream is not enabled"): the host,
    // its node or the link to it is down.
    const why = /no responders|not enabled|503/i.test(text) ? "it is not connected" : text;
    throw new WeftError(
      "HOST_UNREACHABLE",
      `Cannot send message ${message.id} to host "${to}": its inbox did not store it (${why}); ` +
        "it was not sent",
      { host: to },
    );
  }
}
