import {
  deepStrictEqual as assertEquals,
  match as assertMatch,
  ok as assert,
  strictEqual,
} from "node:assert/strict";
import { join } from "node:path";
import { startCore, type TestCore } from "../../tests/helpers/core.ts";
import type { CoreOptions } from "../../tests/helpers/core.ts";
import { picture } from "../../tests/helpers/picture.ts";
import { eventually } from "../../tests/helpers/poll.ts";
import { StoreDb } from "./db.ts";
import { type ProjectStore, startStore } from "./start_store.ts";
import { StoreWriter } from "./writer.ts";
import type { RestoreMode } from "./plan.ts";

interface Run {
  core: TestCore;
  store: ProjectStore;
  log: string[];
}

/** A test core with a store on `file`; the store restores what the file holds. */
async function run(
  file: string,
  options: { restore?: RestoreMode; core?: CoreOptions; deferStart?: boolean } = {},
): Promise<Run> {
  const core = startCore(options.core);
  const log: string[] = [];
  const store = await startStore({
    file,
    model: core.model,
    events: core.bus.events,
    restore: options.restore ?? "all",
    shell: core.config.shell,
    projectDir: core.config.projectDir,
    log: (line) => log.push(line),
    deferStart: options.deferStart ?? false,
  });
  core.bus.setBarrier(() => store.flush());
  return { core, store, log };
}

async function stop(r: Run): Promise<void> {
  r.store.close();
  await r.core.dispose();
}

async function tempFile(): Promise<{ file: string; done: () => Promise<void> }> {
  const dir = await Deno.makeTempDir({ prefix: "weft-store-" });
  return { file: join(dir, "weft.db"), done: () => Deno.remove(dir, { recursive: true }) };
}

/** Two windows, splits with uneven ratios, names, tags, a closed pane, focus and zoom. */
async function build(core: TestCore): Promise<void> {
  const s = await core.call<{ pane: string }>("session.create", {
    session: "main",
    name: "editor",
    command: "vim",
  });
  await core.call("pane.create", { split: s.pane, direction: "horizontal", ratio: 0.3 });
  const p3 = await core.call<{ id: string }>("pane.create", {
    split: s.pane,
    direction: "vertical",
    ratio: 0.25,
    name: "logs",
    tags: ["watch"],
    env: { A: "1", WEFT_SIDEBAND_KEY: "never" },
  });
  await core.call("pane.set", { pane: p3.id, meta: { role: "tail" } });
  const w2 = await core.call<{ window: string; pane: string }>("window.create", { name: "two" });
  const p5 = await core.call<{ id: string }>("pane.create", { split: w2.pane });
  await core.call("pane.close", { pane: p5.id });
  await core.call("window.zoom", { pane: w2.pane, zoomed: true });
  await core.call("pane.focus", { pane: "logs" });
}

Deno.test("startStore() writes each change through before the reply", async () => {
  const { file, done } = await tempFile();
  const r = await run(file);
  await r.core.call("session.create", { session: "main" });
  // Durable at the reply: in the change log, which every reader lays over the file.
  const reader = StoreDb.open(file, { readOnly: true });
  assertEquals(reader.loadLogged().sessions.map((s) => s.name), ["main"]);
  await r.core.call("window.create", { name: "w" });
  assertEquals(reader.loadLogged().windows.size, 2);
  assertEquals(reader.loadLogged().counters, { s: 1, w: 2, p: 2 });
  // And in the file itself a batch later, the log emptied.
  await eventually("the file holds the logged changes", () => reader.load().windows.size === 2);
  assertEquals(reader.load().counters, { s: 1, w: 2, p: 2 });
  await eventually("the log is empty", () => Deno.statSync(`${file}-log`).size === 0);
  reader.close();
  // Output is not an event the store listens to: no pane pays for decoding text.
  strictEqual(r.core.bus.events.wants("pane.output", "p1"), false);
  await stop(r);
  await done();
});

