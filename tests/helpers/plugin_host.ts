/**
 * Test helpers for the plugin host: a host over the real core (tests/helpers/core.ts: the
 * built-in commands and model on fake PTYs) with two panes, plugin configs, waiting on what
 * the host reports, and reading error replies.
 *
 * @module
 */

import { ok } from "node:assert/strict";
import type { Bus, Caller, Reply, WeftEvent } from "../../core/bus/mod.ts";
import type { PluginConfig } from "../../core/config/types.ts";
import type { Capability } from "../../protocols/bus/capabilities.ts";
import {
  PluginHost,
  type PluginHostOptions,
  type PluginLogEntry,
  type PluginStatus,
} from "../../core/plugin/mod.ts";
import { OWNER, startCore, type TestCore } from "./core.ts";
import { untilEvent, wakeups } from "./poll.ts";

export { OWNER };

/** The hello example plugin. */
export const HELLO = new URL("../../examples/plugins/hello/mod.ts", import.meta.url).href;
/** A hostile or test plugin under `tests/fixtures/plugins/`. */
export const fixture = (name: string) =>
  new URL(`../fixtures/plugins/${name}/mod.ts`, import.meta.url).href;

/** A plugin config as the loader would make it. */
export function plugin(
  name: string,
  from: string,
  grant: Capability[] = [],
  options: Record<string, unknown> = {},
): PluginConfig {
  return { name, from, grant, options };
}

/**
 * A test core with one session of two panes: p1 shows "first" and "last line", p2 is empty.
 *
 * @example
 * ```ts ignore
 * const core = await coreWithPanes();
 * const read = await core.call<{ text: string }>("pane.read", { pane: "p1" });
 * ```
 */
export async function coreWithPanes(): Promise<TestCore> {
  const core = startCore();
  const { pane } = await core.call<{ pane: string }>("session.create", {});
  core.pty(pane).output("first\r\nlast line\r\n\r\n");
  await core.call("pane.create", { split: pane, focus: false });
  return core;
}

/** What a test body gets. */
export interface Harness {
  core: TestCore;
  bus: Bus;
  host: PluginHost;
  /** The host's `plugin.*` events, in order. */
  events: WeftEvent[];
  logs: PluginLogEntry[];
  call: (name: string, input: unknown, caller?: Caller) => Promise<Reply>;
  status: (name: string) => PluginStatus;
  /** Everything typed into a pane (what its program was sent). */
  typed: (pane: string) => string;
  /**
   * Waits until `check` holds, trying again after each event on the bus and each log line
   * (what the host does shows as one or the other).
   */
  until: (what: string, check: () => boolean) => Promise<void>;
}

/** Host options, plus `setup`: runs on the bus before the plugins start. */
export type HarnessOptions = Partial<PluginHostOptions> & { setup?: (bus: Bus) => void };

/** Starts a host over {@link coreWithPanes}, runs `body`, always stops the host. */
export async function withHost(
  configs: PluginConfig[],
  body: (h: Harness) => void | Promise<void>,
  options: HarnessOptions = {},
): Promise<void> {
  const core = await coreWithPanes();
  const { bus } = core;
  const events: WeftEvent[] = [];
  const logs: PluginLogEntry[] = [];
  const logged = wakeups();
  bus.events.subscribe({ topics: ["plugin.*"] }, (e) => events.push(e));
  const { setup, ...hostOptions } = options;
  setup?.(bus);
  const host = new PluginHost({
    bus,
    projectDir: Deno.cwd(),
    log: (entry) => (logs.push(entry), logged.wake()),
    ...hostOptions,
    restart: { initialMs: 50, maxMs: 200, ...hostOptions.restart },
  });
  const on = (wake: () => void) => {
    const offEvents = bus.events.subscribe({ topics: ["*"] }, wake);
    const offLogs = logged.on(wake);
    return () => (offEvents(), offLogs());
  };
  try {
    await host.start(configs);
    await body({
      core,
      bus,
      host,
      events,
      logs,
      call: (name, input, caller = OWNER) => bus.call(name, input, { caller }),
      status: (name) => host.status().find((s) => s.name === name)!,
      typed: (pane) => core.pty(pane).written,
      until: async (what, check) => void await untilEvent(what, { on, check }),
    });
  } finally {
    await host.stop();
    await core.dispose();
  }
}

/** The error of a reply that must be one. */
export function errorOf(reply: Reply): { code: string; message: string; data?: unknown } {
  ok(!reply.ok, `expected an error, got ${JSON.stringify(reply)}`);
  return reply.error;
}
