/**
 * Which hosts are in the fabric and alive: a KV bucket in the hub's JetStream domain with one
 * key per host, which each host refreshes every heartbeat. The bucket's TTL (nats-server 2.9
 * has it per bucket) drops a host that stopped; a watch tells every host of each refresh, and a
 * host not heard of for three heartbeats counts as gone. Hosts once seen stay known (marked
 * unreachable, never dropped). Nothing waits on the hub: a hub that is down only means no
 * refreshes, retried on the next beat.
 *
 * @module
 */

import type { NatsConnection } from "@nats-io/transport-node";
import { jetstream } from "@nats-io/jetstream";
import { type KV, Kvm } from "@nats-io/kv";
import { HUB_DOMAIN, PRESENCE_BUCKET } from "./nats_conf.ts";
import type { FabricAgent } from "./roster.ts";
import { Clocks } from "./clocks.ts";

/** The largest record a host puts (NATS's default payload limit is 1 MiB). */
const MAX_RECORD_CHARS = 512 * 1024;

/** What a host says of itself. */
export interface HostRecord {
  host: string;
  /** When it last said so (its own clock, ms). */
  at: number;
  pid: number;
  /** Its agents (`roster.ts`), for the hosts in `agentsFor` to list. */
  agents?: FabricAgent[];
  /** The hosts it lets list its agents (those it grants `message`). */
  agentsFor?: string[];
}

/** One host as seen from here. */
export interface HostSeen {
  host: string;
  /** `self`, `up` (heard of within three heartbeats) or `unreachable`. */
  state: "self" | "up" | "unreachable";
  /** When it was last heard of here (ms since the epoch), if ever. */
  lastSeen?: number;
}

/** This host's presence and what it knows of the others. */
export class Presence {
  #nc: NatsConnection;
  #host: string;
  #beatMs: number;
  #kv: KV | undefined;
  #seen = new Map<string, number>();
  /** Each host's clock against the hub's (this one's too), from its puts. */
  readonly clocks: Clocks;
  /** The last record each other host put (kept when it goes away: its agents stay listed). */
  #records = new Map<string, HostRecord>();
  #extra: () => Partial<HostRecord>;
  #agentsChanged: (host: string) => void;
  /** A put asked for while one was under way: it follows at once. */
  #again = false;
  #timer: ReturnType<typeof setInterval> | undefined;
  #watching = false;
  #beating = false;
  #closed = false;
  #changed: () => void;

  constructor(
    nc: NatsConnection,
    host: string,
    o: {
      heartbeatMs: number;
      known: readonly string[];
      changed: () => void;
      /** What this host adds to its record at each put (its agents). */
      extra?: () => Partial<HostRecord>;
      /** Where each host's clock is kept (from its puts). */
      clocks?: Clocks;
      /** Another host's agents changed (a put with a different list). */
      agentsChanged?: (host: string) => void;
    },
  ) {
    this.#extra = o.extra ?? (() => ({}));
    this.clocks = o.clocks ?? new Clocks();
    this.#agentsChanged = o.agentsChanged ?? (() => {});
    this.#nc = nc;
    this.#host = host;
    this.#beatMs = o.heartbeatMs;
    this.#changed = o.changed;
    for (const h of o.known) if (h !== host) this.#seen.set(h, 0);
  }

  /** Starts beating; never waits on the hub. */
  start(): void {
    void this.#beat();
    this.#timer = setInterval(() => void this.#beat(), this.#beatMs);
  }

  /** Whether `host` was heard of within three heartbeats. */
  alive(host: string): boolean {
    const at = this.#seen.get(host);
    return at !== undefined && Date.now() - at < 3 * this.#beatMs;
  }

  /** Every host known here (never seen ones too), this one first. */
  hosts(): HostSeen[] {
    const others = [...this.#seen].sort(([a], [b]) => a.localeCompare(b)).map(([host, at]) => ({
      host,
      state: this.alive(host) ? "up" as const : "unreachable" as const,
      ...(at ? { lastSeen: at } : {}),
    }));
    return [{ host: this.#host, state: "self", lastSeen: Date.now() }, ...others];
  }

  /** The last record `host` put, if any was seen here. */
  record(host: string): HostRecord | undefined {
    return this.#records.get(host);
  }

  /** Puts this host's record now (its agents changed), not waiting for the next beat. */
  publish(): void {
    if (this.#beating) this.#again = true;
    else void this.#beat();
  }

  /** The names of the other hosts known here. */
  names(): string[] {
    return [...this.#seen.keys()];
  }

  close(): void {
    this.#closed = true;
    clearInterval(this.#timer);
  }

  async #beat(): Promise<void> {
    // One beat at a time: with the hub away, a beat waits out its time-out, and they must not
    // pile up behind it.
    if (this.#closed || this.#nc.isClosed() || this.#beating) return;
    this.#beating = true;
    try {
      this.#kv ??= await this.#open();
      const record: HostRecord = {
        ...this.#extra(),
        host: this.#host,
        at: Date.now(),
        pid: Deno.pid,
      };
      let text = JSON.stringify(record);
      // Past this its agents are left out (the others then ask for them, fabric.agents): a
      // put over NATS's payload limit would leave this host silent.
      if (text.length > MAX_RECORD_CHARS) {
        const { agents: _, agentsFor: __, ...bare } = record;
        text = JSON.stringify(bare);
      }
      await this.#kv.put(this.#host, text);
      if (!this.#watching) await this.#watch(this.#kv);
    } catch {
      // The hub is away: the next beat tries again.
      this.#kv = undefined;
      this.#watching = false;
    } finally {
      this.#beating = false;
    }
    if (this.#again) {
      this.#again = false;
      void this.#beat();
    }
  }

  async #open(): Promise<KV> {
    const kvm = new Kvm(jetstream(this.#nc, { domain: HUB_DOMAIN, timeout: this.#beatMs }));
    // Three beats: a host that stopped is gone from the bucket soon after it is marked so.
    return await kvm.create(PRESENCE_BUCKET, { ttl: 3 * this.#beatMs, history: 1 });
  }

  async #watch(kv: KV): Promise<void> {
    this.#watching = true;
    const iter = await kv.watch();
    void (async () => {
      try {
        for await (const entry of iter) {
          if (this.#closed) break;
          if (entry.operation !== "PUT") continue;
          try {
            const at = entry.json<HostRecord>()?.at;
            if (typeof at === "number") this.clocks.sample(entry.key, entry.created.getTime(), at);
          } catch { /* not a record */ }
          if (entry.key === this.#host) continue;
          const isNew = !this.#seen.get(entry.key);
          // A last value from before the watch began counts from when it was written.
          this.#seen.set(entry.key, Math.min(Date.now(), entry.created.getTime()));
          try {
            const record = entry.json<HostRecord>();
            if (record?.host === entry.key) {
              const before = JSON.stringify(this.#records.get(entry.key)?.agents);
              this.#records.set(entry.key, record);
              if (JSON.stringify(record.agents) !== before) this.#agentsChanged(entry.key);
            }
          } catch { /* not a record: the host is still alive */ }
          if (isNew) this.#changed();
        }
      } catch { /* the watch ends with the link */ }
      this.#watching = false;
    })();
  }
}
