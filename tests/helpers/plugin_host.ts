/**
 * Test helpers for the plugin host: a host over fake panes, plugin configs, waiting and
 * reading error replies.
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
import { fakePanes } from "../fixtures/plugins/_fake_panes.ts";

/** The hello example plugin. */
export const HELLO = new URL("../../examples/plugins/hello/mod.ts", import.meta.url).href;
/** A hostile or test plugin under `tests/fixtures/plugins/`. */
export const fixture = (name: string) =>
  new URL(`../fixtures/plugins/${name}/mod.ts`, import.meta.url).href;
/** A caller with every right. */
export const OWNER: Caller = { kind: "cli", id: "test", grants: "all" };

/** A plugin config as the loader would make it. */
export function plugin(
  name: string,
  from: string,
  grant: Capability[] = [],
  options: Record<string, unknown> = {},
): PluginConfig {
  return { name, from, grant, options };
}

/** What a test body gets. */
export interface Harness {
  bus: Bus;
  panes: Map<string, string>;
  host: PluginHost;
  events: WeftEvent[];
  logs: PluginLogEntry[];
  call: (name: string, input: unknown, caller?: Caller) => Promise<Reply>;
  status: (name: string) => PluginStatus;
}

/** Host options, plus `setup`: runs on the bus before the plugins start. */
export type HarnessOptions = Partial<PluginHostOptions> & { setup?: (bus: Bus) => void };

/** Starts a host over fake panes, runs `body`, always stops the host. */
export async function withHost(
  configs: PluginConfig[],
  body: (h: Harness) => void | Promise<void>,
  options: HarnessOptions = {},
): Promise<void> {
  const { bus, panes } = fakePanes({ p1: "first\nlast line\n\n", p2: "" });
  const events: WeftEvent[] = [];
  const logs: PluginLogEntry[] = [];
  bus.events.subscribe({ topics: ["plugin.*"] }, (e) => events.push(e));
  const { setup, ...hostOptions } = options;
  setup?.(bus);
  const host = new PluginHost({
    bus,
    projectDir: Deno.cwd(),
    log: (entry) => logs.push(entry),
    ...hostOptions,
    restart: { initialMs: 50, maxMs: 200, ...hostOptions.restart },
  });
  try {
    await host.start(configs);
    await body({
      bus,
      panes,
      host,
      events,
      logs,
      call: (name, input, caller = OWNER) => bus.call(name, input, { caller }),
      status: (name) => host.status().find((s) => s.name === name)!,
    });
  } finally {
    await host.stop();
  }
}

/** Polls `check` until it holds; throws after `ms`. */
export async function waitFor(what: string, check: () => boolean, ms = 5_000): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** The error of a reply that must be one. */
export function errorOf(reply: Reply): { code: string; message: string; data?: unknown } {
  ok(!reply.ok, `expected an error, got ${JSON.stringify(reply)}`);
  return reply.error;
}
