/**
 * A plugin's commands on the bus: registered from a manifest and grant (a lazy plugin's from
 * the remembered manifest, before it runs), kept when a later load shows the same, and taken
 * off when it stops, crashes or fails.
 *
 * @module
 */

import type { Bus, Command, CommandSpec } from "../bus/mod.ts";
import { toErrorBody } from "../../protocols/bus/errors.ts";
import type { Capability } from "../../protocols/bus/capabilities.ts";
import type { Manifest } from "../../protocols/plugin/mod.ts";
import { fatalError } from "./_load.ts";
import { PluginRoute } from "./_route.ts";

/** One plugin's commands on the bus. */
export class BusRegistration {
  #bus: Bus;
  #plugin: string;
  /** The manifest and grant its commands went on the bus with; none while off it. */
  #onBus: { manifest: Manifest; grant: ReadonlySet<Capability> } | undefined;
  /** Its route to other hosts (on the bus once it says what it reaches), across its runs. */
  readonly route: PluginRoute;

  constructor(bus: Bus, plugin: string) {
    this.#bus = bus;
    this.#plugin = plugin;
    this.route = new PluginRoute(plugin, bus);
  }

  /**
   * Puts the manifest's commands on the bus, each made by `forwarder`; nothing changes when
   * the same commands with the same rights are there already. Throws a fatal error when the
   * bus refuses them (a name taken).
   */
  register(
    manifest: Manifest,
    grant: ReadonlySet<Capability>,
    forwarder: (spec: CommandSpec) => Command,
  ): void {
    const before = this.#onBus;
    if (before) {
      // Idle until now: its commands went on the bus from the remembered manifest.
      if (sameCommands(before.manifest, manifest, before.grant, grant)) return;
      this.unregister();
    }
    const commands = manifest.commands.map(forwarder);
    try {
      this.#bus.register(this.#plugin, commands, grant);
    } catch (err) {
      const body = toErrorBody(err);
      throw fatalError(body.code, body.message);
    }
    this.#onBus = { manifest, grant };
  }

  /** Takes its commands off the bus, if they are on it. */
  unregister(): void {
    if (this.#onBus) this.#bus.unregister(this.#plugin);
    this.#onBus = undefined;
  }
}

/** Whether two manifests put the same commands with the same rights on the bus. */
function sameCommands(
  a: Manifest,
  b: Manifest,
  grantA: ReadonlySet<Capability>,
  grantB: ReadonlySet<Capability>,
): boolean {
  return JSON.stringify(a.commands) === JSON.stringify(b.commands) &&
    [...grantA].sort().join() === [...grantB].sort().join();
}
