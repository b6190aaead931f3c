/**
 * The plugin host: runs each configured plugin in its own process (a `deno run` with the
 * permissions its grant allows and a memory cap), registers its commands on the bus, keeps it
 * going through crashes, and gives up on one that keeps crashing. A plugin configured `lazy`
 * (built-ins that do nothing unasked) is `idle` until its first use: its commands are on the
 * bus from its remembered manifest and its process starts when one is called, when one of its
 * topics is subscribed to, or when {@link PluginHost.wake} is called for it.
 *
 * @module
 */

import type { Bus } from "../bus/mod.ts";
import type { PluginConfig } from "../config/types.ts";
import { BACKOFF_DEFAULTS, type BackoffOptions } from "./_backoff.ts";
import { PluginInstance } from "./_instance.ts";
import type { InstanceOptions } from "./_instance_options.ts";
import { HEARTBEAT_MISSES } from "./_link.ts";
import { processTransport } from "./_process_transport.ts";
import type { TransportFactory } from "./_transport.ts";
import type { ManifestCache } from "./manifest_cache.ts";
import { DEFAULTS } from "../config/defaults.ts";
import type { PluginLogEntry, PluginStatus } from "./types.ts";
import { type CrossingCounts, Crossings } from "./_crossings.ts";

/** Options of {@link PluginHost}. */
export interface PluginHostOptions {
  bus: Bus;
  /** The project directory: relative `from` paths and `read:`/`write:` grants start here. */
  projectDir: string;
  /** The project's state folder (default `<project>/.weft`): `.weft` grants and data folders. */
  stateDir?: string;
  /** How long a plugin may take to answer a call before it fails with `TIMEOUT`. */
  callTimeoutMs?: number;
  /** How long a plugin may take to load and run its setup. */
  startTimeoutMs?: number;
  /** Ping period. 0: no pings. */
  heartbeatMs?: number;
  /**
   * Periods a ping may stay unanswered before the plugin counts as hung and is ended; a
   * period in which the host itself ran late does not count.
   */
  heartbeatMisses?: number;
  /** How long a stopping plugin may take to close before its Worker is ended. */
  shutdownMs?: number;
  /** Restart back-off, and how many crashes within a window mark a plugin failed. */
  restart?: Partial<BackoffOptions>;
  /** How a plugin runs: its own process (the default), or `workerTransport` for a Worker. */
  transport?: TransportFactory;
  /** The memory cap of a plugin whose config names none, in MiB. */
  memoryMiB?: number;
  /** Most nested calls one plugin may have in flight; more are refused at once. */
  maxCallsInFlight?: number;
  /** Log lines per second a plugin may write before the rest are dropped and counted. */
  logLinesPerSecond?: number;
  /** Where plugin log lines go; by default, stderr. */
  log?: (entry: PluginLogEntry) => void;
  /**
   * Manifests remembered from earlier runs (`fileManifestCache(".weft/plugins.json")`): a
   * plugin with Deno-level rights is then loaded once at start, not twice.
   */
  manifests?: ManifestCache;
  /**
   * A pane's screen right now (unparsed output bytes, input modes): what a plugin's snapshot
   * subscription needs to cut the events its read already showed.
   */
  paneScreen?: (pane: string) => { pendingBytes: number; modes: unknown } | undefined;
}

/** The defaults of {@link PluginHostOptions}. */
export const PLUGIN_HOST_DEFAULTS = {
  callTimeoutMs: 30_000,
  // Generous: a plugin's first load on a cold cache, on a busy machine, compiles its whole
  // module graph (the MCP SDK, zod) in a fresh process. It bounds a hung start too.
  startTimeoutMs: 30_000,
  // A hung plugin is ended after about 4 × 2.5 s; one busy for a few seconds is only logged.
  heartbeatMs: 2_500,
  heartbeatMisses: HEARTBEAT_MISSES,
  shutdownMs: 1_000,
  memoryMiB: DEFAULTS.pluginMemoryMiB,
  maxCallsInFlight: 256,
  logLinesPerSecond: 50,
} as const;

function logToStderr({ plugin, level, message }: PluginLogEntry): void {
  if (level !== "debug") {
    console.error(`weft: plugin "${plugin}" ${level}: ${message}`);
  }
}

/**
 * Runs plugins, each in its own process. A plugin that fails to load is reported in
 * {@link status} and the others go on; a crashed one is restarted with back-off, and one that
 * crashes too often is marked failed.
 *
 * @example
 * ```ts
 * import { Bus } from "../bus/mod.ts";
 * import { PluginHost } from "./host.ts";
 * const bus = new Bus();
 * const host = new PluginHost({ bus, projectDir: Deno.cwd() });
 * await host.start([]);
 * console.assert(host.status().length === 0);
 * await host.stop();
 * ```
 */
