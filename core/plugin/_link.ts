/**
 * One running plugin as the host speaks to it, over a swappable {@link Transport} (a process
 * by default, a Worker as an option): every message from it validated, a heartbeat that finds
 * a plugin that hangs, and every way it can end reported once as "down".
 *
 * @module
 */

import { WeftError } from "../../protocols/bus/errors.ts";
import type { Capability } from "../../protocols/bus/capabilities.ts";
import {
  type HostMessage,
  parsePluginMessage,
  type PluginMessage,
} from "../../protocols/plugin/mod.ts";
import type { Transport, TransportFactory } from "./_transport.ts";
import type { Backlog } from "../edge/party.ts";
import type { Crossings } from "./_crossings.ts";

/** Where the link reports to. */
export interface LinkEvents {
  /** A valid message, other than a pong or an exit, that no `next()` waited for. */
  message(message: PluginMessage): void;
  /** The plugin is gone; called at most once, never after `terminate()`. */
  down(reason: string): void;
  /** The plugin sent something that is not a valid message (`raw` when it was decoded). */
  invalid(reason: string, raw?: unknown): void;
  /** A line the plugin process printed on stderr. */
  stderr?(line: string): void;
  /** The heartbeat's notice that the plugin is late to answer, or answers again. */
  slow?(notice: string): void;
}

/** How to start the plugin. */
export interface LinkOptions {
  url: URL;
  plugin: string;
  grant: ReadonlySet<Capability>;
  projectDir: string;
  /** The project's state folder (see `TransportOptions.stateDir`). */
  stateDir?: string;
  /** See `TransportOptions.lockFile`. */
  lockFile?: string | null;
  memoryMiB: number;
  /** Ping period. 0 turns pings off. */
  heartbeatMs: number;
  /**
   * How many periods in a row a ping may stay unanswered before the plugin counts as hung and
   * is ended (default {@link HEARTBEAT_MISSES}). Only periods the host itself kept count.
   */
  heartbeatMisses?: number;
  transport: TransportFactory;
  /** Counts every message that crosses, both ways. */
  crossings?: Crossings;
}

/**
 * Unanswered periods before a plugin counts as hung: a plugin busy for a few seconds on a
 * loaded machine is slow, not hung, and ending it ends everything it serves (the MCP door's
 * sessions) for a restart.
 */
export const HEARTBEAT_MISSES = 4;

/** A tick this much later than its period means the host itself was held up. */
const HOST_LAG_SHARE = 0.5;

type Waiter = {
  resolve: (m: PluginMessage) => void;
  reject: (e: unknown) => void;
};

/** A plugin and its message stream. */
export class PluginLink {
  #transport: Transport;
  #events: LinkEvents;
  #heartbeatMs: number;
  #heartbeatMisses: number;
  #misses = 0;
  #lastTick = 0;
  #pingSentAt = 0;
  #closed = false;
  #waiters = new Map<string, Waiter>();
  #timer: ReturnType<typeof setTimeout> | undefined;
  #sent = 0;
  #answered = 0;
  #onClosed!: () => void;
  #crossings: Crossings | undefined;

  /** Resolves once the plugin is down or terminated. */
  readonly closed: Promise<void> = new Promise((resolve) => (this.#onClosed = resolve));

  constructor(options: LinkOptions, events: LinkEvents) {
    this.#events = events;
    this.#heartbeatMs = options.heartbeatMs;
    this.#heartbeatMisses = options.heartbeatMisses ?? HEARTBEAT_MISSES;
    this.#crossings = options.crossings;
    this.#transport = options.transport(options, {
      message: (raw) => this.#receive(raw),
      invalid: (reason) => this.#events.invalid(reason),
      down: (reason) => this.#down(reason),
      stderr: (line) => this.#events.stderr?.(line),
    });
  }

  /** False once the plugin is down or terminated. */
  get alive(): boolean {
    return !this.#closed;
  }

  /** Resolves once the plugin's process (if any) is gone and drained. */
  get exited(): Promise<void> {
    return this.#transport.exited;
  }

