// End-to-end: the canvas plugin in a real server opens canvas panes from files and content,
// keeps them in the layout, lets pane.read return their text, and refuses what it must.
import { deepStrictEqual, match, ok, strictEqual } from "node:assert/strict";
import { join } from "node:path";
import type { WeftError } from "../protocols/bus/errors.ts";
import { E2E, onEvents, withServer } from "./helpers/server.ts";
import { untilEvent } from "./helpers/poll.ts";

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

Deno.test("canvas.open refuses a path outside the project and draws the error", E2E, async () => {
  await withServer(async ({ client, dir }) => {
    const outside = await Deno.makeTempFile();
    try {
      const err = await client.call("canvas.open", { kind: "log", path: outside }).then(
        () => undefined,
        (e) => e as WeftError,
      );
      strictEqual(err?.code, "DENIED");
      match(err!.message, /outside the project/);
      const pane = (err!.data as { pane: string }).pane;
      const read = await client.call<Read>("pane.read", { pane });
      match(read.text.replaceAll("\n", " "), /outside the project/);
      const dotdot = await client.call("canvas.open", { kind: "log", path: "../x.log" }).catch((
        e,
      ) => e);
      strictEqual((dotdot as WeftError).code, "DENIED");
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
