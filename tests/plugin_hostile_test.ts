import { deepStrictEqual, match, ok, strictEqual } from "node:assert/strict";
import { z } from "zod";
import { type Bus, defineCommand, type WeftEvent } from "../core/bus/mod.ts";
import { errorOf, fixture, HELLO, plugin, withHost } from "./helpers/plugin_host.ts";
import { eventually } from "./helpers/poll.ts";
import { pluginPids } from "./helpers/plugin_pids.ts";

function alive(pid: number): boolean {
  try {
    const stat = Deno.readTextFileSync(`/proc/${pid}/stat`);
    return !/\) Z /.test(stat);
  } catch {
    return false;
  }
}

/** `slow.status` on the test bus: a command that needs nothing and answers after `holdMs`. */
function slowStatus(bus: Bus, holdMs: number): void {
  bus.register("slow", [defineCommand({
    name: "slow.status",
    title: "Status",
    description: "Test: answers after a while.",
    capabilities: [],
    input: z.object({}),
    handler: () => new Promise((r) => setTimeout(() => r({ ok: true }), holdMs)),
  })]);
}

function collect(bus: Bus, topics: string[]): WeftEvent[] {
  const seen: WeftEvent[] = [];
  bus.events.subscribe({ topics }, (e) => seen.push(e));
  return seen;
}

Deno.test("a plugin that fills its heap is ended alone at its memory cap; the others go on", async () => {
  const configs = [{ ...plugin("hog", fixture("hog")), memoryMiB: 64 }, plugin("hello", HELLO)];
  await withHost(configs, async (h) => {
    const before = Deno.memoryUsage().rss;
    const error = errorOf(await h.call("hog.eat", {}));
    strictEqual(error.code, "PLUGIN_CRASHED");
    match(error.message, /plugin "hog" crashed: it ran out of memory \(its cap is 64 MiB\)/);
    strictEqual((await h.call("hello.greet", { name: "still here" })).ok, true);
    await h.until("hog to come back", () => h.status("hog").state === "running");
    deepStrictEqual(await h.call("hog.ping", {}), { ok: true, value: "pong" });
    // The allocation happened in the plugin's process, not in this one.
    ok(Deno.memoryUsage().rss - before < 64 * 1024 * 1024);
  });
});

Deno.test("a plugin that fills memory outside its heap is ended when its process grows too big", async () => {
  await withHost([{ ...plugin("hog", fixture("hog")), memoryMiB: 32 }], async (h) => {
    const error = errorOf(await h.call("hog.buffers", {}));
    strictEqual(error.code, "PLUGIN_CRASHED");
    match(error.message, /it used more than 544 MiB of memory/);
    await h.until("hog to come back", () => h.status("hog").state === "running");
  }, { heartbeatMs: 0 });
});

Deno.test("a plugin stuck in a busy loop is really stopped: its process is gone", async () => {
  await withHost([plugin("crashy", fixture("crashy"))], async (h) => {
    const [{ pid } = { pid: -1 }] = await pluginPids("crashy");
    ok(pid !== undefined && alive(pid));
    const error = errorOf(await h.call("crashy.spin", {}));
    strictEqual(error.code, "PLUGIN_CRASHED");
    match(error.message, /stopped answering/);
    // A process ending tells this process nothing: look at /proc until it is gone.
    await eventually("the spinning process to end", () => !alive(pid), { timeoutMs: 3_000 });
    await h.until("crashy to come back", () => h.status("crashy").state === "running");
    deepStrictEqual(await h.call("crashy.ping", {}), { ok: true, value: "pong" });
  }, { heartbeatMs: 100 });
});

Deno.test("a plugin that throws at top level is retried a bounded number of times, one line each, then failed", async () => {
  await withHost([plugin("top_throw", fixture("top_throw")), plugin("hello", HELLO)], async (h) => {
    await h.until("top_throw to be failed", () => h.status("top_throw").state === "failed");
    const status = h.status("top_throw");
    strictEqual(status.restarts, 4);
    match(
      status.lastError?.message ?? "",
      /^Cannot start plugin "top_throw": Error: top_throw cannot even load; it crashed 5 times within 60 s, so it is not restarted$/,
    );
    const lines = h.logs.filter((l) => l.plugin === "top_throw" && l.level !== "debug");
    strictEqual(lines.length, 5);
    ok(lines.every((l) => !l.message.includes("\n") && /cannot even load/.test(l.message)));
    strictEqual(h.events.filter((e) => e.topic === "plugin.failed").length, 1);
    strictEqual(h.status("hello").state, "running");
  });
});

