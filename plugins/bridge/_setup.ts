/**
 * The bridge's setup: its database, the broker and its executors, the events it listens to,
 * the recovery of what a crash interrupted, and its place on the messaging fabric.
 *
 * @module
 */

import type { DatabaseSync } from "node:sqlite";
import { type PluginContext, WeftError } from "@weft/weft/plugin";
import { Broker } from "./_broker.ts";
import { openDb, rows } from "./_db.ts";
import { headlessExecutor } from "./_exec.ts";
import { PANE_TAG, PaneExecutor } from "./_exec_pane.ts";
import { type Message, MessagingLink } from "./_messaging.ts";
import type { BridgeState } from "./_state.ts";
import { removeAgent, storeAgent } from "./_agents.ts";
import type { Options } from "./options.ts";
import { pruneHistory, pruneRuns, type Retention } from "./_retention.ts";
import type { BusCall } from "@weft/weft/plugin";

type Call = BusCall;

/** How often the history and the try files are pruned (`_retention.ts`) after the start. */
const PRUNE_EVERY_MS = 3600_000;

/** Builds the bridge's state; see the module doc. */
export async function setupBridge(ctx: PluginContext<Options>): Promise<BridgeState> {
  if (!ctx.dataDir) {
    throw new WeftError("DENIED", 'Cannot start the bridge: the project did not grant "data"');
  }
  const options = ctx.options;
  // A project that cannot be written keeps its state elsewhere: then the server says where.
  const projectDir = /\/\.weft\/data\/bridge\/?$/.test(ctx.dataDir)
    ? ctx.dataDir.replace(/\/\.weft\/data\/bridge\/?$/, "")
    : (await ctx.call("server.status", {})).projectDir;
  const runs = `${ctx.dataDir}/runs`;
  await Deno.mkdir(runs, { recursive: true });
  const db = openDb(ctx.dataDir);
  const keep: Retention = {
    keepMs: options.historyDays * 86_400_000,
    keepItems: options.historyItems,
    runsBytes: options.runsMiB * 1024 * 1024,
  };
  const prune = async () => {
    const files = await pruneRuns(runs, keep);
    const items = pruneHistory(db, keep);
    if (files || items) ctx.log(`pruned ${items} finished message(s) and ${files} try file(s)`);
  };
  await prune();
  const pruner = setInterval(
    () => void prune().catch((err) => ctx.log(`prune: ${err}`)),
    PRUNE_EVERY_MS,
  );
  Deno.unrefTimer(pruner);
  syncConfigured(db, options);
  const call: Call = <T>(name: string, input?: unknown) => ctx.call<T>(name, input);
  const panes = new PaneExecutor({ call, session: options.session });
  const broker = new Broker({
    db,
    runs,
    projectDir,
    options,
    executors: { pane: panes, headless: headlessExecutor() },
    publish: (topic, data) => ctx.publish(topic, data),
    deliver: (id) => void ctx.detached(() => link.deliver(id)),
    detach: (fn) => ctx.detached(fn),
  });
  const link: MessagingLink = new MessagingLink({ db, broker, call, log: (...a) => ctx.log(...a) });
  listen(ctx, panes, link);
  broker.recover();
  await closeStalePanes(call);
  const connect = (undelivered: boolean) => joinMessaging(db, link, undelivered);
  // Messaging may start after the bridge, or again after a crash.
  ctx.subscribe({ topics: ["plugin.started"] }, (event) => {
    if ((event.data as { name?: string }).name !== "message") return;
    void ctx.detached(() => connect(true)).catch((err) => ctx.log(`messaging: ${err}`));
  });
  await connect(false);
  broker.wake();
  return {
    db,
    broker,
    options,
    projectDir,
    runs,
    register: (name, description) => link.register(name, description),
  };
}

/** The configured agents stored; those the project no longer names gone (their queue dead). */
function syncConfigured(db: DatabaseSync, options: Options): void {
  for (const [name, settings] of Object.entries(options.agents)) {
    storeAgent(db, name, settings, "config");
  }
  const configured = new Set(Object.keys(options.agents));
  const dropped = rows<{ name: string }>(db, "SELECT name FROM agents WHERE source = 'config'")
    .filter((a) => !configured.has(a.name));
  for (const { name } of dropped) removeAgent(db, name, "the agent is no longer configured");
}

/** Turn panes ending, and messages for the agents. */
function listen(ctx: PluginContext<Options>, panes: PaneExecutor, link: MessagingLink): void {
  ctx.subscribe({ topics: ["pane.exited", "pane.closed"] }, (event) => {
    const data = event.data as { pane: string; code?: number | null; signal?: string | null };
    panes.paneEnded(data.pane, {
      code: data.code ?? null,
      signal: data.signal ?? null,
      ...(event.topic === "pane.closed" ? { closed: true } : {}),
    });
  });
  ctx.subscribe({ topics: ["message.received"] }, (event) => {
    void ctx.detached(() => link.received(event.data as Message)).catch((err) =>
      ctx.log(`cannot take message: ${err}`)
    );
  });
}

/**
 * Registers every agent with messaging, queues what came for them while the bridge was not
 * listening, and sends the replies waiting (`undelivered` ones too once messaging is back).
 */
async function joinMessaging(
  db: DatabaseSync,
  link: MessagingLink,
  undelivered: boolean,
): Promise<void> {
  for (const a of rows<{ name: string; settings: string }>(db, "SELECT * FROM agents")) {
    const { description } = JSON.parse(a.settings) as { description?: string };
    if (await link.register(a.name, description) === "registered") await link.drain(a.name);
  }
  const states = undelivered ? "('pending', 'undelivered')" : "('pending')";
  const held = rows<{ id: number }>(db, `SELECT id FROM outbox WHERE state IN ${states}`);
  for (const { id } of held) await link.deliver(id);
}

/** Closes the panes of turns an earlier run of the bridge left (it retries those turns). */
async function closeStalePanes(call: Call): Promise<void> {
  try {
    const { panes } = await call("pane.list", { tag: PANE_TAG });
    await Promise.all(panes.map((p) => call("pane.close", { pane: p.id }).catch(() => {})));
  } catch { /* no panes to look at */ }
}
