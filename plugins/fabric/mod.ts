/**
 * The fabric: several weft servers, one view and one API, over NATS. Off until the project
 * joins (`weft fabric join`); then this plugin, in its own process with narrow rights (its data
 * folder, 127.0.0.1, the `nats-server` program, and the bus rights it passes on to granted
 * hosts), starts the host's leaf node (`node.ts`), connects to it, keeps this host's presence
 * (`presence.ts`), serves calls from granted hosts and carries this bus's calls for other hosts
 * (`link.ts`), as the bus's route (`route` grant). The core never loads NATS.
 *
 * @module
 */

import { connect, type NatsConnection } from "@nats-io/transport-node";
import { definePlugin, type PluginContext, WeftError } from "@weft/weft/plugin";
import { join } from "node:path";
import { JOIN_FILE, joinedOptions, type JoinFile, type Options, parseOptions } from "./options.ts";
import { startNode } from "./node.ts";
import { RpcLink } from "./link.ts";
import { Presence } from "./presence.ts";
import { Roster } from "./roster.ts";
import { Clocks, tooLate } from "./clocks.ts";
import { inboxOf } from "./nats_conf.ts";
import { FABRIC_COMMANDS } from "./commands.ts";
import { startInbox } from "./inbox.ts";
import { messageSend } from "./message_send.ts";
import { agents } from "./agents.ts";
import { hostGrant } from "../../protocols/bus/capabilities.ts";
import type { State } from "./state.ts";
import { qualifyIds } from "../../protocols/bus/fabric.ts";
import { OutputTaps } from "./taps.ts";
import { FOLLOW_COMMANDS, followRemote } from "./follow.ts";

async function readJoin(dir: string): Promise<JoinFile | undefined> {
  try {
    return JSON.parse(await Deno.readTextFile(join(dir, JOIN_FILE))) as JoinFile;
  } catch (err) {
    if (err instanceof Deno.errors.NotFound) return undefined;
    throw new WeftError("INVALID_INPUT", `Cannot read ${JOIN_FILE}: ${(err as Error).message}`);
  }
}

async function setup(ctx: PluginContext<Options>): Promise<State> {
  const dir = ctx.dataDir;
  if (!dir) throw new WeftError("DENIED", "Cannot join the fabric: the plugin lacks data");
  const o = joinedOptions(ctx.options, await readJoin(dir));
  const node = await startNode({
    dir,
    host: o.as,
    hub: o.hub,
    password: o.password,
    ...(o.caFile ? { caFile: o.caFile } : {}),
  });
  let leaving = false;
  globalThis.addEventListener("unload", () => {
    leaving = true;
    void node.stop();
  });
  // The node is this host's link to the fabric: when it dies, the plugin ends, and the host
  // restarts it (with back-off) with a new node; nothing else is restarted.
  void node.exited.then(() => {
    if (leaving) return;
    console.error("this host's nats-server exited; the fabric plugin restarts");
    Deno.exit(1);
  });
  let nc: NatsConnection;
  try {
    nc = await connect({
      servers: node.url,
      user: node.user,
      pass: node.password,
      inboxPrefix: inboxOf(o.as),
      name: `weft ${o.as}`,
      maxReconnectAttempts: -1,
      reconnectTimeWait: 250,
    });
  } catch (err) {
    await node.stop();
    throw err;
  }
  // A call that comes after its caller gave up on it (a link cut, then healed) is not run.
  const clocks = new Clocks();
  const link = new RpcLink(nc, o.as, {
    reachMs: o.reachMs,
    late: (peer, sentAt, waitMs) => tooLate(sentAt, waitMs, clocks.offset(peer, o.as)),
  });
  // Calls from other hosts are the plugin's own work, bounded by what each host was granted.
  const serve = (peer: string) =>
    ctx.detached(() =>
      link.listen(peer, (p) => o.hosts[p] ?? [], (name, input, as) =>
        ctx.call(name, input, {
          onBehalf: { kind: "host", id: as.host, grants: as.grants },
        }))
    );
  // This host's agents ride in its presence record, listed by the hosts granted `message`.
  const roster = new Roster(ctx);
  const agentsFor = Object.keys(o.hosts).filter((h) => o.hosts[h]!.includes("message"));
  const presence: Presence = new Presence(nc, o.as, {
    clocks,
    heartbeatMs: o.heartbeatMs,
    known: Object.keys(o.hosts),
    extra: () => ({ agents: roster.agents(), agentsFor }),
    // An agents board (canvas) that spans hosts draws again.
    agentsChanged: (host) => ctx.publish("fabric.agents_changed", { host }),
    changed: () => {
      for (const peer of presence.names()) serve(peer);
      ctx.reach(presence.names());
    },
  });
  for (const peer of presence.names()) serve(peer);
  presence.start();
  roster.start(presence, o.heartbeatMs);
  globalThis.addEventListener("unload", () => roster.close());
  ctx.reach(presence.names());
  // Messages from the hosts granted `message`, stored by this host's messaging (inbox.ts).
  const inbox = startInbox(nc, o.as, {
    peers: Object.keys(o.hosts).filter((h) => o.hosts[h]!.includes("message")),
    receive: async (peer, message) => {
      const grants = hostGrant(o.hosts[peer] ?? []);
      await ctx.detached(() =>
        ctx.call("message.receive", message, { onBehalf: { kind: "host", id: peer, grants } })
      );
    },
    log: (line) => ctx.log(line),
  });
  globalThis.addEventListener("unload", () => inbox.close());
  // This host's panes followed from other hosts (taps.ts).
  const taps = new OutputTaps(ctx as PluginContext<unknown>, nc, o.as);
  globalThis.addEventListener("unload", () => taps.close());
  ctx.log(`joined the fabric as "${o.as}" through ${o.hub} (local node ${node.url})`);
  return { host: o.as, hub: o.hub, node, nc, link, presence, taps, log: (l) => ctx.log(l) };
}

export default definePlugin({
  name: "fabric",
  version: "1.0.0",
  description: "Several weft servers, one fabric: remote panes by HOST/ID over NATS.",
  capabilities: [
    "data",
    "route",
    "net:127.0.0.1",
    "run:nats-server",
    // Passed on to the hosts the project grants them to, never more.
    "pane:read",
    "pane:write",
    "pane:spawn",
    "pane:control",
    "message:send",
    "message:read",
  ],
  commands: [...FABRIC_COMMANDS, ...FOLLOW_COMMANDS, messageSend, agents],
  options: parseOptions,
  setup,
  // A remote call's ids come back qualified (`buildbox/p3`): passed back, they go there again.
  route: async (call, state) =>
    qualifyIds(
      call.host,
      await state.link.call(call.host, call.name, {
        input: call.input,
        requestId: call.requestId,
        caller: call.caller,
        ...(call.timeoutMs === undefined ? {} : { timeoutMs: call.timeoutMs }),
      }, call.signal),
    ),
  // A subscription here to another host's pane: that host publishes its output for this one.
  follow: (target, emit, state) => followRemote(state, target, emit, state.log),
});
