/**
 * `bridge`: a durable broker for headless Claude Code turns (cc-bridge's job, without losing
 * a message). Each bridge agent is a resumable Claude Code session; a message for it becomes
 * one `claude -p … --output-format stream-json` turn, run in the agent's own pane (a readable
 * transcript a human can watch) or headless, `--session-id` on the first turn and `--resume`
 * after. Queues live in the plugin's SQLite file; a turn is done only once its reply is stored.
 *
 * - `bridge.add`, `bridge.remove`, `bridge.list`: agents (also from the project's
 *   `weft.bridge.agents`, short for
 *   `weft.plugins.bridge.options.agents`).
 * - `bridge.send {to, text, from?, max_hops?, priority?}`, `bridge.inject {as, to, text}`.
 * - `bridge.dead`, `bridge.retry {id}`, `bridge.tail {agent}`, `bridge.replies`.
 * - Event `bridge.turn` (`state`: started, finished, failed).
 *
 * @example
 * ```ts
 * import bridge from "./mod.ts";
 * console.assert(bridge.manifest.commands.some((c) => c.name === "bridge.send"));
 * ```
 *
 * @module
 */

import { definePlugin, WeftError } from "@weft/weft/plugin";
import { Broker } from "./_broker.ts";
import { openDb, rows } from "./_db.ts";
import { headlessExecutor } from "./_exec.ts";
import { PANE_TAG, PaneExecutor } from "./_exec_pane.ts";
import { type Message, MessagingLink } from "./_messaging.ts";
import type { BridgeState } from "./_state.ts";
import { removeAgent, storeAgent } from "./_agents.ts";
import { parseOptions } from "./options.ts";
import { add } from "./commands/add.ts";
import { remove } from "./commands/remove.ts";
import { list } from "./commands/list.ts";
import { send } from "./commands/send.ts";
import { inject } from "./commands/inject.ts";
import { dead } from "./commands/dead.ts";
import { retry } from "./commands/retry.ts";
import { tail } from "./commands/tail.ts";
import { replies } from "./commands/replies.ts";

export { defaults, parseOptions } from "./options.ts";
export type { AgentSettings, Options } from "./options.ts";

export default definePlugin({
  name: "bridge",
  version: "0.1.0",
  description: "A durable broker for headless Claude Code turns between named agents.",
  capabilities: [
    "data",
    "pane:read",
    "pane:spawn",
    "pane:control",
    "session:admin",
    "message:send",
    "message:read",
    // Headless turns run `claude` from PATH as a child of the plugin (other programs run in
    // panes, which the core starts).
    "run:claude",
    // To tell a missing agent directory at `bridge.add` (directories outside the project are
    // found out at the turn).
    "read:.",
  ],
  commands: [add, remove, list, send, inject, dead, retry, tail, replies],
  options: parseOptions,
  setup: async (ctx): Promise<BridgeState> => {
    if (!ctx.dataDir) {
      throw new WeftError("DENIED", 'Cannot start the bridge: the project did not grant "data"');
    }
    const options = ctx.options;
    const projectDir = ctx.dataDir.replace(/\/\.weft\/data\/bridge\/?$/, "");
    const runs = `${ctx.dataDir}/runs`;
    await Deno.mkdir(runs, { recursive: true });
    await pruneRuns(runs, RUNS_KEPT_MS);
    const db = openDb(ctx.dataDir);
    for (const [name, settings] of Object.entries(options.agents)) {
      storeAgent(db, name, settings, "config");
    }
    // Agents the project no longer names: gone, and what was queued for them is a dead letter.
    const configured = new Set(Object.keys(options.agents));
    const dropped = rows<{ name: string }>(db, "SELECT name FROM agents WHERE source = 'config'")
      .filter((a) => !configured.has(a.name));
    for (const { name } of dropped) removeAgent(db, name, "the agent is no longer configured");
    const call = <T>(name: string, input: unknown) => ctx.call<T>(name, input);
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
    const link: MessagingLink = new MessagingLink({
      db,
      broker,
      call,
      log: (...a) => ctx.log(...a),
    });
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
    broker.recover();
    await closeStalePanes(call);
    // Messaging may start after the bridge, or again after a crash: then the agents are
    // registered again, what came for them meanwhile is queued and held replies go out.
    const connect = async (undelivered: boolean) => {
      const agents = rows<{ name: string; settings: string }>(db, "SELECT * FROM agents");
      for (const a of agents) {
        const { description } = JSON.parse(a.settings) as { description?: string };
        if (await link.register(a.name, description)) await link.drain(a.name);
      }
      const states = undelivered ? "('pending', 'undelivered')" : "('pending')";
      const held = rows<{ id: number }>(db, `SELECT id FROM outbox WHERE state IN ${states}`);
      for (const { id } of held) await link.deliver(id);
    };
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
      register: async (name, description) => void (await link.register(name, description)),
    };
  },
});

/** How long each try's files (its stream-json, for `bridge.tail`) are kept. */
const RUNS_KEPT_MS = 7 * 24 * 3600_000;

/** Deletes the files of tries older than `keepMs`. */
async function pruneRuns(dir: string, keepMs: number): Promise<void> {
  const before = Date.now() - keepMs;
  for await (const entry of Deno.readDir(dir)) {
    const path = `${dir}/${entry.name}`;
    const info = await Deno.stat(path).catch(() => undefined);
    if (info?.mtime && info.mtime.getTime() < before) await Deno.remove(path).catch(() => {});
  }
}

/** Closes the panes of turns an earlier run of the bridge left (it retries those turns). */
async function closeStalePanes(call: <T>(name: string, input: unknown) => Promise<T>) {
  try {
    const { panes } = await call<{ panes: { id: string }[] }>("pane.list", { tag: PANE_TAG });
    await Promise.all(panes.map((p) => call("pane.close", { pane: p.id }).catch(() => {})));
  } catch { /* no panes to look at */ }
}
