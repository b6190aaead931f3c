/**
 * The one pane-view client (core/sdk/pane_view.ts), over a real server's socket and real PTYs:
 * a picture then exactly the output it did not show, again after a resync; a flooding pane
 * copied and then streamed again; nothing after it is closed.
 */

import { deepStrictEqual, ok } from "node:assert/strict";
import { join } from "node:path";
import { type PanePicture, PaneView, type PaneViewOptions } from "../core/sdk/pane_view.ts";
import { clientPaneSource } from "../plugins/client/pane_source.ts";
import type { WeftClient } from "../plugins/client/mod.ts";
import { untilEvent, wakeups } from "./helpers/poll.ts";
import { E2E, withServer } from "./helpers/server.ts";

/** What a view handed over: pictures, each with the output that followed it. */
function recorder() {
  const segments: { picture: PanePicture; output: string }[] = [];
  const flooding: boolean[] = [];
  const errors: unknown[] = [];
  const changed = wakeups();
  const viewer = {
    picture: (picture: PanePicture) => {
      segments.push({ picture, output: "" });
      changed.wake();
    },
    output: (data: string) => {
      const last = segments.at(-1);
      if (!last) throw new Error("output before any picture");
      last.output += data;
      changed.wake();
    },
    flooding: (on: boolean) => (flooding.push(on), changed.wake()),
    error: (err: unknown) => void errors.push(err),
  };
  return { segments, flooding, errors, changed, viewer };
}

/** The `lineN` numbers a segment shows: its screen, then its output (a line may be cut there). */
function numbers(segment: { picture: PanePicture; output: string }): number[] {
  const text = segment.picture.screen.text.trimEnd() + segment.output;
  return (text.match(/line\d+/g) ?? []).map((l) => Number(l.slice(4)));
}

const STREAM: PaneViewOptions = {
  floodBytes: Infinity,
  acks: false,
  copies: { everyMs: 0, retryMs: 300, untilCalm: true, tickMs: 20 },
  historyLines: () => 100,
  historyAfterFlood: true,
};

async function printing(client: WeftClient, command: string): Promise<string> {
  const { pane } = await client.call("session.create", { argv: ["bash", "-c", command] });
  return pane;
}

Deno.test({
  name: "a pane view shows a picture then exactly the output it did not show, again after a resync",
  ...E2E,
  fn: () =>
    withServer(async ({ client, connect }) => {
      const LINES = 3000;
      const pane = await printing(
        client,
        `for i in $(seq 1 ${LINES}); do echo line$i; ((i % 100)) || sleep 0.05; done; sleep 60`,
      );
      await client.call("pane.wait", { pane, match: "^line[3-9]\\d\\d$", regex: true });
      const seen = recorder();
      const view = new PaneView(clientPaneSource(await connect()), pane, seen.viewer, STREAM);
      await view.resync();
      // Mid-output (on a slow machine it may be over: the property holds either way).
      await untilEvent("some output, or the end", {
        on: seen.changed.on,
        check: () => seen.segments[0]!.output || numbers(seen.segments[0]!).includes(LINES),
        timeoutMs: 20_000,
      });
      await view.resync(true);
      const last = await untilEvent("the last line after the resync", {
        on: seen.changed.on,
        check: () => seen.segments[1] && numbers(seen.segments[1]).includes(LINES),
        timeoutMs: 20_000,
      });
      ok(last);
      deepStrictEqual(seen.segments.length, 2);
      ok(seen.segments[1]!.picture.history, "the resync asked for history and got it");
      for (const segment of seen.segments) {
        const shown = numbers(segment);
        const from = shown[0]!;
        deepStrictEqual(shown, Array.from({ length: shown.length }, (_, i) => from + i));
      }
      deepStrictEqual(numbers(seen.segments[1]!).at(-1), LINES);
      deepStrictEqual(seen.errors, []);
      view.close();
    }),
});

Deno.test({
  name: "a pane view copies a flooding pane's screen, then streams it again with its history",
  ...E2E,
  fn: () =>
    withServer(async ({ client, connect, dir }) => {
      const stop = join(dir, "stop-flood");
      // The flood lasts until the view copies (a fixed length may end too soon on a fast machine).
      const pane = await printing(
        client,
        `while [ ! -e ${stop} ]; do seq 1 5000; done; echo line1; sleep 600`,
      );
      const seen = recorder();
      const view = new PaneView(clientPaneSource(await connect()), pane, seen.viewer, {
        ...STREAM,
        floodBytes: 20_000,
      });
      void view.resync();
      await untilEvent("a copy of the flooding pane", {
        on: seen.changed.on,
        check: () => view.flooding && seen.segments.some((s) => s.picture.copy),
        timeoutMs: 30_000,
      });
      deepStrictEqual(seen.flooding[0], true);
      await Deno.writeTextFile(stop, "");
      const back = await untilEvent("the stream again, showing the end", {
        on: seen.changed.on,
        check: () => {
          const segment = seen.segments.at(-1)!;
          return !view.flooding && !segment.picture.copy && numbers(segment).includes(1) &&
            segment;
        },
        timeoutMs: 20_000,
      });
      // Off and on again, if a loaded server's screen looked calm for a moment; off at the end.
      ok(seen.flooding.every((on, i) => on === (i % 2 === 0)) && seen.flooding.at(-1) === false);
      ok(back.picture.history, "back from a flood with the history the copies skipped");
      const copies = seen.segments.filter((s) => s.picture.copy);
      ok(copies.every((s) => s.output === ""), "no output follows a copy");
      deepStrictEqual(seen.errors, []);
      view.close();
    }),
});

Deno.test({
  name: "a closed pane view hands nothing more over",
  ...E2E,
  fn: () =>
    withServer(async ({ client, connect }) => {
      const pane = await printing(client, "while read x; do echo line$x; done");
      const connection = await connect();
      const seen = recorder();
      const view = new PaneView(clientPaneSource(connection), pane, seen.viewer, STREAM);
      await view.resync();
      await client.call("pane.write", { pane, text: "1\r" });
      await untilEvent("the first line", {
        on: seen.changed.on,
        check: () => numbers(seen.segments[0]!).includes(1),
      });
      view.close();
      // Another subscription on the same connection: the pane's events come to both in order.
      const after = wakeups();
      let text = "";
      const off = await connection.subscribe({ topics: ["pane.output"], panes: [pane] }, (e) => {
        text += (e.data as { data: string }).data;
        after.wake();
      });
      await client.call("pane.write", { pane, text: "2\r" });
      await untilEvent("the pane's output after the close", {
        on: after.on,
        check: () => text.includes("line2"),
      });
      ok(!seen.segments[0]!.output.includes("line2"), "the closed view got no output");
      deepStrictEqual(seen.segments.length, 1);
      await off();
    }),
});
