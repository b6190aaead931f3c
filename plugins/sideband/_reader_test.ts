import { deepStrictEqual, match, strictEqual } from "node:assert/strict";
import type { SidebandParseError } from "../../protocols/sideband/mod.ts";
import { FakeClock } from "../../tests/helpers/fake_clock.ts";
import { PaneReader, type ScanReport, STREAM_REPORT_MS } from "./_reader.ts";
import type { Found } from "./_runner.ts";
import { type Mode, parseOptions } from "./options.ts";

/** A reader of pane p1 with a fake clock, a fake screen and a hand-fed output stream. */
function setup(mode: Mode, prime = false) {
  const clock = new FakeClock();
  let listener: ((e: { topic: string; data: unknown }) => void) | undefined;
  const found: Found[] = [];
  const invalid: SidebandParseError[] = [];
  const reports: ScanReport[] = [];
  const screen = { text: "", cols: 80, revision: 1, reads: 0 };
  const reader = new PaneReader("p1", mode, {
    options: parseOptions({ holdMs: 500, scanMs: 200 }),
    subscribe: (_filter, l) => {
      listener = l;
      return () => (listener = undefined);
    },
    readScreen: () => {
      screen.reads++;
      return Promise.resolve({ text: screen.text, cols: screen.cols, revision: screen.revision });
    },
    found: (f) => found.push(f),
    invalid: (_pane, _source, error) => invalid.push(error),
    scanned: (report) => reports.push(report),
    warn: (message) => {
      throw new Error(message);
    },
    clock,
  }, { prime });
  reader.start();
  const output = (data: string) => listener?.({ topic: "pane.output", data: { data } });
  return { clock, reader, found, invalid, reports, screen, output };
}

/** One agent message line, drawn with colours, holding a status tag. */
const TAG_LINE = '\x1b[0;38;5;231m●\x1b[0m Done: <weft:status state="done"/>';

Deno.test("PaneReader (stream) lets an unfinished command go after holdMs, not before", async () => {
  const { clock, found, invalid, output } = setup("stream");
  output('ok <weft:status state="done"/> <weft:spawn cmd="never closed');
  deepStrictEqual(found.map((f) => f.command.name), ["status"]);
  await clock.advance(499);
  strictEqual(invalid.length, 0);
  await clock.advance(1);
  strictEqual(invalid.length, 1);
  match(invalid[0]!.reason, /not finished in time/);
  output('"/>');
  deepStrictEqual(found.map((f) => f.command.name), ["status"]);
});

Deno.test("PaneReader (stream) reports what it read once per window, with what it found", async () => {
  const { clock, reports, output } = setup("stream");
  output("plain ");
  output('<weft:status state="done"/>');
  output(" <weft:sta");
  strictEqual(reports.length, 0);
  await clock.advance(STREAM_REPORT_MS);
  deepStrictEqual(reports, [
    { pane: "p1", source: "stream", chunks: 3, chars: 43, commands: 1, errors: 0, held: 9 },
  ]);
  output("!\n");
  await clock.advance(STREAM_REPORT_MS);
  deepStrictEqual(reports[1], {
    pane: "p1",
    source: "stream",
    chunks: 1,
    chars: 2,
    commands: 0,
    errors: 1,
    held: 0,
  });
});

Deno.test("PaneReader (screen) looks once output is quiet for scanMs, at the latest scanMs × 10", async () => {
  const { clock, screen, output } = setup("screen");
  await clock.advance(0);
  strictEqual(screen.reads, 1); // the first look, at start
  for (let i = 0; i < 30; i++) {
    output("x");
    await clock.advance(100);
  }
  // Output every 100 ms never leaves the pane quiet for 200 ms: one look after 2000 ms.
  strictEqual(screen.reads, 2);
  await clock.advance(99);
  strictEqual(screen.reads, 2);
  await clock.advance(1);
  strictEqual(screen.reads, 3);
  strictEqual(clock.pending, 0);
});

Deno.test("PaneReader (screen) looks again at a settling tag when the pane is quiet, runs it once", async () => {
  const { clock, screen, found, reports } = setup("screen");
  screen.text = TAG_LINE;
  await clock.advance(0);
  strictEqual(found.length, 0);
  deepStrictEqual(reports.at(-1), {
    pane: "p1",
    source: "screen",
    revision: 1,
    commands: 0,
    refused: 0,
    errors: 0,
    settling: true,
    primed: false,
  });
  await clock.advance(299);
  strictEqual(screen.reads, 1);
  await clock.advance(1);
  strictEqual(screen.reads, 2);
  deepStrictEqual(found.map((f) => [f.source, f.command.name]), [["screen", "status"]]);
  deepStrictEqual([reports.at(-1)!.commands, (reports.at(-1) as { settling: boolean }).settling], [
    1,
    false,
  ]);
  strictEqual(clock.pending, 0); // settled and quiet: nothing more to look at
});

Deno.test("PaneReader (screen) primed: the first look takes note of what is shown, runs nothing", async () => {
  const { clock, screen, found, reports, output } = setup("screen", true);
  screen.text = TAG_LINE;
  await clock.advance(0);
  strictEqual((reports[0] as { primed: boolean }).primed, true);
  output("redraw");
  screen.revision = 2;
  await clock.advance(200);
  await clock.advance(1000);
  strictEqual(screen.reads, 2);
  deepStrictEqual(found, []);
  // (The OSC form is read in the stream too: those reports are left out here.)
  const looks = reports.filter((r) => r.source === "screen");
  deepStrictEqual(looks.map((r) => [r.revision, r.primed, r.settling, r.commands]), [
    [1, true, false, 0],
    [2, false, false, 0],
  ]);
});

Deno.test("PaneReader.stop() ends every timer: nothing held runs", async () => {
  const { clock, reader, invalid, output } = setup("screen");
  output("<weft:sta");
  reader.stop();
  strictEqual(clock.pending, 0);
  await clock.advance(10_000);
  strictEqual(invalid.length, 0);
});
