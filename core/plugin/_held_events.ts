/**
 * The events that wake an idle lazy plugin (its config's `wakeOn` topics), held from the
 * moment it goes idle until it runs: each one wakes it, and each subscription it makes while
 * starting is handed the held events it matches before the live ones. So a program's copy
 * (`pane.clipboard`) printed while the tmux plugin is idle still becomes a paste buffer.
 * Other subscribers see nothing of this.
 *
 * @module
 */

import type { Bus, Caller, EventFilter, WeftEvent } from "../bus/mod.ts";
import { eventMatches } from "../../protocols/bus/events.ts";
import { toErrorBody } from "../../protocols/bus/errors.ts";
import type { Capability } from "../../protocols/bus/capabilities.ts";
import type { PluginConfig } from "../config/types.ts";

/** Most events held for one starting plugin; later ones are dropped (a start that hangs). */
export const MAX_HELD_EVENTS = 1_000;

/** Events of some topics, held for a plugin that is not running yet. */
export class HeldEvents {
  #events: WeftEvent[] = [];
  #off: () => void;

  /**
   * Subscribes to `topics` as `caller` (the plugin, so it holds only what the plugin may
   * receive; throws `DENIED` otherwise) and calls `arrived` for each event.
   */
  constructor(bus: Bus, topics: readonly string[], caller: Caller, arrived: () => void) {
    this.#off = bus.events.subscribe({ topics: [...topics] }, (event) => {
      if (this.#events.length < MAX_HELD_EVENTS) this.#events.push(event);
      arrived();
    }, caller);
  }

  /** The held events `filter` matches, oldest first. */
  matching(filter: EventFilter): WeftEvent[] {
    return this.#events.filter((e) => eventMatches(filter, e.topic, e.pane));
  }

  /** Stops holding and forgets what was held. */
  dispose(): void {
    this.#off();
    this.#events = [];
  }
}

/**
 * Holds the events of `config`'s `wakeOn` topics for it (none: nothing held), as the plugin
 * with `grant`; `warn` hears why it holds none when its grant may not receive them.
 */
export function holdWakeEvents(
  bus: Bus,
  config: PluginConfig,
  grant: ReadonlySet<Capability>,
  wake: () => void,
  warn: (message: string) => void,
): HeldEvents | undefined {
  const { name, wakeOn } = config;
  if (!wakeOn?.length) return undefined;
  try {
    return new HeldEvents(
      bus,
      wakeOn,
      { kind: "plugin", id: name, grants: grant, chain: [name] },
      wake,
    );
  } catch (err) {
    warn(`holds no events while idle: ${toErrorBody(err).message}`);
    return undefined;
  }
}
