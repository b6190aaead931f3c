/**
 * `message`: agents, scripts and humans send each other messages (thrum's tools, with push).
 * Every pane is an identity (its name, else its id; its role from `role` meta or a `role=X`
 * tag); plugins register identities that are not panes (a bridge's headless agents). Messages,
 * groups and read marks live in the plugin's own SQLite file (WAL) in its data folder; a send
 * is acknowledged only once stored. Each stored message is published as `message.received`
 * (`{id, from, to, content, priority, reply_to, metadata, created_at}`; subscribing needs
 * `message:read`); a blocked `message.wait` gets it at once; an agent pane gets it by the best
 * rung of the delivery ladder its vendor declares (`_delivery.ts`: its hooks' answer, else typed
 * into its idle prompt), each delivery published as `message.delivery`
 * (`{pane, to, ids, status: hook|typed|stalled|undelivered, reason?}`).
 *
 * @example
 * ```ts
 * import plugin from "./mod.ts";
 * console.assert(plugin.manifest.commands.some((c) => c.name === "message.send"));
 * ```
 *
 * @module
 */

import { definePlugin, WeftError } from "@weft/weft/plugin";
import { Messaging } from "./_messaging.ts";
import { MessageStore } from "./_store.ts";
import { parseOptions } from "./options.ts";
import { PaneDelivery } from "./_delivery.ts";
import { send } from "./commands/send.ts";
import { check } from "./commands/check.ts";
import { wait } from "./commands/wait.ts";
import { register } from "./commands/register.ts";
import { unregister } from "./commands/unregister.ts";
import { handover } from "./commands/handover.ts";
import { receive, resolve } from "./commands/receive.ts";
import { get } from "./commands/get.ts";
import { thread } from "./commands/thread.ts";
import { broadcast } from "./commands/broadcast.ts";
import { agents } from "./commands/agents.ts";
import { log } from "./commands/log.ts";
import { groupCreate } from "./commands/group_create.ts";
import { groupDelete } from "./commands/group_delete.ts";
import { groupAdd, groupRemove } from "./commands/group_members.ts";
import { groupGet, groupList } from "./commands/group_list.ts";

export default definePlugin({
  name: "message",
  version: "0.1.0",
  description: "Messages between agents, scripts and humans: durable, pushed to waiters, " +
    "handed to agents through their hooks or typed into their idle prompts.",
  capabilities: ["data", "pane:read", "pane:write", "message:send", "message:read"],
  commands: [
    send,
    check,
    wait,
    get,
    thread,
    broadcast,
    agents,
    groupCreate,
    groupDelete,
    groupAdd,
    groupRemove,
    groupList,
    groupGet,
    log,
    register,
    unregister,
    handover,
    resolve,
    receive,
  ],
  options: parseOptions,
  setup: async (ctx) => {
    if (!ctx.dataDir) {
      throw new WeftError("DENIED", 'Cannot keep messages: the project did not grant "data"');
    }
    const store = new MessageStore(`${ctx.dataDir}/messages.db`, {
      sync: ctx.options.sync,
      seen: { max: ctx.options.outsideNames, ttlMs: ctx.options.outsideNameDays * 86_400_000 },
    });
    const messaging = new Messaging(ctx, ctx.options, store);
    messaging.deliverer = new PaneDelivery({
      store,
      pane: (id) => messaging.directory.pane(id),
      call: <T>(name: string, input?: unknown) => ctx.detached(() => ctx.call<T>(name, input)),
      deliver: ctx.options.deliver,
      confirmMs: ctx.options.confirmMs,
      stallMs: ctx.options.stallMs,
      pauseMs: ctx.options.pauseMs,
      log: (line) => ctx.log(line),
      report: (r) => ctx.publish("message.delivery", r, r.pane),
    });
    await messaging.start();
    return messaging;
  },
});
