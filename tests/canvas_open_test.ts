// End-to-end: the canvas plugin in a real server opens canvas panes from files and content,
// keeps them in the layout, lets pane.read return their text, and refuses what it must.
import { deepStrictEqual, match, ok, strictEqual } from "node:assert/strict";
import { join } from "node:path";
import type { WeftError } from "../protocols/bus/errors.ts";
import { E2E, onEvents, withServer } from "./helpers/server.ts";
import { untilEvent } from "./helpers/poll.ts";
import { weftArgs, weftInProcess } from "./helpers/cli.ts";

interface Report {
  pane: string;
  kind: string;
  title: string;
  cols: number;
  rows: number;
}

interface Read {
  text: string;
}

Deno.test(
  "canvas.open shows a project file, and pane.read returns what it shows",
  E2E,
  async () => {
    await withServer(async ({ client }) => {
      const opened = await client.call<Report>("canvas.open", {
        kind: "json",
        path: "data/config.json",
        name: "cfg",
      });
      strictEqual(opened.kind, "json");
      const panes = await client.call<
        { panes: { id: string; canvas: string | null; name: string }[] }
      >(
        "pane.list",
        {},
      );
      const pane = panes.panes.find((p) => p.id === opened.pane);
      deepStrictEqual([pane?.canvas, pane?.name], ["canvas", "cfg"]);
      const read = await client.call<Read>("pane.read", { pane: "cfg" });
      match(read.text, /data\/config\.json/);
      match(read.text, /"name": "weft"/);
      const ansi = await client.call<Read>("pane.read", { pane: "cfg", ansi: true });
      ok(ansi.text.includes("\x1b["), "the ANSI read keeps colours");
      const layout = await client.call<{ panes: unknown }>("window.layout", {});
      ok(JSON.stringify(layout).includes(opened.pane), "the canvas is in the window's layout");
    }, {
      startupSession: true,
      files: { "data/config.json": JSON.stringify({ name: "weft", list: [1, 2, 3] }) },
    });
  },
);

Deno.test("canvas.open refuses a path outside the project and leaves no pane", E2E, async () => {
  await withServer(async ({ client, dir }) => {
    const outside = await Deno.makeTempFile();
    const panes = async () => (await client.call<{ panes: unknown[] }>("pane.list")).panes.length;
    try {
      const before = await panes();
      const err = await client.call("canvas.open", { kind: "log", path: outside }).then(
        () => undefined,
        (e) => e as WeftError,
      );
      strictEqual(err?.code, "DENIED");
      match(err!.message, /outside the project/);
      strictEqual((err!.data as { pane?: string } | undefined)?.pane, undefined);
      const dotdot = await client.call("canvas.open", { kind: "log", path: "../x.log" }).catch((
        e,
      ) => e);
      strictEqual((dotdot as WeftError).code, "DENIED");
      await Deno.symlink(outside, join(dir, "link.log"));
      const link = await client.call("canvas.open", { kind: "log", path: "link.log" }).catch(
        (e) => e,
      );
      strictEqual((link as WeftError).code, "DENIED", "a link out of the project is outside it");
      const missing = await client.call("canvas.open", { kind: "log", path: "nope.log" }).catch((
        e,
      ) => e);
      strictEqual((missing as WeftError).code, "NOT_FOUND");
      await Deno.writeTextFile(join(dir, "bad.json"), "{nope");
      const bad = await client.call("canvas.open", { kind: "json", path: "bad.json" }).catch((e) =>
        e
      );
      strictEqual((bad as WeftError).code, "INVALID_INPUT");
      match((bad as WeftError).message, /Cannot parse JSON/);
      // Five failed opens, no pane left behind.
      strictEqual(await panes(), before);
    } finally {
      await Deno.remove(outside);
    }
  }, { startupSession: true });
});

Deno.test("a canvas's file changed on disk is drawn again", E2E, async () => {
  await withServer(async ({ client, dir }) => {
    const { pane } = await client.call<Report>("canvas.open", { kind: "log", path: "app.log" });
    await Deno.writeTextFile(join(dir, "app.log"), "first line\nERROR second line\n", {
      append: true,
    });
    await untilEvent("the new log line on the canvas", {
      on: onEvents(client, { topics: ["pane.output"], panes: [pane] }),
      check: async () =>
        (await client.call<Read>("pane.read", { pane })).text.includes("ERROR second"),
    });
  }, { startupSession: true, files: { "app.log": "boot\n" } });
});

