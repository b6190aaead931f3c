// End-to-end: canvases react: an agent's <weft:canvas/> tag opens one beside it (and is
// refused when the sideband may not draw), a resize draws it again at the new size, keys
// typed into it scroll it, search it and close it.
import { deepStrictEqual, match, ok, strictEqual } from "node:assert/strict";
import {
  paneList,
  paneText,
  sidebandLog,
  sidebandReading,
  UNTIL_GO,
  waitForText,
} from "./helpers/panes.ts";
import { untilEvent } from "./helpers/poll.ts";
import { E2E, onEvents, withServer } from "./helpers/server.ts";

interface Pane {
  id: string;
  canvas: string | null;
  createdBy: string | null;
  cols: number;
}

interface Entry {
  outcome: string;
  tag?: string;
  command?: string;
  reason?: string;
}

/**
 * A pane whose output is read as a byte stream, printing the project's `tags.txt` once the
 * sideband reads it (its reader starts on `pane.created`, after the program did).
 */
async function printer(client: Parameters<typeof paneList>[0]): Promise<string> {
  const s = await client.call<{ pane: string }>("session.create", {
    command: `${UNTIL_GO}; cat tags.txt; exec cat`,
    tags: ["sideband:stream"],
  });
  await sidebandReading(client, s.pane);
  return s.pane;
}

Deno.test(
  "an agent's <weft:canvas/> tag opens a canvas beside it, path and content forms",
  E2E,
  async () => {
    await withServer(async ({ client }) => {
      const agent = await printer(client);
      const log = await sidebandLog<Entry>(client, agent, { atLeast: 2 });
      deepStrictEqual(log.map((e) => [e.outcome, e.tag, e.command]), [
        ["ran", "canvas", "canvas.open"],
        ["ran", "canvas", "canvas.open"],
      ]);
      const canvases = (await paneList<Pane>(client)).filter((p) => p.canvas === "canvas");
      strictEqual(canvases.length, 2);
      ok(canvases.every((p) => p.createdBy === agent), "attributed to the agent's pane");
      match(await paneText(client, { pane: "people" }), /Ada\s+│\s+36/);
      const inline = canvases.find((p) => p.id !== canvases[0]!.id && p.id !== "people")!;
      await waitForText(client, { pane: inline.id, match: '"a": 1' });
      // The stripping display filter hides the tag the canvas plugin declares, as a built-in.
      const shown = await paneText(client, { pane: agent });
      ok(!shown.includes("weft:canvas") && !shown.includes('"a": 1'), shown);
    }, {
      files: {
        "people.csv": "name,age\nAda,36\nAlan,41\n",
        "tags.txt": '<weft:canvas kind="table" path="people.csv" name="people"/>\n' +
          '<weft:canvas kind="json" title="inline">{"a": 1}</weft:canvas>\n',
      },
      weft: { plugins: { sideband: { options: { holdMs: 200 } } } },
    });
  },
);

Deno.test("a sideband without canvas:draw cannot open a canvas", E2E, async () => {
  await withServer(async ({ client }) => {
    const agent = await printer(client);
    const [entry] = await sidebandLog<Entry>(client, agent, { atLeast: 1 });
    strictEqual(entry?.outcome, "failed");
    match(entry!.reason!, /lacks canvas:draw/);
    strictEqual((await paneList<Pane>(client)).filter((p) => p.canvas).length, 0);
  }, {
    files: { "a.json": "{}", "tags.txt": '<weft:canvas kind="json" path="a.json"/>\n' },
    weft: {
      plugins: {
        sideband: {
          grant: ["pane:read", "pane:write", "pane:spawn", "pane:control", "layout:write"],
          options: { holdMs: 200 },
        },
      },
    },
  });
});

Deno.test("a resized canvas is drawn again at its new width", E2E, async () => {
  await withServer(async ({ client }) => {
    const { pane } = await client.call<{ pane: string; cols: number }>("canvas.open", {
      kind: "json",
      content: '{"k": "v"}',
    });
    const ruleOf = async () => {
      const text = await paneText(client, { pane });
      return text.split("\n")[1]!.length;
    };
    const before = await ruleOf();
    await client.call("window.zoom", { pane, zoomed: true });
    const status = await client.call<{ cols: number }>("pane.status", { pane });
    ok(status.cols > before, `zoomed to ${status.cols} columns from ${before}`);
    await untilEvent("the rule drawn across the new width", {
      on: onEvents(client, { topics: ["pane.output"], panes: [pane] }),
      check: async () => (await ruleOf()) === status.cols,
    });
  }, { startupSession: true });
});

Deno.test("keys typed into a canvas scroll it, search it, and q closes it", E2E, async () => {
  await withServer(async ({ client }) => {
    const rows = Array.from({ length: 300 }, (_, i) => `line ${i} ${i === 250 ? "needle" : ""}`);
    const { pane } = await client.call<{ pane: string }>("canvas.open", {
      kind: "log",
      content: rows.join("\n"),
      title: "many",
    });
    const until = (what: string, check: (text: string) => boolean) =>
      untilEvent(what, {
        on: onEvents(client, { topics: ["pane.output"], panes: [pane] }),
        check: async () => check(await paneText(client, { pane })),
      });
    await until("the end of the log (a log follows)", (t) => t.includes("line 299"));
    // Another subscriber (with every right) never sees the keys: they go to the canvas's owner.
    const spied: string[] = [];
    let closed!: () => void;
    const spyClosed = new Promise<void>((resolve) => (closed = resolve));
    await client.subscribe({ topics: ["pane.canvas.*", "pane.closed"], panes: [pane] }, (e) => {
      spied.push(e.topic);
      if (e.topic === "pane.closed") closed();
    });
    await client.call("pane.write", { pane, text: "g" });
    await until("the top after g", (t) => t.includes("many") && !t.includes("line 299"));
    await client.call("pane.write", { pane, keys: ["PageDown"] });
    await until("the next page", (t) => !t.includes("many") && /line \d\d/.test(t));
    await client.call("pane.write", { pane, text: "/needle\r" });
    await until("the line that holds the search", (t) => /^line 250 needle/m.test(t));
    await client.call("pane.write", { pane, text: "q" });
    await untilEvent("the canvas closed", {
      on: onEvents(client, { topics: ["pane.closed"] }),
      check: async () => !(await paneList<Pane>(client)).some((p) => p.id === pane),
    });
    // pane.closed comes after every key's event on this connection: none was held back.
    await spyClosed;
    deepStrictEqual(spied, ["pane.closed"]);
  }, { startupSession: true });
});
