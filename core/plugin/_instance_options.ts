/**
 * What every plugin instance of a host shares: the bus, the project, deadlines, limits.
 *
 * @module
 */

import type { Bus } from "../bus/mod.ts";
import type { BackoffOptions } from "./_backoff.ts";
import type { ManifestCache } from "./manifest_cache.ts";
import type { TransportFactory } from "./_transport.ts";
import type { PluginLogEntry } from "./types.ts";
import type { Crossings } from "./_crossings.ts";

/** What every plugin instance of a host shares. */
export interface InstanceOptions {
  bus: Bus;
  projectDir: string;
  /** The project's state folder, where `.weft` grants and data folders are. */
  stateDir?: string;
  callTimeoutMs: number;
  startTimeoutMs: number;
  heartbeatMs: number;
  heartbeatMisses: number;
  shutdownMs: number;
  backoff: BackoffOptions;
  log: (entry: PluginLogEntry) => void;
  transport: TransportFactory;
  /** The memory cap of a plugin whose config names none. */
  memoryMiB: number;
  maxCallsInFlight: number;
  logLinesPerSecond: number;
  /** Manifests from earlier runs, so a plugin with Deno-level rights is loaded once. */
  manifests?: ManifestCache;
  /** A pane's screen right now: unparsed output bytes and input modes (for snapshots). */
  paneScreen?: (pane: string) => { pendingBytes: number; modes: unknown } | undefined;
  /** Each plugin's counter of the messages that cross its pipe, by its name. */
  crossings?: (plugin: string) => Crossings;
}
