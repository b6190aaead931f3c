/**
 * One plugin's log: the host's own lines about it go through as they are; what the plugin
 * itself says (log messages, stderr, invalid messages) is capped per second, and the dropped
 * count is told in one line once the second is over.
 *
 * @module
 */

import type { LogLevel } from "../../protocols/plugin/mod.ts";
import { LogLimit } from "./_log_limit.ts";
import type { PluginLogEntry } from "./types.ts";

/** A plugin's log, limited where the plugin is the one talking. */
export class PluginLog {
  #plugin: string;
  #sink: (entry: PluginLogEntry) => void;
  #limit: LogLimit;
  #perSecond: number;
  #timer: ReturnType<typeof setTimeout> | undefined;

  constructor(plugin: string, sink: (entry: PluginLogEntry) => void, perSecond: number) {
    this.#plugin = plugin;
    this.#sink = sink;
    this.#perSecond = perSecond;
    this.#limit = new LogLimit({ perSecond });
  }

  /** A line of the host about the plugin (start, crash, failure): never dropped. */
  host(level: LogLevel, message: string): void {
    this.#sink({ plugin: this.#plugin, level, message });
  }

  /** A line the plugin caused: dropped past the per-second cap, and counted. */
  plugin(level: LogLevel, message: string): void {
    if (this.#limit.admit()) return this.host(level, message);
    this.#timer ??= setTimeout(() => this.#tellDropped(), 1000);
  }

  /** Tells what is still counted and stops the timer. */
  dispose(): void {
    clearTimeout(this.#timer);
    this.#tellDropped();
  }

  #tellDropped(): void {
    this.#timer = undefined;
    const dropped = this.#limit.takeDropped();
    if (dropped > 0) {
      this.host(
        "warn",
        `${dropped} log lines dropped (more than ${this.#perSecond} a second)`,
      );
    }
  }
}
