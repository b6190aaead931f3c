import { deepStrictEqual as assertEquals } from "node:assert/strict";
import { ForegroundTracker } from "./foreground.ts";

/** A tick the test runs by hand, and what the tracker did. */
function setup() {
  const ticks: (() => void)[] = [];
  const activity = new Map<string, number>();
  const running = new Map<string, string>();
  const looks: string[] = [];
  const changes: [string, string | null][] = [];
  let stopped = 0;
  const tracker = new ForegroundTracker<string>({
    clock: {
      every: (ms, tick) => {
        assertEquals(ms, 250);
        ticks.push(tick);
        return () => void stopped++;
      },
    },
    activity: (id) => activity.get(id) ?? 0,
    look: (id) => {
      looks.push(id);
      return running.get(id) ?? null;
    },
    changed: (id, current) => changes.push([id, current]),
  });
  return { tracker, ticks, activity, running, looks, changes, stopped: () => stopped };
}

Deno.test("ForegroundTracker looks at a new pane, then only after activity", () => {
  const t = setup();
  t.running.set("p1", "bash");
  t.tracker.watch("p1");
  assertEquals(t.ticks.length, 1);
  const tick = t.ticks[0]!;
  tick();
  assertEquals(t.changes, [["p1", "bash"]]);
  tick();
  tick();
  assertEquals(t.looks.length, 3, "one look and two more after the activity");
  for (let i = 0; i < 10; i++) tick();
  assertEquals(t.looks.length, 3, "a quiet pane is not looked at");
  t.activity.set("p1", 1);
  t.running.set("p1", "sleep");
  tick();
  assertEquals(t.changes.at(-1), ["p1", "sleep"]);
  assertEquals(t.looks.length, 4);
});

Deno.test("ForegroundTracker sees a program that starts after the activity, without output", () => {
  const t = setup();
  t.running.set("p1", "bash");
  t.tracker.watch("p1");
  const tick = t.ticks[0]!;
  tick(); // first look: bash
  tick();
  tick();
  t.activity.set("p1", 5); // the Enter's echo
  tick(); // still bash: the shell has not forked yet
  t.running.set("p1", "sleep");
  tick(); // no new activity, but a look is still owed
  assertEquals(t.changes, [["p1", "bash"], ["p1", "sleep"]]);
});

Deno.test("ForegroundTracker looks at a busy pane once per tick, and says nothing when nothing changed", () => {
  const t = setup();
  t.running.set("p1", "yes");
  t.tracker.watch("p1");
  t.tracker.watch("p2");
  assertEquals(t.ticks.length, 1, "one timer for every pane");
  for (let i = 1; i <= 20; i++) {
    t.activity.set("p1", i);
    t.ticks[0]!();
  }
  assertEquals(t.looks.filter((id) => id === "p1").length, 20);
  assertEquals(t.looks.filter((id) => id === "p2").length, 3);
  assertEquals(t.changes, [["p1", "yes"]]);
  assertEquals(t.tracker.current("p1"), "yes");
  assertEquals(t.tracker.stats().looks, 23);
});

Deno.test("ForegroundTracker stops its tick when the last pane goes and starts it again", () => {
  const t = setup();
  t.running.set("p1", "bash");
  t.tracker.watch("p1");
  t.ticks[0]!();
  assertEquals(t.tracker.unwatch("p1"), "bash");
  assertEquals(t.stopped(), 1);
  assertEquals(t.tracker.unwatch("p1"), null);
  t.tracker.watch("p2");
  assertEquals(t.ticks.length, 2);
  t.tracker.dispose();
  assertEquals(t.stopped(), 2);
});
