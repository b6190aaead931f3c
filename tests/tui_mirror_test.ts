import { deepStrictEqual as assertEquals, ok as assert } from "node:assert/strict";
import { join } from "node:path";
import { PaneMirror } from "../plugins/tui/pane_mirror.ts";
import { untilEvent, wakeups } from "./helpers/poll.ts";
import { paneText, waitForText } from "./helpers/panes.ts";
import { E2E, withServer } from "./helpers/server.ts";

function lines(mirror: PaneMirror, from: number, to: number): string[] {
  const buffer = mirror.term.buffer.active;
  const out: string[] = [];
  for (let i = from; i < to; i++) out.push(buffer.getLine(i)?.translateToString(true) ?? "");
  return out;
}

Deno.test(
  "a pane mirror started mid-output ends equal to the pane: history, screen, no gap or repeat",
  E2E,
  async () => {
    await withServer(async ({ client, connect }) => {
      const s = await client.call<{ pane: string }>("session.create", {
        // 100,000 lines in bursts over about a second, so the mirror starts while they come.
        command:
          "awk 'BEGIN { for (i = 1; i <= 100000; i++) { print i; if (i % 2000 == 0) system(\"sleep 0.02\") } }'; " +
          "echo DONE; sleep 600",
      });
      const { cols, rows } = await client.call<{ cols: number; rows: number }>("pane.status", {
        pane: s.pane,
      });
      await waitForText(client, {
        pane: s.pane,
        match: "^\\d{5}$",
        regex: true,
        timeout: 20_000,
      });
      let changes = 0;
      const changed = wakeups();
      const mirror = new PaneMirror(await connect(), s.pane, { cols, rows }, {
        scrollback: 200_000,
        floodBytes: Infinity, // follow every byte: this test is about the stream
        onChange: () => (changes++, changed.wake()),
      });
      await mirror.ready;
      await mirror.loadHistory(); // also mid-output: a second snapshot, with the history above it
      await waitForText(client, {
        pane: s.pane,
        match: "^DONE$",
        regex: true,
        timeout: 30_000,
      });
      const server = await client.call<{ text: string }>("pane.read", { pane: s.pane });
      const want = server.text.split("\n");
      await untilEvent("the mirror's screen to equal the pane's", {
        on: changed.on,
        check: () => {
          const base = mirror.term.buffer.active.baseY;
          const shown = lines(mirror, base, base + rows).map((l) => l.trimEnd());
          return want.every((line, i) => shown[i] === line);
        },
        timeoutMs: 20_000,
      });
      const buffer = mirror.term.buffer.active;
      const numbers = lines(mirror, 0, buffer.length).filter((l) => /^\d+$/.test(l)).map(Number);
      assertEquals(numbers.length, 100_000);
      assert(numbers.every((n, i) => n === i + 1), "every line once, in order");
      assert(changes > 0);
      mirror.dispose();
    });
  },
);

Deno.test(
  "a flooding pane is copied by polling its screen, and the mirror ends equal to it",
  E2E,
  async () => {
    await withServer(async ({ client, connect, dir }) => {
      // The flood lasts until the mirror has fallen back to polling (a fixed length may end
      // before a loaded machine's mirror falls behind), then ends with a known last screen.
      const stop = join(dir, "stop-flood");
      const s = await client.call<{ pane: string }>("session.create", {
        command: `while [ ! -e ${stop} ]; do seq 1 5000; done; ` +
          "printf 'END\\n\\033[1;31mred\\033[0m'; sleep 600",
      });
      const { cols, rows } = await client.call<{ cols: number; rows: number }>("pane.status", {
        pane: s.pane,
      });
      const changed = wakeups();
      const mirror = new PaneMirror(await connect(), s.pane, { cols, rows }, {
        scrollback: 100,
        // A flood is a rate (by default 256 KiB in a quarter second) that a loaded machine's
        // server may never reach: with 8 KiB, this unbroken flood is one however slow it comes.
        floodBytes: 8 * 1024,
        onChange: changed.wake,
      });
      // Every change of what the mirror shows (a poll's copy included) is told with onChange.
      // A loaded machine's mirror may be back on the stream by then (a read slower than its
      // retry), so what is waited for is a copy drawn, not the polling flag at that moment.
      await untilEvent("the mirror to draw a copy of the pane's screen", {
        on: changed.on,
        check: () => mirror.copies > 0,
        timeoutMs: 30_000,
      });
      await Deno.writeTextFile(stop, "");
      await waitForText(client, {
        pane: s.pane,
        match: "^red$",
        regex: true,
        timeout: 20_000,
      });
      const want = await paneText(client, { pane: s.pane });
      await untilEvent("the mirror to stream again and equal the pane", {
        on: changed.on,
        check: () => {
          const buffer = mirror.term.buffer.active;
          const shown = lines(mirror, buffer.baseY, buffer.baseY + rows).map((l) => l.trimEnd())
            .join("\n");
          return !mirror.polling && shown.trimEnd() === want.trimEnd();
        },
        timeoutMs: 20_000,
      });
      const cell = mirror.term.buffer.active.getLine(
        mirror.term.buffer.active.baseY + mirror.term.buffer.active.cursorY,
      )
        ?.getCell(0);
      assert(
        cell?.isBold() && cell.getFgColor() === 1,
        "colours survive the polling and the stream after it",
      );
      mirror.dispose();
    });
  },
);