Deno.test("restoreSaved() brings back tree, ratios, names, tags, focus, zoom and ids", async () => {
  const { file, done } = await tempFile();
  const first = await run(file);
  await build(first.core);
  const before = await picture(first.core.call);
  const keys = [...first.core.model.panes.values()].map((p) => p.launch.env.WEFT_SIDEBAND_KEY!);
  await stop(first);
  // Each pane's sideband key is in its environment, never in the file.
  const bytes = new TextDecoder().decode(await Deno.readFile(file));
  assert(keys.length === 4 && keys.every((k) => k.length >= 16 && !bytes.includes(k)));
  assert(!bytes.includes("never"), "a WEFT_* variable given explicitly is not kept either");

  const second = await run(file);
  assertEquals(await picture(second.core.call), before);
  assertMatch(second.log.join("\n"), /restored 1 session\(s\), 2 window\(s\), 4 pane\(s\)/);
  // New ids continue after the highest ever handed out (p5 was closed: the next is p6).
  const next = await second.core.call<{ id: string }>("pane.create", { split: "p1" });
  strictEqual(next.id, "p6");
  const logs = second.core.model.pane(second.core.model.resolve("pane", "logs"));
  assertEquals(logs.givenEnv, { A: "1" });
  await stop(second);
  await done();
});

Deno.test("restoreSaved() survives a run that was never closed (a kill -9)", async () => {
  const { file, done } = await tempFile();
  const first = await run(file);
  await build(first.core);
  const before = await picture(first.core.call);
  // No close(): what the replies promised is all there is.
  const second = await run(file);
  assertEquals(await picture(second.core.call), before);
  await stop(second);
  await first.core.dispose();
  await done();
});

Deno.test("restored panes start their plan and show the old screen dimmed under a marker", async () => {
  const { file, done } = await tempFile();
  const first = await run(file);
  const s = await first.core.call<{ pane: string }>("session.create", { command: "htop -d 5" });
  first.core.pty(s.pane).output("\x1b[1mCPU\x1b[0m 42%\r\n");
  await first.core.model.pane(s.pane).screen.flush();
  await stop(first);

  const second = await run(file);
  const pane = second.core.model.pane(s.pane);
  assertEquals(second.core.pty(s.pane).options.argv, ["bash", "-c", "htop -d 5"]);
  second.core.pty(s.pane).output("new output\r\n");
  await pane.screen.flush();
  const text = pane.screen.read({ mode: "history" }).text.split("\n");
  assertMatch(text[0]!, /^ restored p1: "htop -d 5" started again · saved \d{4}-/);
  assertEquals(text.slice(1, 3), ["CPU 42%", "new output"]);
  const ansi = pane.screen.read({ mode: "history", ansi: true }).text;
  assert(ansi.includes("\x1b[0;1;2mCPU"), JSON.stringify(ansi));
  await stop(second);
  await done();
});

Deno.test('restoreSaved() with restore "off" starts empty and forgets the old run', async () => {
  const { file, done } = await tempFile();
  const first = await run(file);
  await build(first.core);
  await stop(first);
  const second = await run(file, { restore: "off" });
  strictEqual(second.core.model.sessions.size, 0);
  await second.core.call("session.create", {});
  await stop(second);
  const third = await run(file);
  assertEquals([...third.core.model.panes.keys()], ["p1"]);
  await stop(third);
  await done();
});