export class PluginHost {
  #options: InstanceOptions;
  #plugins = new Map<string, PluginInstance>();
  #unwatch: () => void;
  #crossings = new Map<string, Crossings>();

  constructor(options: PluginHostOptions) {
    this.#options = {
      ...PLUGIN_HOST_DEFAULTS,
      bus: options.bus,
      projectDir: options.projectDir,
      ...pick(options, [
        "callTimeoutMs",
        "startTimeoutMs",
        "heartbeatMs",
        "heartbeatMisses",
        "shutdownMs",
        "memoryMiB",
        "maxCallsInFlight",
        "logLinesPerSecond",
        "stateDir",
      ]),
      backoff: { ...BACKOFF_DEFAULTS, ...options.restart },
      log: options.log ?? logToStderr,
      ...(options.manifests ? { manifests: options.manifests } : {}),
      ...(options.paneScreen ? { paneScreen: options.paneScreen } : {}),
      transport: options.transport ?? processTransport,
      crossings: (name) => this.#crossingsOf(name),
    };
    // Someone asks for an idle plugin's events (`message.received`): it starts now. A pattern
    // that names no plugin (`*`, `pane.*`) starts none.
    this.#unwatch = options.bus.events.watchSubscriptions((topics) => {
      for (const topic of topics) {
        const owner = topic.slice(0, topic.indexOf("."));
        if (owner && !owner.includes("*")) void this.#plugins.get(owner)?.wake();
      }
    });
  }

  /**
   * Starts an idle plugin (configured `lazy`, not yet used) and resolves once it runs, has
   * crashed or has failed; at once for any other. The server calls it for a plugin that owns
   * state it finds (a restored canvas pane).
   */
  wake(name: string): Promise<void> {
    return this.#plugins.get(name)?.wake() ?? Promise.resolve();
  }

  /**
   * Starts plugins and waits for each one's first load to end (running, crashed or failed).
   * Meanwhile a bus call to a command one of them will own waits for it. Throws a `TypeError`
   * only for a name that is configured twice or already started.
   */
  async start(configs: readonly PluginConfig[]): Promise<PluginStatus[]> {
    const names = configs.map((c) => c.name);
    const twice = names.find((n, i) => names.indexOf(n) !== i || this.#plugins.has(n));
    if (twice !== undefined) {
      throw new TypeError(
        `Cannot start plugin "${twice}": it is already started`,
      );
    }
    const started = configs.map((config) => {
      const plugin = new PluginInstance(config, this.#options);
      this.#plugins.set(config.name, plugin);
      return plugin;
    });
    await Promise.all(started.map((plugin, i) => {
      const first = plugin.start();
      this.#options.bus.expect(configs[i]!.name, first);
      return first;
    }));
    return started.map((p) => p.status());
  }

  /**
   * Stops the plugin of this name if it runs (its commands leave the bus, its calls in flight
   * fail) and, with a config, starts it afresh from that config: a new process that reads its
   * module again. Resolves to its state once its first load has ended; undefined when none is
   * started. `weft plugin reload|add|remove` come here through `server.plugin_reload`.
   */
  async replace(name: string, config?: PluginConfig): Promise<PluginStatus | undefined> {
    if (config && config.name !== name) {
      throw new TypeError(`Cannot replace plugin "${name}" with "${config.name}"`);
    }
    const old = this.#plugins.get(name);
    if (old) {
      this.#plugins.delete(name);
      old.mute();
      await old.stop();
    }
    if (!config) return undefined;
    const [status] = await this.start([config]);
    return status;
  }

  /** Every plugin's state, in start order. */
  status(): PluginStatus[] {
    return [...this.#plugins.values()].map((p) => p.status());
  }

  /**
   * How many messages crossed plugin `name`'s pipe since it was first started, by kind (see
   * {@link CrossingCounts}): what tests pin and benches report.
   */
  crossings(name: string): CrossingCounts {
    return this.#crossings.get(name)?.counts() ?? {};
  }

  #crossingsOf(name: string): Crossings {
    let crossings = this.#crossings.get(name);
    if (!crossings) this.#crossings.set(name, crossings = new Crossings());
    return crossings;
  }

  /** Stops every plugin and forgets them. */
  async stop(): Promise<void> {
    this.#unwatch();
    const plugins = [...this.#plugins.values()];
    this.#plugins.clear();
    for (const p of plugins) p.mute();
    await Promise.all(plugins.map((p) => p.stop()));
  }
}

function pick<T extends object, K extends keyof T>(
  source: T,
  keys: readonly K[],
): Partial<T> {
  const out: Partial<T> = {};
  for (const key of keys) if (source[key] !== undefined) out[key] = source[key];
  return out;
}
