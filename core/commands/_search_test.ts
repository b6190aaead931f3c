import { deepStrictEqual as assertEquals, ok as assert } from "node:assert/strict";
import { compileUserRegex, loadUserRegex } from "../../protocols/bus/user_regex.ts";
import { searchText } from "./_search.ts";

await loadUserRegex();

const filler = (lines: number) => `${"x".repeat(63)}\n`.repeat(lines); // 64 chars a line

Deno.test("searchText() finds a match deep in a long text at its index in the whole text", async () => {
  const text = `${filler(5000)}the END here\n${filler(10)}`;
  const m = await searchText(compileUserRegex("^the (END)", "m"), text);
  assertEquals(m, { index: 5000 * 64, text: "the END" });
});

Deno.test("searchText() finds a multi-line match across a slice seam", async () => {
  // Slices end at the last line end before 32 KiB: here the one after "first half".
  const first = `${"y".repeat(40)} first half\n`;
  const text = `${filler(511)}${first}second half${"z".repeat(100)}\n${filler(600)}`;
  assert(511 * 64 + first.length < 32 * 1024 && 511 * 64 + first.length + 112 > 32 * 1024);
  const m = await searchText(compileUserRegex("half\\nsecond", "m"), text);
  assertEquals(m?.index, 511 * 64 + first.length - "half\n".length);
});

Deno.test("searchText() keeps ^ and $ at real line ends, not at slice cuts", async () => {
  const text = filler(2000);
  assertEquals(await searchText(compileUserRegex("^x{1,62}$", "m"), text), null);
  assertEquals(await searchText(compileUserRegex("^$", "m"), text.trimEnd()), null);
});

Deno.test("searchText() yields to the event loop between slices of a hostile text", async () => {
  const text = `${"a".repeat(27)}!\n`.repeat(40_000); // ~1.1 MB
  let ticks = 0;
  const timer = setInterval(() => ticks++, 0);
  try {
    assertEquals(await searchText(compileUserRegex("(a+)+$", "m"), text), null);
  } finally {
    clearInterval(timer);
  }
  assert(ticks > 0, "timers ran while the text was scanned");
});

Deno.test("searchText() stops once its wait is over", async () => {
  const stop = new AbortController();
  stop.abort();
  assertEquals(await searchText(compileUserRegex("zzz"), `${filler(2000)}zzz`, stop.signal), null);
});