  /**
   * Sends a message; throws when the message cannot be encoded. `lane`: the pane it is about,
   * if any (see {@link Transport.send}).
   */
  post(message: HostMessage, lane?: string): void {
    if (this.#closed) return;
    this.#transport.send(message, lane);
    this.#crossings?.count("out", message);
  }

  /** What waits for the plugin to read it (see {@link Transport.backlog}). */
  backlog(lane?: string): Backlog {
    return this.#transport.backlog?.(lane) ?? { all: 0, lane: 0 };
  }

  /** The next message of `type`, or a rejection when the plugin goes down or `ms` pass. */
  next<T extends PluginMessage["type"]>(
    type: T,
    ms: number,
  ): Promise<Extract<PluginMessage, { type: T }>> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.#waiters.delete(type);
        reject(new WeftError("TIMEOUT", `it sent no ${type} message within ${ms} ms`));
      }, ms);
      this.#waiters.set(type, {
        resolve: (m) => (clearTimeout(timer), resolve(m as Extract<PluginMessage, { type: T }>)),
        reject: (e) => (clearTimeout(timer), reject(e)),
      });
    });
  }

  /**
   * Starts the pings that find a plugin that exited silently or hangs. One ping is out at a
   * time; a plugin that leaves it unanswered for {@link LinkOptions.heartbeatMisses} periods
   * is down. A period in which the host's own timer ran late does not count: the answer may
   * be waiting unread in the pipe.
   */
  startHeartbeat(): void {
    if (this.#heartbeatMs <= 0 || this.#timer !== undefined || this.#closed) return;
    this.#lastTick = performance.now();
    this.#timer = setInterval(() => this.#tick(), this.#heartbeatMs);
  }

  #tick(): void {
    const now = performance.now();
    const lag = now - this.#lastTick - this.#heartbeatMs;
    this.#lastTick = now;
    if (this.#answered >= this.#sent) {
      this.#pingSentAt = now;
      return this.post({ type: "ping", seq: ++this.#sent });
    }
    const silent = Math.round(now - this.#pingSentAt);
    const limit = this.#heartbeatMs * this.#heartbeatMisses;
    // A host held up all the time still ends a plugin silent for twice the limit.
    const hostLate = lag > this.#heartbeatMs * HOST_LAG_SHARE && silent < 2 * limit;
    if (hostLate) return;
    this.#misses++;
    if (this.#misses >= this.#heartbeatMisses || silent >= 2 * limit) {
      return this.#down(`it stopped answering for more than ${silent} ms`);
    }
    if (this.#misses === 1) {
      this.#events.slow?.(
        `it has not answered a ping for ${silent} ms (busy?); it is ended if it stays silent ` +
          `for about ${limit} ms`,
      );
    }
  }

  #pong(seq: number): void {
    this.#answered = Math.max(this.#answered, seq);
    if (this.#misses === 0 || this.#answered < this.#sent) return;
    this.#misses = 0;
    const late = Math.round(performance.now() - this.#pingSentAt);
    this.#events.slow?.(`it answered a ping again, after ${late} ms`);
  }

  /** Stops the plugin for real; no `down` event follows. */
  terminate(reason = "it was stopped"): void {
    if (this.#closed) return;
    this.#close(reason);
  }

  #receive(raw: unknown): void {
    if (this.#closed) return;
    let message: PluginMessage;
    try {
      message = parsePluginMessage(raw);
    } catch (err) {
      return this.#events.invalid(err instanceof Error ? err.message : String(err), raw);
    }
    this.#crossings?.count("in", message);
    if (message.type === "pong") {
      this.#pong(message.seq);
    } else if (message.type === "exit") {
      this.#down(`it exited with code ${message.code}`);
    } else {
      const waiter = this.#waiters.get(message.type);
      this.#waiters.delete(message.type);
      if (waiter) waiter.resolve(message);
      else this.#events.message(message);
    }
  }

  #down(reason: string): void {
    if (this.#closed) return;
    this.#close(reason);
    this.#events.down(reason);
  }

  #close(reason: string): void {
    this.#closed = true;
    this.#onClosed();
    clearInterval(this.#timer);
    this.#transport.kill();
    for (const waiter of this.#waiters.values()) {
      waiter.reject(new WeftError("PLUGIN_CRASHED", reason));
    }
    this.#waiters.clear();
  }
}
