/**
 * The events that wake an idle lazy plugin (its config's `wakeOn`), held from the moment it
 * goes idle until it runs: each one wakes it, and each subscription it makes while starting is
 * handed the held events it matches before the live ones. So a program's copy
 * (`pane.clipboard`) printed while the tmux plugin is idle still becomes a paste buffer, and
 * the output an agent pane printed while the sideband started is still read. A rule's `where`
 * narrows a topic to the events whose payload says so; its `hold` topics are held for the pane
 * that woke it only, so an idle plugin costs no event fan-out for the other panes.
 * Other subscribers see nothing of this.
 *
 * @module
 */

import type { Bus, Caller, EventFilter, WeftEvent } from "../bus/mod.ts";
import { eventMatches } from "../../protocols/bus/events.ts";
import { toErrorBody } from "../../protocols/bus/errors.ts";
import type { Capability } from "../../protocols/bus/capabilities.ts";
import type { PluginConfig, WakeOn, WakeRule } from "../config/types.ts";

/** Most events held for one starting plugin; later ones are dropped (a start that hangs). */
export const MAX_HELD_EVENTS = 1_000;

/** Events of some topics, held for a plugin that is not running yet. */
export class HeldEvents {
  #events: WeftEvent[] = [];
  #offs: (() => void)[] = [];
  #rules: WakeRule[];
  #caller: Caller;
  #bus: Bus;
  #arrived: () => void;
  /** Panes whose `hold` topics are held already. */
  #panes = new Set<string>();

  /**
   * Subscribes to the rules' topics as `caller` (the plugin, so it holds only what the plugin
   * may receive; throws `DENIED` otherwise) and calls `arrived` for each event that wakes it.
   */
  constructor(bus: Bus, wakeOn: readonly WakeOn[], caller: Caller, arrived: () => void) {
    this.#bus = bus;
    this.#caller = caller;
    this.#arrived = arrived;
    this.#rules = wakeOn.map((w) => typeof w === "string" ? { topic: w } : w);
    const topics = [...new Set(this.#rules.map((r) => r.topic))];
    try {
      this.#offs.push(bus.events.subscribe({ topics }, (event) => this.#event(event), caller));
    } catch (err) {
      this.dispose();
      throw err;
    }
  }

  /** The held events `filter` matches, oldest first. */
  matching(filter: EventFilter): WeftEvent[] {
    return this.#events.filter((e) => eventMatches(filter, e.topic, e.pane));
  }

  /** Stops holding and forgets what was held. */
  dispose(): void {
    for (const off of this.#offs) off();
    this.#offs = [];
    this.#events = [];
  }

  #event(event: WeftEvent): void {
    const rule = this.#rules.find((r) => r.topic === event.topic && wakes(r, event.data));
    if (!rule) return;
    this.#keep(event);
    if (rule.hold?.length && event.pane !== undefined) this.#holdPane(event.pane, rule.hold);
    this.#arrived();
  }

  #keep(event: WeftEvent): void {
    if (this.#events.length < MAX_HELD_EVENTS) this.#events.push(event);
  }

  #holdPane(pane: string, topics: readonly string[]): void {
    if (this.#panes.has(pane)) return;
    this.#panes.add(pane);
    try {
      this.#offs.push(
        this.#bus.events.subscribe(
          { topics: [...topics], panes: [pane] },
          (e) => this.#keep(e),
          this.#caller,
        ),
      );
    } catch { /* the plugin may not receive them: it will not, once running, either */ }
  }
}

/**
 * Whether an event's payload wakes a plugin by `rule`: no `where`, or one of its fields holds
 * one of the values listed for it (an array field: one of its items; `x*`: by prefix).
 *
 * @example
 * ```ts
 * import { wakes } from "./_held_events.ts";
 * const rule = { topic: "pane.created", where: { agent: ["claude"], tags: ["sideband:*"] } };
 * console.assert(wakes(rule, { agent: "claude", tags: [] }));
 * console.assert(wakes(rule, { agent: "shell", tags: ["sideband:stream"] }));
 * console.assert(!wakes(rule, { agent: "shell", tags: [] }));
 * ```
 */
export function wakes(rule: WakeRule, data: unknown): boolean {
  if (!rule.where) return true;
  if (typeof data !== "object" || data === null) return false;
  const record = data as Record<string, unknown>;
  return Object.entries(rule.where).some(([field, values]) => {
    const value = record[field];
    const items = Array.isArray(value) ? value : [value];
    return items.some((item) => typeof item === "string" && values.some((v) => like(item, v)));
  });
}

function like(value: string, pattern: string): boolean {
  return pattern.endsWith("*") ? value.startsWith(pattern.slice(0, -1)) : value === pattern;
}

/**
 * Holds the events of `config`'s `wakeOn` for it (none: nothing held), as the plugin with
 * `grant`; `warn` hears why it holds none when its grant may not receive them.
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
