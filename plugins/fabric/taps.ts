/**
 * A pane's output for other hosts, on the host that owns the pane: published only while some
 * host follows it. The first follower opens the pane's tap: a JetStream stream on this host's
 * node (memory, the last {@link REPLAY_BYTES} only, old output dropped first) that starts with
 * a picture of the screen (the bytes that draw it on a clear terminal, taken exactly where the
 * output that follows begins) and then takes every output chunk. Each follower reads it with
 * its own ordered consumer, from its start (`replay`: a late viewer's picture and the output
 * since) or from now, and gets it on a subject addressed to it alone
 * (`weft.<this host>.ev.<follower>.<id>`, which only that host may receive). A follower is a
 * lease: its host renews it every {@link RENEW_MS}; one not renewed for {@link LEASE_MS} (its
 * host died) is dropped; the last follower gone closes the tap (the pane's subscription and
 * its stream): nobody following costs nothing.
 *
 * @module
 */

import type { NatsConnection } from "@nats-io/transport-node";
import {
  DeliverPolicy,
  DiscardPolicy,
  jetstream,
  jetstreamManager,
  StorageType,
} from "@nats-io/jetstream";
import type { PluginContext } from "@weft/weft/plugin";
import { snapshotBytes, type VisibleSnapshot } from "../../protocols/terminal/snapshot.ts";

/** How much of a followed pane's output its host keeps for replay. */
export const REPLAY_BYTES = 256 * 1024;
/** How often a follower's host renews its lease. */
export const RENEW_MS = 2000;
/** How long a lease lasts without a renewal. */
export const LEASE_MS = 3 * RENEW_MS;

/** The subject a pane's output is kept under on its own host's node (never leaves it). */
export function outSubject(host: string, pane: string): string {
  return `weft.${host}.out.${pane}`;
}

/** The subject that carries one follow's output from `owner` to `follower`. */
export function followSubject(owner: string, follower: string, id: string): string {
  return `weft.${owner}.ev.${follower}.${id}`;
}

/** The stream that keeps a pane's output. */
export function streamOf(pane: string): string {
  return `weft_out_${pane}`;
}

/** One follower's reader. */
interface Follower {
  peer: string;
  stop: () => void;
  expires: number;
}

/** One pane's tap: its stream and the followers reading it. */
interface Tap {
  pane: string;
  ready: Promise<void>;
  off?: () => void;
  followers: Map<string, Follower>;
  /** Chunks published to the stream. */
  chunks: number;
}

/** What {@link OutputTaps.list} reports of each tap. */
export interface TapInfo {
  pane: string;
  followers: string[];
  chunks: number;
}

const encoder = new TextEncoder();

/** This host's panes that other hosts follow. */
export class OutputTaps {
  #ctx: PluginContext<unknown>;
  #nc: NatsConnection;
  #host: string;
  #taps = new Map<string, Tap>();
  /** Streams of closed taps being deleted: a tap opened again waits for it. */
  #deleting = new Map<string, Promise<void>>();
  #sweep: ReturnType<typeof setInterval>;

  constructor(ctx: PluginContext<unknown>, nc: NatsConnection, host: string) {
    this.#ctx = ctx;
    this.#nc = nc;
    this.#host = host;
    this.#sweep = setInterval(() => this.#expire(), RENEW_MS);
  }

