import { deepStrictEqual, strictEqual } from "node:assert/strict";
import { TypedEcho } from "./_echo.ts";
import { SidebandLog } from "./_log.ts";
import { RateLimiter } from "@weft/weft/plugin";
import { Spawns } from "./_spawns.ts";

Deno.test("RateLimiter allows a burst, then perSecond, per key", () => {
  let now = 0;
  const rate = new RateLimiter({ perSecond: 2, burst: 3, now: () => now });
  deepStrictEqual([1, 2, 3, 4].map(() => rate.take("p1")), [true, true, true, false]);
  strictEqual(rate.take("p2"), true);
  now = 500;
  deepStrictEqual([rate.take("p1"), rate.take("p1")], [true, false]);
  now = 10_000;
  deepStrictEqual([1, 2, 3, 4].map(() => rate.take("p1")), [true, true, true, false]);
});

Deno.test("Spawns counts depth from the writer and panes per session, and relearns from tags", () => {
  const spawns = new Spawns();
  strictEqual(spawns.depth("p1"), 0);
  spawns.add("p2", "s1", 1);
  spawns.add("p2", "s1", 1);
  spawns.add("p3", "s1", 2);
  deepStrictEqual([spawns.depth("p3"), spawns.count("s1"), spawns.count("s2")], [2, 2, 0]);
  const again = new Spawns();
  strictEqual(again.learn({ id: "p3", session: "s1", tags: ["x", "sideband-depth=2"] }), true);
  strictEqual(again.learn({ id: "p4", session: "s1", tags: ["sideband-depth=x"] }), false);
  deepStrictEqual([again.depth("p3"), again.count("s1")], [2, 1]);
});

Deno.test("SidebandLog keeps the last entries per pane, bounded values, and reads since a seq", () => {
  const log = new SidebandLog(2);
  for (const n of [1, 2, 3]) {
    log.add({ pane: "p1", source: "stream", outcome: "ran", raw: `#${n}` });
  }
  log.add({
    pane: "p2",
    source: "screen",
    outcome: "invalid",
    raw: "x".repeat(900),
    value: "v".repeat(20_000),
  });
  deepStrictEqual(log.entries("p1").map((e) => [e.seq, e.raw]), [[2, "#2"], [3, "#3"]]);
  deepStrictEqual(log.entries("p1", { since: 2 }).map((e) => e.seq), [3]);
  deepStrictEqual(log.entries("p1", { limit: 1 }).map((e) => e.seq), [3]);
  const [big] = log.entries("p2");
  strictEqual(big!.raw.length, 500);
  strictEqual((big!.value as { truncated: boolean }).truncated, true);
});

Deno.test("TypedEcho recognises a tag inside text typed into the same pane, for a while", () => {
  let now = 0;
  const echo = new TypedEcho(() => now);
  echo.note("p2", 'see <weft:spawn cmd="x"/>\nok');
  strictEqual(echo.isEcho("p2", '<weft:spawn cmd="x"/>'), true);
  strictEqual(echo.isEcho("p3", '<weft:spawn cmd="x"/>'), false);
  echo.note("p2", '<weft:input target="a">l1\nl2</weft:input>');
  strictEqual(echo.isEcho("p2", '<weft:input target="a">l1\r\nl2</weft:input>'), true);
  now = 60_000;
  strictEqual(echo.isEcho("p2", '<weft:spawn cmd="x"/>'), false);
});
