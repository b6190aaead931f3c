import { strictEqual } from "node:assert/strict";
import fc from "fast-check";
import { OSC_OPEN } from "../../protocols/sideband/mod.ts";
import { FakeClock } from "../../tests/helpers/fake_clock.ts";
import { DisplayFilter } from "./display_filter.ts";

Deno.test("DisplayFilter shows the output without known commands, in any chunking", () => {
  const input =
    `a <weft:spawn cmd="x"/>b <weft:unknown/> c${OSC_OPEN}status;state=done\x07d <weft:list />\n`;
  fc.assert(fc.property(fc.array(fc.nat(input.length), { maxLength: 12 }), (cuts) => {
    let shown = "";
    const filter = new DisplayFilter({ write: (t) => (shown += t) });
    let from = 0;
    for (const cut of [...cuts].sort((x, y) => x - y)) {
      filter.push(input.slice(from, cut));
      from = Math.max(from, cut);
    }
    filter.push(input.slice(from));
    filter.dispose();
    strictEqual(shown, "a b <weft:unknown/> cd \n");
  }));
});

Deno.test("DisplayFilter shows an unfinished command after holdMs, not before", async () => {
  let shown = "";
  const clock = new FakeClock();
  const filter = new DisplayFilter({ write: (t) => (shown += t), holdMs: 20, timers: clock });
  filter.push('x <weft:spawn cmd="never closed');
  strictEqual(shown, "x ");
  await clock.advance(19);
  strictEqual(shown, "x ");
  filter.push(" still");
  await clock.advance(19);
  strictEqual(shown, "x ", "each chunk holds it for holdMs again");
  await clock.advance(1);
  strictEqual(shown, 'x <weft:spawn cmd="never closed still');
  strictEqual(clock.pending, 0);
  filter.dispose();
});

Deno.test("DisplayFilter.passes() lets plain text skip the filter only while nothing is held", () => {
  let shown = "";
  const filter = new DisplayFilter({ write: (t) => (shown += t), holdMs: 10_000 });
  strictEqual(filter.passes("plain text\n"), true);
  strictEqual(filter.passes("a <b> c"), false);
  strictEqual(filter.passes(`osc ${OSC_OPEN}list\x07`), false);
  filter.push("half <weft:sta");
  strictEqual(filter.passes("plain"), false);
  filter.dispose();
  strictEqual(shown, "half <weft:sta");
});

Deno.test("DisplayFilter hides the tags commands declare, learnt after it started", () => {
  let shown = "";
  const declared = new Set<string>();
  const filter = new DisplayFilter({ write: (t) => (shown += t), declared: () => declared });
  filter.push('a <weft:canvas kind="json" path="x.json"/>b\n');
  strictEqual(shown, 'a <weft:canvas kind="json" path="x.json"/>b\n', "not declared yet");
  declared.add("canvas");
  shown = "";
  filter.push('a <weft:canvas kind="markdown"># Hi\n</weft:canvas>b <weft:nope/>\n');
  filter.dispose();
  strictEqual(shown, "a b <weft:nope/>\n");
});