Deno.test("restoreSaved() falls back to a shell, else leaves a pane out and says which", async () => {
  const { file, done } = await tempFile();
  const first = await run(file);
  const s = await first.core.call<{ pane: string }>("session.create", {});
  await first.core.call("pane.create", { split: s.pane, argv: ["gone-program"], cwd: "/gone" });
  await first.core.call("pane.create", { split: s.pane, argv: ["other-gone"] });
  await stop(first);
  const second = await run(file, {
    core: {
      refuse: (o) =>
        o.argv[0]!.endsWith("-gone") || o.argv[0] === "gone-program" || o.env.WEFT_PANE === "p2"
          ? "no such program"
          : undefined,
    },
  });
  assertEquals(second.core.model.window("w1").layout, {
    type: "split",
    direction: "vertical",
    children: [
      { ratio: 0.5, node: { type: "pane", pane: "p1" } },
      { ratio: 0.5, node: { type: "pane", pane: "p3" } },
    ],
  });
  // p3's program is gone: a shell takes its place, in the project directory.
  assertEquals(second.core.pty("p3").options.argv, ["bash"]);
  assertMatch(second.log.join("\n"), /could not restore pane p2: .*no such program/);
  await stop(second);
  await done();
});

Deno.test("StoreWriter reports a failing write once and the calls go on", async () => {
  const core = startCore();
  const db = StoreDb.open(":memory:");
  const errors: unknown[] = [];
  const writer = new StoreWriter({
    db,
    model: core.model,
    events: core.bus.events,
    onError: (err) => errors.push(err),
  });
  writer.start();
  core.bus.setBarrier(() => writer.flush());
  db.close();
  await core.call("session.create", {});
  await core.call("window.create", {});
  strictEqual(errors.length, 1);
  assertMatch(String(errors[0]), /not open/);
  writer.close();
  await core.dispose();
});

Deno.test("a deferred restore puts the whole tree back first and starts the programs after", async () => {
  const { file, done } = await tempFile();
  const first = await run(file);
  await build(first.core);
  const s = await first.core.call<{ pane: string }>("session.create", {});
  await first.core.call("pane.create", { split: s.pane, argv: ["gone-program"] });
  const before = await picture(first.core.call);
  await stop(first);
  const second = await run(file, {
    deferStart: true,
    core: {
      deferRestore: true,
      refuse: (o) => o.argv[0] === "gone-program" ? "no such program" : undefined,
    },
  });
  // The tree is whole and answered before any program runs; a missing one fell back already.
  assertEquals(await picture(second.core.call), before);
  strictEqual(second.core.ptys.started.length, 0);
  const panes = [...second.core.model.panes.values()];
  assert(panes.every((p) => p.pty.pid === 0));
  await second.core.call("pane.write", { pane: "logs", text: "typed early" });
  await second.store.startPanes();
  const started = second.core.ptys.started;
  assertEquals(started.map((p) => p.options.env.WEFT_PANE).sort(), panes.map((p) => p.id).sort());
  assert(panes.every((p) => p.pty.pid > 0));
  const logs = second.core.model.pane(second.core.model.resolve("pane", "logs"));
  strictEqual(started.find((p) => p.pid === logs.pty.pid)!.written, "typed early");
  const fallback = started.find((p) => p.options.env.WEFT_PANE === "p7");
  assertEquals(fallback?.options.argv, ["bash"]);
  await stop(second);
  await done();
});

Deno.test("StoreWriter's sweep of an idle model writes nothing, so the disk and the checkpointer rest", async () => {
  const core = startCore();
  const db = StoreDb.open(":memory:");
  const writer = new StoreWriter({ db, model: core.model, events: core.bus.events, sweepMs: 10 });
  writer.start();
  core.bus.setBarrier(() => writer.flush());
  // A program that prints nothing: its screen never changes, so no screen is saved again.
  await core.call("session.create", { command: "sleep 30" });
  await eventually("the change and its screen written", () => writer.stats.screens > 0);
  const before = { ...writer.stats };
  // Proves that nothing happens: ten sweeps' time with nothing changed writes nothing.
  await new Promise((r) => setTimeout(r, 100));
  strictEqual(writer.stats.logged, before.logged, "nothing logged");
  strictEqual(writer.stats.writes, before.writes, "nothing written");
  writer.close();
  await core.dispose();
});
