// Restore end to end: `weft serve` as a child process in a temporary project, stopped with
// `weft stop` or killed with SIGKILL, started again. The tree, ratios, names, tags, focus and
// ids come back; a shell comes back in its last directory, a program with its command; each
// pane first shows its old screen, dimmed, under a marker.
import {
  deepStrictEqual as assertEquals,
  match as assertMatch,
  ok as assert,
} from "node:assert/strict";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import type { WeftClient } from "../plugins/client/mod.ts";
import { weftArgs } from "./helpers/cli.ts";
import { picture } from "./helpers/picture.ts";
import { E2E } from "./helpers/server.ts";
import { eventually } from "./helpers/poll.ts";
import { killHard, serveChild, tempProject } from "./helpers/serve_child.ts";

/** Reports the shell's directory the way shell integrations do (OSC 7) after each command. */
const OSC7 = `printf "\\033]7;file://localhost%s\\007" "$PWD"`;

/** A layout with two sessions, uneven splits, names, tags, a program, a zoom and focus. */
async function build(client: WeftClient, dir: string): Promise<void> {
  const sub = join(dir, "sub dir");
  await Deno.mkdir(sub);
  // The startup session: s1 "main", w1, p1 (a shell).
  await client.call("pane.write", {
    pane: "p1",
    text: `PROMPT_COMMAND='${OSC7}'; cd '${sub}'; echo first-run-output`,
    submit: true,
  });
  await client.call("pane.create", {
    split: "p1",
    direction: "horizontal",
    ratio: 0.3,
    name: "right",
    tags: ["watch", "b"],
  });
  await client.call("pane.create", {
    split: "p2",
    direction: "vertical",
    ratio: 0.35,
    command: "echo program-$((40 + 2)); exec sleep 1000",
  });
  await client.call("pane.set", { pane: "p3", meta: { role: "server" } });
  // No OSC 7 here: the foreground process's directory is what weft sees.
  const other = join(dir, "other");
  await Deno.mkdir(other);
  await client.call("pane.write", { pane: "right", text: `cd '${other}'`, submit: true });
  await client.call("window.create", { name: "second" });
  await client.call("pane.create", { split: "p4", direction: "vertical", ratio: 0.6 });
  await client.call("window.zoom", { pane: "p5", zoomed: true });
  await client.call("session.create", { session: "other" });
  await client.call("pane.focus", { pane: "right" });
  await client.call("pane.wait", { pane: "p1", match: "first-run-output\n" });
  await eventually(
    "p1's directory from OSC 7",
    async () => (await client.call<{ cwd: string }>("pane.status", { pane: "p1" })).cwd === sub,
  );
  await eventually("the foreground directory of pane right", async () => {
    const status = await client.call<{ current: { cwd: string } | null }>("pane.status", {
      pane: "right",
    });
    return status.current?.cwd === other;
  });
}

/** The project's store says p1's screen holds `text` (screens are saved every few seconds). */
function screenSaved(dir: string, pane: string, text: string): Promise<boolean> {
  return eventually(`the store to hold ${pane}'s screen with "${text}"`, () => {
    const db = new DatabaseSync(join(dir, ".weft", "weft.db"), { readOnly: true });
    try {
      const row = db.prepare("SELECT ansi FROM screens WHERE pane = ?").get(pane);
      return String(row?.ansi ?? "").includes(text);
    } finally {
      db.close();
    }
  }, { timeoutMs: 15_000 });
}

/** Checks what a restored server shows: p1 in its directory, old screens under markers. */
async function checkRestored(client: WeftClient, dir: string): Promise<void> {
  const sub = join(dir, "sub dir");
  const p1 = await client.call<{ text: string }>("pane.read", {
    pane: "p1",
    mode: "history",
    joinWrapped: true,
  });
  const lines = p1.text.split("\n");
  assertMatch(lines[0]!, /^ restored p1: shell in .*sub dir · saved \d{4}-\d\d-\d\dT/);
  assert(lines.slice(1).some((l) => l.includes("first-run-output")), p1.text);
  const ansi = await client.call<{ text: string }>("pane.read", {
    pane: "p1",
    mode: "history",
    ansi: true,
  });
  // The marker in reverse video, the old output dimmed (SGR 7 and 2).
  assertMatch(ansi.text, new RegExp(String.raw`\x1b\[0;7m restored p1`));
  assertMatch(ansi.text, new RegExp(String.raw`\x1b\[[0-9;]*;2m[^\n]*first-run-output`));
  // The shell runs in its last directory again.
  await client.call("pane.write", { pane: "p1", text: "echo now-in-$(pwd)", submit: true });
  await client.call("pane.wait", { pane: "p1", match: `now-in-${sub}` });
  await client.call("pane.write", { pane: "right", text: "echo now-in-$(pwd)", submit: true });
  await client.call("pane.wait", { pane: "right", match: `now-in-${join(dir, "other")}` });
  // The program was started again with its command, under its old screen.
  await client.call("pane.wait", { pane: "p3", match: "program-42" });
  const p3 = await client.call<{ text: string }>("pane.read", {
    pane: "p3",
    mode: "history",
    joinWrapped: true,
  });
  assertMatch(
    p3.text.split("\n")[0]!,
    /restored p3: "echo program-\$\(\(40 \+ 2\)\); exec sleep 1000" started again/,
  );
  // New ids continue after the old ones.
  const next = await client.call<{ id: string }>("pane.create", { split: "p1" });
  assertEquals(next.id, "p7");
}

