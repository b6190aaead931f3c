import { deepStrictEqual, match, ok, strictEqual } from "node:assert/strict";
import type { Caller, WeftEvent } from "../core/bus/mod.ts";
import type { Capability } from "../protocols/bus/capabilities.ts";
import { PluginHost, type PluginLogEntry, workerTransport } from "../core/plugin/mod.ts";
import {
  coreWithPanes,
  errorOf,
  fixture,
  HELLO,
  OWNER,
  plugin,
  withHost,
} from "./helpers/plugin_host.ts";
import { startCore } from "./helpers/core.ts";
import { eventually } from "./helpers/poll.ts";

Deno.test("PluginHost runs hello: shout copies the last line upper-cased with pane:read and pane:write", async () => {
  await withHost([plugin("hello", HELLO, ["pane:read", "pane:write"])], async (h) => {
    strictEqual(h.status("hello").state, "running");
    deepStrictEqual(h.status("hello").grant, ["pane:read", "pane:write"]);
    deepStrictEqual(
      h.bus.list().filter((c) => c.owner === "hello").map((c) => c.name),
      ["hello.greet", "hello.read_file", "hello.shout"],
    );
    deepStrictEqual(await h.call("hello.shout", { from: "p1", to: "p2" }), {
      ok: true,
      value: { text: "LAST LINE" },
    });
    strictEqual(h.typed("p2"), "LAST LINE");
    deepStrictEqual(h.logs, [
      { plugin: "hello", level: "info", message: "granted pane:read, pane:write" },
    ]);
    deepStrictEqual(await h.call("hello.greet", { name: "Ada" }), {
      ok: true,
      value: "Hello, Ada!",
    });
  });
});

Deno.test("PluginHost validates input inside the Worker with the bus's INVALID_INPUT", async () => {
  await withHost([plugin("hello", HELLO, ["pane:read", "pane:write"])], async (h) => {
    const error = errorOf(await h.call("hello.greet", { name: 42 }));
    strictEqual(error.code, "INVALID_INPUT");
    match(error.message, /^Cannot call "hello\.greet": name: /);
    strictEqual((error.data as { issues: unknown[] }).issues.length, 1);
  });
});

Deno.test("PluginHost checks a plugin's nested call against the chain: pane:read only cannot write", async () => {
  await withHost([plugin("hello", HELLO, ["pane:read"])], async (h) => {
    deepStrictEqual(h.status("hello").grant, ["pane:read"]);
    const error = errorOf(await h.call("hello.shout", { from: "p1", to: "p2" }));
    strictEqual(error.code, "DENIED");
    match(error.message, /Cannot call "pane\.write": plugin "hello" lacks pane:write/);
    strictEqual(h.typed("p2"), "");
  });
});

Deno.test("PluginHost gives a plugin granted more than it asks only what it asks", async () => {
  const grant: Capability[] = ["pane:read", "pane:write", "session:admin", "read:/"];
  await withHost([plugin("hello", HELLO, grant)], async (h) => {
    deepStrictEqual(h.status("hello").grant, ["pane:read", "pane:write"]);
    const error = errorOf(await h.call("hello.read_file", { path: "/etc/hostname" }));
    strictEqual(error.code, "DENIED");
    match(error.message, /Requires read access/);
  });
});

Deno.test("PluginHost: hello.read_file without a read grant gets Deno's refusal, the rest goes on", async () => {
  const configs = [
    plugin("hello", HELLO, ["pane:read", "pane:write"]),
    plugin("crashy", fixture("crashy")),
  ];
  await withHost(configs, async (h) => {
    const error = errorOf(await h.call("hello.read_file", { path: "/etc/hostname" }));
    strictEqual(error.code, "DENIED");
    match(error.message, /^Cannot read file "\/etc\/hostname": Requires read access/);
    strictEqual((await h.call("hello.greet", { name: "x" })).ok, true);
    deepStrictEqual(await h.call("crashy.ping", {}), { ok: true, value: "pong" });
    strictEqual(h.status("hello").state, "running");
  });
});