  /**
   * Starts (or renews) follow `id` of host `peer` for `pane` (a pane id here), its output
   * from the start of what is kept (`replay`) or from now.
   */
  async follow(peer: string, id: string, pane: string, replay: boolean): Promise<void> {
    const key = `${peer}.${id}`;
    let tap = this.#taps.get(pane);
    const known = tap?.followers.get(key);
    if (known) return void (known.expires = Date.now() + LEASE_MS);
    if (!tap) {
      const opened: Tap = { pane, ready: Promise.resolve(), followers: new Map(), chunks: 0 };
      opened.ready = this.#open(opened);
      this.#taps.set(pane, tap = opened);
      opened.ready.catch(() => this.#close(opened));
    }
    await tap.ready;
    const follower: Follower = { peer, stop: () => {}, expires: Date.now() + LEASE_MS };
    tap.followers.set(key, follower);
    const consumer = await jetstream(this.#nc).consumers.get(streamOf(pane), {
      deliver_policy: replay ? DeliverPolicy.All : DeliverPolicy.New,
    });
    const messages = await consumer.consume({ max_bytes: 4 * 1024 * 1024 });
    follower.stop = () => void messages.stop();
    if (tap.followers.get(key) !== follower) return follower.stop();
    const subject = followSubject(this.#host, peer, id);
    void (async () => {
      for await (const m of messages) this.#nc.publish(subject, m.data);
    })().catch(() => {});
  }

  /** Ends follow `id` of host `peer`; the last follower of a pane closes its tap. */
  unfollow(peer: string, id: string): boolean {
    const key = `${peer}.${id}`;
    for (const tap of this.#taps.values()) {
      const follower = tap.followers.get(key);
      if (!follower) continue;
      tap.followers.delete(key);
      follower.stop();
      if (!tap.followers.size) this.#close(tap);
      return true;
    }
    return false;
  }

  /** The panes followed now, with their followers. */
  list(): TapInfo[] {
    return [...this.#taps.values()].map((t) => ({
      pane: t.pane,
      followers: [...t.followers.keys()],
      chunks: t.chunks,
    }));
  }

  /** Stops every tap. */
  close(): void {
    clearInterval(this.#sweep);
    for (const tap of [...this.#taps.values()]) this.#close(tap);
  }

  /** Makes the pane's stream, then its picture and its output go in, in order. */
  async #open(tap: Tap): Promise<void> {
    await this.#deleting.get(tap.pane);
    const jsm = await jetstreamManager(this.#nc);
    const name = streamOf(tap.pane);
    await jsm.streams.delete(name).catch(() => {});
    await jsm.streams.add({
      name,
      subjects: [outSubject(this.#host, tap.pane)],
      storage: StorageType.Memory,
      discard: DiscardPolicy.Old,
      max_bytes: REPLAY_BYTES,
      num_replicas: 1,
    });
    const subject = outSubject(this.#host, tap.pane);
    const put = (text: string) => {
      tap.chunks++;
      this.#nc.publish(subject, encoder.encode(text));
    };
    let held: string[] | undefined = [];
    // The tap is the plugin's own work: it outlives the follow call that opened it.
    const { snapshot, off } = await this.#ctx.detached(() =>
      this.#ctx.subscribeFrom(
        { pane: tap.pane, mode: "visible", ansi: true },
        { topics: ["pane.output"], panes: [tap.pane] },
        (event) => {
          const data = (event.data as { data: string }).data;
          if (held) held.push(data);
          else put(data);
        },
      )
    );
    tap.off = off;
    if (this.#taps.get(tap.pane) !== tap) return off();
    const visible = snapshot as unknown as VisibleSnapshot;
    put(snapshotBytes(visible, undefined, visible.text.split("\n").length));
    for (const data of held) put(data);
    held = undefined;
  }

  #close(tap: Tap): void {
    if (this.#taps.get(tap.pane) !== tap) return;
    this.#taps.delete(tap.pane);
    for (const f of tap.followers.values()) f.stop();
    tap.followers.clear();
    tap.off?.();
    const deleting = tap.ready.catch(() => {})
      .then(() => jetstreamManager(this.#nc))
      .then((jsm) => jsm.streams.delete(streamOf(tap.pane)))
      .then(() => {}, () => {})
      .finally(() => {
        if (this.#deleting.get(tap.pane) === deleting) this.#deleting.delete(tap.pane);
      });
    this.#deleting.set(tap.pane, deleting);
  }

  #expire(): void {
    const now = Date.now();
    for (const tap of [...this.#taps.values()]) {
      for (const [key, f] of tap.followers) {
        if (f.expires < now) this.unfollow(f.peer, key.slice(f.peer.length + 1));
      }
    }
  }
}