/** Runs the weft CLI in `dir`; returns its stdout, failing on a non-zero exit. */
async function weftCli(dir: string, ...args: string[]): Promise<string> {
  const env = { ...Deno.env.toObject() };
  delete env.WEFT_PANE;
  const out = await new Deno.Command(Deno.execPath(), {
    args: weftArgs(...args),
    cwd: dir,
    env,
    clearEnv: true,
    stdout: "piped",
    stderr: "piped",
  }).output();
  assertEquals(out.code, 0, new TextDecoder().decode(out.stderr));
  return new TextDecoder().decode(out.stdout);
}

Deno.test({
  name: "weft serve after weft stop brings back tree, ratios, names, tags, focus, ids and screens",
  ...E2E,
  fn: async () => {
    const dir = await tempProject();
    try {
      const first = await serveChild(dir);
      await build(first.client, dir);
      const before = await picture(first.client.call.bind(first.client));
      first.client.close();
      await weftCli(dir, "stop");
      await first.server.stderr;
      // weft saved says what comes back, and how, without a server.
      const saved = await weftCli(dir, "saved");
      assertMatch(saved, /^weft serve restores \(restore "all", saved \d{4}-/);
      assertMatch(saved, /\n {5}p1 {2}shell in .*sub dir\n/);
      assertMatch(
        saved,
        /\n {5}p3 {2}"echo program-\$\(\(40 \+ 2\)\); exec sleep 1000" started again/,
      );
      assertMatch(saved, /\n {4}\*p2 right {2}shell in .*other {2}\[watch, b\]\n/);
      assertMatch(saved, /\n {2}w2 {2}120x40 zoomed p5\n {5}p4 second {2}shell in /);

      const second = await serveChild(dir);
      try {
        assertMatch(second.stderr(), /restored 2 session\(s\), 3 window\(s\), 6 pane\(s\)/);
        assertEquals(await picture(second.client.call.bind(second.client)), before);
        await checkRestored(second.client, dir);
      } finally {
        await killHard(second);
      }
      // --fresh: an empty start, the old store kept beside it.
      const fresh = await serveChild(dir, "--fresh");
      try {
        assertMatch(
          fresh.stderr(),
          /starting fresh; the previous store is kept as \.weft\/weft-[0-9T-]+Z\.db/,
        );
        const { panes } = await fresh.client.call<{ panes: { id: string }[] }>("pane.list");
        assertEquals(panes.map((p) => p.id), ["p1"]);
      } finally {
        await killHard(fresh);
      }
      const kept = [];
      for await (const e of Deno.readDir(join(dir, ".weft"))) {
        if (/^weft-.*Z\.db$/.test(e.name)) kept.push(e.name);
      }
      assertEquals(kept.length, 1);
    } finally {
      await Deno.remove(dir, { recursive: true });
    }
  },
});

Deno.test({
  name: "weft serve after a kill -9 brings back what the clients were told, and the old screens",
  ...E2E,
  fn: async () => {
    const dir = await tempProject();
    try {
      const first = await serveChild(dir);
      await build(first.client, dir);
      const before = await picture(first.client.call.bind(first.client));
      await screenSaved(dir, "p1", "first-run-output");
      await screenSaved(dir, "p3", "program-42");
      await killHard(first);

      const second = await serveChild(dir);
      try {
        assertMatch(second.stderr(), /restored 2 session\(s\), 3 window\(s\), 6 pane\(s\)/);
        assertEquals(await picture(second.client.call.bind(second.client)), before);
        await checkRestored(second.client, dir);
      } finally {
        await killHard(second);
      }
    } finally {
      await Deno.remove(dir, { recursive: true });
    }
  },
});
