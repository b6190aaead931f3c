import { deepStrictEqual, equal, rejects } from "node:assert/strict";
import { Bus } from "../bus/bus.ts";
import { PluginRoute } from "./_route.ts";
import { defineCommand } from "../bus/command.ts";
import { z } from "zod";
import { WeftError } from "../../protocols/bus/errors.ts";
import type { HostMessage } from "../../protocols/plugin/mod.ts";

const caller = { kind: "internal" as const, id: "t", grants: "all" as const };
const call = { host: "far", name: "pane.read", input: { pane: "p3" }, caller, requestId: "r1" };

Deno.test("PluginRoute reaches the hosts its plugin last said, whatever their case", () => {
  const route = new PluginRoute("fabric", new Bus());
  equal(route.reaches("far"), false);
  route.reach(["Far", "near"]);
  equal(route.reaches("far"), true);
  route.reach(["near"]);
  equal(route.reaches("far"), false);
});

Deno.test("PluginRoute hands a call to the plugin and settles it with the plugin's result", async () => {
  const route = new PluginRoute("fabric", new Bus());
  const sent: HostMessage[] = [];
  route.attach((m) => sent.push(m));
  const pending = route.call(call);
  const message = sent[0] as Extract<HostMessage, { type: "route" }>;
  deepStrictEqual([message.type, message.host, message.name, message.input], [
    "route",
    "far",
    "pane.read",
    { pane: "p3" },
  ]);
  equal(route.settle(message.id, { ok: true, value: { text: "hi" } }), true);
  deepStrictEqual(await pending, { text: "hi" });
  equal(route.settle("c9", { ok: true, value: 1 }), false, "a plugin call's id is not its");
});

Deno.test("PluginRoute fails calls with HOST_UNREACHABLE while its plugin is down", async () => {
  const route = new PluginRoute("fabric", new Bus());
  const isUnreachable = (e: unknown) => e instanceof WeftError && e.code === "HOST_UNREACHABLE";
  await rejects(route.call(call), isUnreachable);
  route.attach(() => {});
  const inFlight = route.call(call);
  route.detach("it crashed");
  await rejects(inFlight, isUnreachable);
  await rejects(route.call(call), isUnreachable);
});

Deno.test("Bus.call() hands a remote call to a plugin's route once it reaches the host", async () => {
  const bus = new Bus({ host: "near" });
  bus.register("core", [defineCommand({
    name: "pane.read",
    title: "Read",
    description: "Reads.",
    capabilities: ["pane:read"],
    input: z.object({ pane: z.string() }),
    targets: [{ kind: "pane", field: "pane", fallback: "required" }],
    handler: () => ({ here: true }),
  })]);
  const route = new PluginRoute("fabric", bus);
  const far = { pane: "far/p3" };
  equal((await bus.call("pane.read", far, { caller })).ok, false, "UNKNOWN_HOST before");
  route.reach(["far"]);
  route.attach((m) => {
    if (m.type !== "route") return;
    queueMicrotask(() => route.settle(m.id, { ok: true, value: { input: m.input, host: m.host } }));
  });
  deepStrictEqual(await bus.call("pane.read", far, { caller }), {
    ok: true,
    value: { input: { pane: "p3" }, host: "far" },
  });
});

Deno.test("A subscription to another host's pane is followed through the route, for it alone", () => {
  const bus = new Bus({ host: "near" });
  const route = new PluginRoute("fabric", bus);
  const sent: HostMessage[] = [];
  route.attach((m) => sent.push(m));
  route.reach(["far"]);
  const seen: string[] = [];
  const reader = { kind: "socket" as const, id: "c1", grants: new Set(["pane:read" as const]) };
  const off = bus.events.subscribe(
    { topics: ["pane.output"], panes: ["far/p3"], replay: true },
    (e) => {
      const data = e.data as { pane: string; data: string };
      seen.push(`${e.pane}:${data.pane}:${data.data}`);
    },
    reader,
  );
  const follow = sent[0] as Extract<HostMessage, { type: "follow" }>;
  deepStrictEqual([follow.type, follow.host, follow.pane, follow.replay], [
    "follow",
    "far",
    "p3",
    true,
  ]);
  // Another subscriber of every pane's output does not get this one's follow.
  const others: string[] = [];
  bus.events.subscribe({ topics: ["pane.output"] }, (e) => others.push(e.pane ?? ""));
  equal(
    route.followed(follow.id, { topic: "pane.output", data: { pane: "p3", data: "hi" } }),
    true,
  );
  // The pane is named as the subscriber named it, in the event and in its data.
  deepStrictEqual(seen, ["far/p3:far/p3:hi"]);
  deepStrictEqual(others, []);
  // A plugin restart follows it again; the end of the subscription unfollows.
  route.detach("restart");
  route.attach((m) => sent.push(m));
  equal(sent[1]?.type, "follow");
  off();
  deepStrictEqual(sent[2], { type: "unfollow", id: follow.id });
  equal(route.followed(follow.id, { topic: "pane.output", data: {} }), true);
  equal(seen.length, 1);
});