Deno.test("PluginHost starts a Worker with exactly the Deno rights asked ∩ allowed", async () => {
  const dir = await Deno.makeTempDir();
  try {
    await Deno.mkdir(`${dir}/allowed`);
    await Deno.mkdir(`${dir}/other`);
    await Deno.writeTextFile(`${dir}/allowed/a.txt`, "yes");
    await Deno.writeTextFile(`${dir}/other/b.txt`, "no");
    const configs = [plugin("files", fixture("files"), ["read:./allowed", "read:./other"])];
    await withHost(configs, async (h) => {
      deepStrictEqual(h.status("files").grant, ["read:./allowed"]);
      deepStrictEqual(await h.call("files.read", { path: `${dir}/allowed/a.txt` }), {
        ok: true,
        value: "yes",
      });
      strictEqual(
        errorOf(await h.call("files.read", { path: `${dir}/other/b.txt` })).code,
        "DENIED",
      );
    }, { projectDir: dir });
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("PluginHost: a crash mid-call fails the call, drops the commands, restarts; others go on", async () => {
  const configs = [plugin("crashy", fixture("crashy")), plugin("hello", HELLO, [])];
  await withHost(configs, async (h) => {
    const error = errorOf(await h.call("crashy.die", {}));
    strictEqual(error.code, "PLUGIN_CRASHED");
    match(
      error.message,
      /^Cannot finish "crashy\.die": plugin "crashy" crashed: .*crashy fell over/,
    );
    strictEqual(h.bus.get("crashy.ping"), undefined);
    ok(["crashed", "restarting"].includes(h.status("crashy").state));
    strictEqual((await h.call("hello.greet", { name: "still here" })).ok, true);
    await h.until("crashy to come back", () => h.status("crashy").state === "running");
    strictEqual(h.status("crashy").restarts, 1);
    match(h.status("crashy").lastError?.message ?? "", /crashy fell over/);
    deepStrictEqual(await h.call("crashy.ping", {}), { ok: true, value: "pong" });
    deepStrictEqual(
      h.events.filter((e) => e.topic !== "plugin.log").map((e) =>
        `${e.topic}:${(e.data as { name: string }).name}`
      ).filter((t) => t.endsWith(":crashy")),
      ["plugin.started:crashy", "plugin.crashed:crashy", "plugin.started:crashy"],
    );
  });
});

Deno.test("PluginHost treats Deno.exit in a plugin as a crash", async () => {
  await withHost([plugin("crashy", fixture("crashy"))], async (h) => {
    const error = errorOf(await h.call("crashy.exit", {}));
    strictEqual(error.code, "PLUGIN_CRASHED");
    match(error.message, /exited with code 7/);
    await h.until("crashy to come back", () => h.status("crashy").state === "running");
  });
});

Deno.test("PluginHost treats a plugin that stops answering pings as crashed", async () => {
  await withHost([plugin("crashy", fixture("crashy"))], async (h) => {
    const error = errorOf(await h.call("crashy.spin", {}));
    strictEqual(error.code, "PLUGIN_CRASHED");
    match(error.message, /stopped answering/);
  }, { heartbeatMs: 100 });
});

Deno.test("PluginHost keeps a plugin that blocks its event loop longer than a ping period but answers", async () => {
  await withHost([plugin("crashy", fixture("crashy"))], async (h) => {
    // Each block leaves a ping unanswered for two periods; a hung plugin gets four.
    for (let i = 0; i < 3; i++) {
      deepStrictEqual(await h.call("crashy.block", { ms: 200 }), { ok: true, value: "done" });
    }
    strictEqual(h.status("crashy").state, "running");
    strictEqual(h.status("crashy").restarts, 0);
    strictEqual(h.events.filter((e) => e.topic === "plugin.crashed").length, 0);
    const notices = h.logs.filter((l) => l.plugin === "crashy" && l.level === "warn");
    match(notices[0]?.message ?? "", /^it has not answered a ping for \d+ ms \(busy\?\)/);
    ok(notices.some((l) => /^it answered a ping again, after \d+ ms$/.test(l.message)));
  }, { heartbeatMs: 100 });
});

Deno.test("PluginHost fails a call the plugin does not answer in time with TIMEOUT", async () => {
  await withHost([plugin("crashy", fixture("crashy"))], async (h) => {
    const error = errorOf(await h.call("crashy.hang", {}));
    strictEqual(error.code, "TIMEOUT");
    match(
      error.message,
      /^Cannot call "crashy\.hang": plugin "crashy" did not answer within 200 ms/,
    );
    deepStrictEqual(await h.call("crashy.ping", {}), { ok: true, value: "pong" });
  }, { callTimeoutMs: 200 });
});

Deno.test("PluginHost turns a call's deadline into the Worker handler's signal and answers TIMEOUT", async () => {
  await withHost([plugin("crashy", fixture("crashy"))], async (h) => {
    const reply = await h.bus.call("crashy.hang", {}, { caller: OWNER, timeoutMs: 100 });
    strictEqual(errorOf(reply).code, "TIMEOUT");
    match(errorOf(reply).message, /^Cannot finish "crashy\.hang": it did not finish within 100 ms/);
    deepStrictEqual(await h.call("crashy.ping", {}), { ok: true, value: "pong" });
  });
});

Deno.test("PluginHost carries a cancel across to the Worker", async () => {
  await withHost([plugin("crashy", fixture("crashy"))], async (h) => {
    const controller = new AbortController();
    const reply = h.bus.call("crashy.hang", {}, { caller: OWNER, signal: controller.signal });
    setTimeout(() => controller.abort(), 50);
    strictEqual(errorOf(await reply).code, "CANCELLED");
    deepStrictEqual(await h.call("crashy.ping", {}), { ok: true, value: "pong" });
  });
});

Deno.test("PluginHost reports a plugin that throws at top level and starts the others", async () => {
  const configs = [plugin("top_throw", fixture("top_throw")), plugin("hello", HELLO, [])];
  await withHost(configs, async (h) => {
    const status = h.status("top_throw");
    ok(["crashed", "restarting"].includes(status.state));
    match(status.lastError?.message ?? "", /^Cannot start plugin "top_throw": .*cannot even load/);
    strictEqual(h.status("hello").state, "running");
    await h.until("a restart attempt", () => h.status("top_throw").restarts >= 1);
  });
});

Deno.test("PluginHost refuses a plugin that registers another owner's command", async () => {
  await withHost([plugin("evil", fixture("evil")), plugin("hello", HELLO, [])], (h) => {
    const status = h.status("evil");
    strictEqual(status.state, "failed");
    strictEqual(status.lastError?.code, "DENIED");
    match(status.lastError?.message ?? "", /^Cannot start plugin "evil": .*"pane\.evil"/);
    strictEqual(h.bus.get("pane.evil"), undefined);
    strictEqual(h.status("hello").state, "running");
  });
});

Deno.test("PluginHost refuses a module whose plugin name is not the configured one", async () => {
  await withHost([plugin("alias", HELLO, [])], (h) => {
    strictEqual(h.status("alias").state, "failed");
    match(
      h.status("alias").lastError?.message ?? "",
      /^Cannot start plugin "alias": its module defines plugin "hello"/,
    );
  });
});

Deno.test("PluginHost: a weak caller cannot borrow a strong plugin's rights", async () => {
  await withHost([plugin("strong", fixture("strong"), ["pane:read", "pane:write"])], async (h) => {
    const weak: Caller = { kind: "mcp", id: "weak", grants: new Set() };
    const error = errorOf(await h.call("strong.peek", { pane: "p1" }, weak));
    strictEqual(error.code, "DENIED");
    match(error.message, /Cannot call "pane\.read": plugin "strong" lacks pane:read/);
    const reader: Caller = { kind: "mcp", id: "reader", grants: new Set(["pane:read"]) };
    strictEqual((await h.call("strong.peek", { pane: "p1" }, reader)).ok, true);
    strictEqual(
      errorOf(await h.call("strong.poke", { pane: "p2", text: "x" }, reader)).code,
      "DENIED",
    );
    strictEqual(h.typed("p2"), "");
  });
});

Deno.test("PluginHost hands the handler the caller, request id and input it was called with", async () => {
  await withHost([plugin("strong", fixture("strong"), ["pane:read"])], async (h) => {
    const caller: Caller = { kind: "mcp", id: "m7", grants: new Set(["pane:write", "pane:read"]) };
    const reply = await h.bus.call("strong.whoami", { n: 3 }, { caller, requestId: "req-9" });
    deepStrictEqual(reply, {
      ok: true,
      value: {
        kind: "mcp",
        id: "m7",
        grants: ["pane:read", "pane:write"],
        requestId: "req-9",
        targets: {},
        n: 3,
      },
    });
  });
});

Deno.test("PluginHost lets the bus resolve a plugin command's targets and hands the Worker their ids", async () => {
  await withHost([plugin("strong", fixture("strong"), [])], async (h) => {
    deepStrictEqual(await h.call("strong.where", { pane: "p1" }), {
      ok: true,
      value: { targets: { pane: "p1" }, pane: "p1" },
    });
    strictEqual(errorOf(await h.call("strong.where", { pane: "p9" })).code, "TARGET_NOT_FOUND");
  });
});

Deno.test("PluginHost delivers only the topics and panes a plugin subscribed to", async () => {
  const options = { filter: { topics: ["pane.output"], panes: ["p1"] } };
  await withHost([plugin("watcher", fixture("watcher"), ["pane:read"], options)], async (h) => {
    h.bus.events.publish("pane.output", { pane: "p1", data: "a" }, "p1");
    h.bus.events.publish("pane.output", { pane: "p2", data: "b" }, "p2");
    h.bus.events.publish("pane.exited", { pane: "p1", code: 0, signal: null }, "p1");
    h.bus.events.publish("layout.changed", { window: "w1", layout: null });
    deepStrictEqual(await h.call("watcher.seen", {}), {
      ok: true,
      value: [{ topic: "pane.output", pane: "p1", data: { pane: "p1", data: "a" } }],
    });
  });
});

Deno.test("PluginHost withholds pane events from a plugin without pane:read", async () => {
  const refused = { filter: { topics: ["pane.*", "layout.*"] } };
  await withHost([plugin("watcher", fixture("watcher"), [], refused)], async (h) => {
    h.bus.events.publish("pane.output", { pane: "p1", data: "secret" }, "p1");
    h.bus.events.publish("layout.changed", { window: "w1", layout: null });
    deepStrictEqual(await h.call("watcher.seen", {}), { ok: true, value: [] });
    deepStrictEqual(h.logs.filter((l) => l.plugin === "watcher"), [{
      plugin: "watcher",
      level: "warn",
      message: 'Cannot subscribe to "pane.*" (needs pane:read): plugin "watcher" lacks the right',
    }]);
  });
  const all = { filter: { topics: ["*"] } };
  await withHost([plugin("watcher", fixture("watcher"), [], all)], async (h) => {
    h.bus.events.publish("pane.output", { pane: "p1", data: "secret" }, "p1");
    h.bus.events.publish("layout.changed", { window: "w1", layout: null });
    h.bus.events.publish("unknown.topic", {});
    const seen = await h.call("watcher.seen", {});
    ok(seen.ok);
    const topics = (seen.value as WeftEvent[]).map((e) => e.topic);
    ok(topics.includes("layout.changed"), topics.join(", "));
    ok(!topics.some((t) => t.startsWith("pane.") || t.startsWith("unknown.")), topics.join(", "));
  });
});

Deno.test("PluginHost.stop() takes the commands off the bus and publishes plugin.stopped", async () => {
  const core = startCore();
  const { bus } = core;
  const stopped: string[] = [];
  bus.events.subscribe(
    { topics: ["plugin.stopped"] },
    (e) => stopped.push(String((e.data as { name: string }).name)),
  );
  const host = new PluginHost({ bus, projectDir: Deno.cwd(), log: () => {} });
  await host.start([plugin("hello", HELLO, [])]);
  ok(bus.get("hello.greet"));
  await host.stop();
  strictEqual(bus.get("hello.greet"), undefined);
  deepStrictEqual(stopped, ["hello"]);
  deepStrictEqual(host.status(), []);
  await core.dispose();
});

Deno.test("PluginHost.stop() tells no stopping plugin that the others' commands went, so none calls back late", async () => {
  const core = await coreWithPanes();
  const { bus } = core;
  const logs: PluginLogEntry[] = [];
  const host = new PluginHost({
    bus,
    projectDir: Deno.cwd(),
    log: (entry) => logs.push(entry),
    startTimeoutMs: 30_000,
  });
  // hello stops first and takes hello.greet off the bus (bus.commands_changed), as the layout
  // and sideband plugins do before the mcp plugin in a real server.
  const status = await host.start([
    plugin("hello", HELLO, []),
    plugin("follower", fixture("follower"), ["pane:read"]),
  ]);
  deepStrictEqual(status.map((s) => s.state), ["running", "running"]);
  await host.stop();
  // Not even a late call answered at debug level: the follower never heard of hello leaving.
  deepStrictEqual(logs.filter((l) => l.level !== "info"), []);
  await core.dispose();
});

Deno.test("PluginHost.stop() answers a call that was already on its way from a stopping plugin", async () => {
  const core = await coreWithPanes();
  const { bus } = core;
  const logs: PluginLogEntry[] = [];
  // The Worker ends as soon as it has read the shutdown; the long grace is for a slow machine,
  // where ending it first would drop the call this test is about.
  const host = new PluginHost({
    bus,
    projectDir: Deno.cwd(),
    log: (entry) => logs.push(entry),
    startTimeoutMs: 30_000,
    shutdownMs: 30_000,
  });
  const options = { topics: ["layout.changed"] };
  await host.start([plugin("follower", fixture("follower"), ["pane:read"], options)]);
  // The event reaches the Worker before the shutdown does; its call back comes in after.
  bus.events.publish("layout.changed", { window: "w1", layout: null });
  await host.stop();
  deepStrictEqual(logs.filter((l) => l.level !== "info"), [{
    plugin: "follower",
    level: "debug",
    message: 'answered a late call to "pane.read": plugin "follower" is stopped',
  }]);
  await core.dispose();
});

Deno.test("PluginHost can run a plugin in a Worker instead of a process (workerTransport)", async () => {
  await withHost([plugin("hello", HELLO, ["pane:read", "pane:write"])], async (h) => {
    strictEqual(h.status("hello").state, "running");
    deepStrictEqual(await h.call("hello.shout", { from: "p1", to: "p2" }), {
      ok: true,
      value: { text: "LAST LINE" },
    });
    strictEqual(errorOf(await h.call("hello.read_file", { path: "/etc/hostname" })).code, "DENIED");
  }, { transport: workerTransport });
});

Deno.test("PluginHost: a plugin slower than a flooding pane loses that pane's events, not its life", async () => {
  await withHost([plugin("laggard", fixture("laggard"), ["pane:read"])], async (h) => {
    // 1,200 events of 64 Ki characters (75 Mi): past the 64 Mi a plugin that reads nothing
    // may leave waiting, after which it is ended. Published in bursts, as a flood comes.
    const chunk = "y\n".repeat(32 * 1024);
    for (let burst = 0; burst < 24; burst++) {
      for (let i = 0; i < 50; i++) {
        h.bus.events.publish("pane.output", { pane: "p1", data: chunk }, "p1");
      }
      await new Promise((r) => setTimeout(r, 0));
    }
    h.bus.events.publish("pane.output", { pane: "p2", data: "quiet" }, "p2");
    type Counts = { events: number; chars: number; dropped: number; panes: string[] };
    // p2's event may pass p1's queued ones (lanes are fair), the drop notice among them: wait
    // for both. A plugin that was ended, or never told, times out here.
    let last: Counts | undefined;
    const counts = await eventually("the laggard to hear from p2 and of the drop", async () => {
      const reply = await h.call("laggard.counts", {});
      last = reply.ok ? reply.value as Counts : undefined;
      return last?.panes.includes("p2") && last.dropped >= 1 && last;
    }, { timeoutMs: 30_000, detail: () => JSON.stringify(last) });
    strictEqual(h.status("laggard").state, "running");
    strictEqual(h.status("laggard").restarts, 0);
    ok(counts.dropped >= 1, `told of a drop: ${JSON.stringify(counts)}`);
    ok(counts.chars < 20 * 1024 * 1024, `it got a part of the flood: ${counts.chars} characters`);
  });
});