Deno.test("a plugin that keeps crashing in use is marked failed after maxCrashes in the window", async () => {
  await withHost([plugin("crashy", fixture("crashy"))], async (h) => {
    for (let i = 0; i < 3; i++) {
      await h.until("crashy to run", () => h.status("crashy").state === "running");
      strictEqual(errorOf(await h.call("crashy.die", {})).code, "PLUGIN_CRASHED");
    }
    strictEqual(h.status("crashy").state, "failed");
    match(h.status("crashy").lastError?.message ?? "", /crashed 3 times within 60 s/);
    strictEqual(errorOf(await h.call("crashy.ping", {})).code, "NOT_FOUND");
  }, { restart: { initialMs: 50, maxMs: 200, maxCrashes: 3 } });
});

Deno.test("a plugin's calls in flight are capped; the excess is refused at once", async () => {
  const options = { storm: { name: "slow.status", n: 100 } };
  let seen: WeftEvent[] = [];
  await withHost([plugin("rogue", fixture("rogue"), [], options)], async (h) => {
    await h.until("the storm's outcome", () => seen.length > 0);
    deepStrictEqual(seen[0]?.data, { ok: 8, UNAVAILABLE: 92 });
  }, {
    maxCallsInFlight: 8,
    setup: (bus) => (slowStatus(bus, 1_000), seen = collect(bus, ["rogue.storm"])),
  });
});

Deno.test("a plugin's log lines are capped per second and the dropped ones counted", async () => {
  await withHost([plugin("rogue", fixture("rogue"), [], { shout: 1000 })], async (h) => {
    const dropped = () =>
      h.logs.filter((l) => / log lines dropped \(more than 10 a second\)$/.test(l.message));
    await h.until("the dropped lines count", () => dropped().length > 0);
    const shown = h.logs.filter((l) => /^line \d+$/.test(l.message)).length;
    const counted = dropped().reduce((n, l) => n + parseInt(l.message), 0);
    // 10 a second (LogLimit's own test pins the window); here: far fewer than were written.
    ok(shown <= 100, `${shown} lines shown`);
    strictEqual(shown + counted, 1000);
  }, { logLinesPerSecond: 10 });
});

Deno.test("a call with a made-up onBehalf kind is refused at once, not left to time out", async () => {
  let seen: WeftEvent[] = [];
  await withHost([plugin("rogue", fixture("rogue"), [], { behalf: true })], async (h) => {
    await h.until("the refusal", () => seen.length > 0);
    const { code, ms } = seen[0]!.data as { code: string; ms: number };
    strictEqual(code, "INVALID_INPUT");
    ok(ms < 2_000, `refused after ${ms} ms`);
  }, { setup: (bus) => (seen = collect(bus, ["rogue.behalf"])) });
});

Deno.test("a plugin cannot publish a core event, even by writing the message itself", async () => {
  let seen: WeftEvent[] = [];
  await withHost([plugin("rogue", fixture("rogue"), [], { forge: true })], async (h) => {
    await h.until("its own event", () => seen.some((e) => e.topic === "rogue.fine"));
    deepStrictEqual(seen.filter((e) => /^(pane|rogue)\./.test(e.topic)), [
      { topic: "rogue.fine", publisher: "rogue", data: 1 },
    ]);
    ok(h.logs.some((l) => /Cannot publish "pane\.output": plugin "rogue"/.test(l.message)));
  }, { setup: (bus) => (seen = collect(bus, ["*"])) });
});

Deno.test("plugins under the core's names are refused and the core's commands stay", async () => {
  const configs = [plugin("core", fixture("squatter")), plugin("pane", fixture("squatter"))];
  let seen: WeftEvent[] = [];
  await withHost(configs, async (h) => {
    for (const name of ["core", "pane"]) {
      strictEqual(h.status(name).state, "failed");
      match(h.status(name).lastError?.message ?? "", /is reserved for the core/);
    }
    strictEqual(h.bus.get("pane.x"), undefined);
    strictEqual(h.bus.get("pane.write")?.owner, "core");
    strictEqual((await h.call("pane.write", { pane: "p2", text: "typed" })).ok, true);
    strictEqual(h.typed("p2"), "typed");
    deepStrictEqual(seen, []);
  }, { setup: (bus) => (seen = collect(bus, ["pane.*"])) });
});

Deno.test("a call to a starting plugin's command waits for it instead of failing", async () => {
  await withHost([], async (h) => {
    const starting = h.host.start([plugin("hello", HELLO)]);
    const reply = await h.call("hello.greet", { name: "early" });
    deepStrictEqual(reply, { ok: true, value: "Hello, early!" });
    await starting;
    strictEqual(errorOf(await h.call("nobody.greet", {})).code, "NOT_FOUND");
  });
});
