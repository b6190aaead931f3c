/**
 * Lazy plugins: with its manifest remembered, a plugin configured `lazy` costs no process
 * until its first use; its commands are on the bus from the start, the first call waits for
 * it, and no caller sees NOT_FOUND for it (a load that fails answers as a crash does).
 */

import { deepStrictEqual, ok, strictEqual } from "node:assert/strict";
import type { PluginConfig } from "../core/config/types.ts";
import { type ManifestCache, processTransport, type TransportFactory } from "../core/plugin/mod.ts";
import type { Manifest } from "../protocols/plugin/mod.ts";
import type { WeftEvent } from "../core/bus/mod.ts";
import { join } from "node:path";
import { fixture, HELLO, plugin, withHost } from "./helpers/plugin_host.ts";
import { eventually } from "./helpers/poll.ts";

const NOTES = new URL("../examples/plugins/notes/mod.ts", import.meta.url).href;

async function exists(path: string): Promise<boolean> {
  return await Deno.stat(path).then(() => true, () => false);
}

/** A cache in memory, as `.weft/plugins.json` would be. */
function memoryCache(): ManifestCache & { entries: Map<string, Manifest> } {
  const entries = new Map<string, Manifest>();
  return {
    entries,
    get: (name, from) => entries.get(`${name} ${from}`),
    set: (name, from, manifest) => void entries.set(`${name} ${from}`, manifest),
  };
}

/** The process transport, counting launches. */
function counting(launches: string[]): TransportFactory {
  return (options, events) => {
    launches.push(options.plugin);
    return processTransport(options, events);
  };
}

const lazy = (config: PluginConfig): PluginConfig => ({ ...config, lazy: true });
const HELLO_CONFIG = () => lazy(plugin("hello", HELLO, ["pane:read", "pane:write"]));

Deno.test("a lazy plugin starts at its first call, which waits for it; its manifest is learnt once", async () => {
  const manifests = memoryCache();
  const launches: string[] = [];
  // Its first start ever: one load with no rights learns its manifest, and it stays idle.
  await withHost([HELLO_CONFIG()], (h) => {
    strictEqual(h.status("hello").state, "idle");
  }, { manifests, transport: counting(launches) });
  deepStrictEqual(launches, ["hello"]);
  launches.length = 0;
  await withHost([HELLO_CONFIG()], async (h) => {
    strictEqual(h.status("hello").state, "idle");
    deepStrictEqual(launches, []);
    ok(h.bus.get("hello.greet"), "its commands are on the bus before it runs");
    // Two calls at once: one load, both answered.
    const [a, b] = await Promise.all([
      h.call("hello.greet", { name: "a" }),
      h.call("hello.greet", { name: "b" }),
    ]);
    strictEqual(a.ok && a.value, "Hello, a!");
    strictEqual(b.ok && b.value, "Hello, b!");
    strictEqual(h.status("hello").state, "running");
    deepStrictEqual(launches, ["hello"]);
  }, { manifests, transport: counting(launches) });
});

Deno.test("a lazy plugin with a data folder leaves none until used, and starts with the server once it has one", async () => {
  const dir = await Deno.makeTempDir({ prefix: "weft-lazy-" });
  try {
    const manifests = memoryCache();
    const notes = () => lazy(plugin("notes", NOTES, ["data"]));
    const folder = join(dir, ".weft", "data", "notes");
    await withHost([notes()], async (h) => {
      strictEqual(h.status("notes").state, "idle");
      strictEqual(await exists(folder), false, "learning its manifest made no data folder");
      const added = await h.call("notes.add", { text: "hi" });
      ok(added.ok, JSON.stringify(added));
    }, { manifests, projectDir: dir });
    await withHost([notes()], (h) => {
      strictEqual(h.status("notes").state, "running", "its notes may need it: it starts");
    }, { manifests, projectDir: dir });
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("a lazy plugin starts when one of its topics is subscribed to", async () => {
  const manifests = memoryCache();
  await withHost([HELLO_CONFIG()], () => {}, { manifests });
  await withHost([HELLO_CONFIG()], async (h) => {
    strictEqual(h.status("hello").state, "idle");
    h.bus.events.subscribe({ topics: ["pane.*", "*"] }, () => {});
    strictEqual(h.status("hello").state, "idle", "a pattern naming no plugin starts none");
    h.bus.events.subscribe({ topics: ["hello.greeted"] }, () => {});
    await h.until("hello running", () => h.status("hello").state === "running");
  }, { manifests });
});

Deno.test("a lazy plugin whose load fails answers its first call with PLUGIN_CRASHED, not NOT_FOUND", async () => {
  const manifests = memoryCache();
  const from = fixture("top_throw");
  // What an earlier, working version of the module showed.
  manifests.set("top_throw", from, {
    protocol: 1,
    name: "top_throw",
    version: "0.0.1",
    capabilities: [],
    commands: [{
      name: "top_throw.go",
      title: "Go",
      description: "Goes.",
      inputSchema: { type: "object", properties: {} },
      capabilities: [],
    }],
  });
  await withHost([lazy(plugin("top_throw", from))], async (h) => {
    strictEqual(h.status("top_throw").state, "idle");
    const reply = await h.call("top_throw.go", {});
    ok(!reply.ok);
    strictEqual(reply.error.code, "PLUGIN_CRASHED", reply.error.message);
  }, { manifests, restart: { initialMs: 60_000 } });
});

Deno.test("a lazy plugin's wakeOn events wake it and reach its subscription once, held while it starts", async () => {
  const manifests = memoryCache();
  const watcher = (): PluginConfig => ({
    ...lazy(plugin("watcher", fixture("watcher"), ["pane:read"], {
      filter: { topics: ["pane.clipboard"] },
    })),
    wakeOn: ["pane.clipboard"],
  });
  await withHost([watcher()], (h) => strictEqual(h.status("watcher").state, "idle"), {
    manifests,
  });
  await withHost([watcher()], async (h) => {
    strictEqual(h.status("watcher").state, "idle");
    const others: string[] = [];
    h.bus.events.subscribe({ topics: ["pane.clipboard"] }, (e) => {
      others.push((e.data as { text: string }).text);
    });
    const copy = (text: string) =>
      h.bus.events.publish("pane.clipboard", { pane: "p1", text, buffer: true }, "p1");
    // Both come while it is idle or still starting: the first wakes it.
    copy("one");
    copy("two");
    await h.until("watcher running", () => h.status("watcher").state === "running");
    copy("three");
    const texts = async () => {
      const seen = await h.call("watcher.seen", {});
      ok(seen.ok, JSON.stringify(seen));
      return (seen.value as WeftEvent[]).map((e) => (e.data as { text: string }).text);
    };
    await h.until("three seen", () => others.length === 3);
    await eventually("the watcher to have three", async () => (await texts()).length >= 3);
    deepStrictEqual(await texts(), ["one", "two", "three"]);
    deepStrictEqual(others, ["one", "two", "three"], "other subscribers see each once");
  }, { manifests });
});