/** `weft canvas diff -` in `dir` with `text` on its standard input; returns the pane it printed. */
async function pipeInto(dir: string, text: string): Promise<string> {
  const env = { ...Deno.env.toObject() };
  delete env.WEFT_PANE;
  const child = new Deno.Command(Deno.execPath(), {
    args: weftArgs("canvas", "diff", "-"),
    cwd: dir,
    env,
    clearEnv: true,
    stdin: "piped",
    stdout: "piped",
    stderr: "piped",
  }).spawn();
  const writer = child.stdin.getWriter();
  await writer.write(new TextEncoder().encode(text));
  await writer.close();
  const out = await child.output();
  const decoded = new TextDecoder().decode(out.stdout);
  strictEqual(out.code, 0, new TextDecoder().decode(out.stderr));
  return decoded.trim();
}

Deno.test("weft canvas KIND PATH opens a canvas and prints its pane", E2E, async () => {
  await withServer(async ({ client, dir }) => {
    const run = await weftInProcess(
      join(dir, "data"),
      "canvas",
      "table",
      "people.csv",
      "--name",
      "people",
    );
    strictEqual(run.code, 0, run.err);
    const pane = run.out.trim();
    const read = await client.call<Read>("pane.read", { pane: "people" });
    match(read.text, /Ada\s+│\s+36/);
    strictEqual((await client.call<{ id: string }>("pane.status", { pane })).id, pane);
    const piped = await pipeInto(dir, "--- a/x\n+++ b/x\n@@ -1 +1 @@\n-old line\n+new line\n");
    await client.call("pane.wait", { pane: piped, match: "new line" });
    const bad = await weftInProcess(dir, "canvas", "jsno", "data/people.csv");
    strictEqual(bad.code === 0, false);
    match(bad.err, /Cannot open a canvas of kind "jsno".*json/);
  }, { startupSession: true, files: { "data/people.csv": "name,age\nAda,36\n" } });
});

Deno.test("an agents canvas lists agent panes and follows their states", E2E, async () => {
  await withServer(async ({ client }) => {
    const { pane } = await client.call<Report>("canvas.open", { kind: "agents", name: "board" });
    await client.call("pane.create", { command: "cat", agent: "claude", name: "coder" });
    await client.call("pane.set", { pane: "coder", state: "blocked", message: "needs a key" });
    await untilEvent("the blocked agent on the board", {
      on: onEvents(client, { topics: ["pane.output"], panes: [pane] }),
      check: async () => {
        const text = (await client.call<Read>("pane.read", { pane })).text;
        return /coder\s+claude\s+blocked\s+\d+s\s+needs a key/.test(text);
      },
    });
    const { kinds, open } = await client.call<
      { kinds: { kind: string; source: string }[]; open: { pane: string }[] }
    >("canvas.kinds", {});
    deepStrictEqual(kinds.map((k) => k.kind), [
      "agents",
      "diff",
      "json",
      "log",
      "markdown",
      "table",
      "tests",
    ]);
    deepStrictEqual(open.map((c) => c.pane), [pane]);
    await client.call("canvas.close", { pane: "board" });
    const left = await client.call<{ open: unknown[] }>("canvas.kinds", {});
    deepStrictEqual(left.open, []);
  }, { startupSession: true });
});

Deno.test("a diff canvas compares two project files and follows their changes", E2E, async () => {
  await withServer(async ({ client, dir }) => {
    const { pane } = await client.call<Report>("canvas.open", {
      kind: "diff",
      options: { old: "a.txt", new: "b.txt" },
    });
    const text = async () => (await client.call<Read>("pane.read", { pane })).text;
    match(await text(), /two/);
    await Deno.writeTextFile(join(dir, "b.txt"), "one\nTHREE\n");
    await untilEvent("the diff drawn again", {
      on: onEvents(client, { topics: ["pane.output"], panes: [pane] }),
      check: async () => (await text()).includes("THREE"),
    });
    const both = await client.call("canvas.open", {
      kind: "diff",
      path: "a.txt",
      options: { old: "a.txt", new: "b.txt" },
    }).catch((e) => e as WeftError);
    match((both as WeftError).message, /with a path or content/);
  }, { startupSession: true, files: { "a.txt": "one\ntwo\n", "b.txt": "one\n2\n" } });
});

Deno.test("a file that carries escape sequences is shown as inert text", E2E, async () => {
  await withServer(async ({ client }) => {
    const { pane } = await client.call<Report>("canvas.open", { kind: "log", path: "evil.log" });
    const read = await client.call<Read & { title: string; cursor: { x: number; y: number } }>(
      "pane.read",
      { pane },
    );
    strictEqual(read.title, "evil.log");
    match(read.text, /before\s*after/);
    match(read.text, /line two/);
    const ansi = await client.call<Read>("pane.read", { pane, ansi: true });
    strictEqual(ansi.text.includes("pwned"), false, "the OSC title never reached the screen");
  }, {
    startupSession: true,
    files: { "evil.log": "before\x1b[2J\x1b]2;pwned\x07\x1b[10;10Hafter\nline two\r\x1b[31m\n" },
  });
});
