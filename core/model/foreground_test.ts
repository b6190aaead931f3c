import { deepStrictEqual as assertEquals } from "node:assert/strict";
import { ForegroundTracker } from "./foreground.ts";

/** A tick the test runs by hand, and what the tracker did. */
function setup() {
  const ticks: (() => void)[] = [];
  const activity = new Map<string, number>();
  const input = new Map<string, number>();
  const running = new Map<string, string>();
  const looks: string[] = [];
  const full: boolean[] = [];
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
    output: (id) => activity.get(id) ?? 0,
    input: (id) => input.get(id) ?? 0,
    look: (id, _last, isFull) => {
      looks.push(id);
      full.push(isFull);
      return running.get(id) ?? null;
    },
    changed: (id, current) => changes.push([id, current]),
  });
  return {
    tracker,
    ticks,
    activity,
    input,
    running,
    looks,
    full,
    changes,
    stopped: () => stopped,
  };
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

Deno.test("ForegroundTracker looks at a busy pane at most once per tick, less while nothing changes", () => {
  const t = setup();
  t.running.set("p1", "yes");
  t.tracker.watch("p1");
  t.tracker.watch("p2");
  assertEquals(t.ticks.length, 1, "one timer for every pane");
  const busyTicks = (n: number) => {
    const before = t.looks.filter((id) => id === "p1").length;
    for (let i = 0; i < n; i++) {
      t.activity.set("p1", (t.activity.get("p1") ?? 0) + 1);
      t.ticks[0]!();
    }
    return t.looks.filter((id) => id === "p1").length - before;
  };
  assertEquals(busyTicks(4), 4, "every tick at first");
  assertEquals(busyTicks(8), 4, "then every 2nd tick");
  assertEquals(busyTicks(40), 10, "then every 4th tick");
  assertEquals(t.looks.filter((id) => id === "p2").length, 3);
  assertEquals(t.changes, [["p1", "yes"]], "nothing said when nothing changed");
  assertEquals(t.tracker.current("p1"), "yes");
  // Input brings it back to every tick at once.
  t.input.set("p1", 1);
  assertEquals(busyTicks(1), 1);
  assertEquals(t.full.at(-1), true, "a look after input is full");
  assertEquals(busyTicks(3), 3);
  t.running.set("p1", "vim");
  assertEquals(busyTicks(4), 4, "a change starts the back-off again");
  assertEquals(t.changes.at(-1), ["p1", "vim"]);
});

Deno.test("ForegroundTracker asks for a full look first, after input and every 4th look", () => {
  const t = setup();
  t.running.set("p1", "bash");
  t.tracker.watch("p1");
  for (let i = 1; i <= 8; i++) {
    t.activity.set("p1", i);
    t.ticks[0]!();
  }
  assertEquals(t.full, [true, false, false, false, true, false], "(then every 2nd tick)");
  t.input.set("p1", 3);
  t.ticks[0]!();
  assertEquals(t.full.at(-1), true);
});

Deno.test("ForegroundTracker keeps looking fully after input until the pane is quiet", () => {
  // A shell slow to read a typed `cd`: the look right after the input sees the old cwd; the
  // output the shell prints after the cd brings a look that must read the cwd again.
  const t = setup();
  t.running.set("p1", "bash in /p");
  t.tracker.watch("p1");
  const tick = t.ticks[0]!;
  tick();
  tick();
  tick();
  t.full.length = 0;
  t.input.set("p1", 1); // cd '/p/sub' typed
  tick();
  assertEquals(t.full, [true]);
  t.activity.set("p1", 1); // the shell echoes the line, then runs the cd and prints a prompt
  tick();
  t.activity.set("p1", 2);
  tick();
  assertEquals(t.full, [true, true, true], "every look after input is full while output comes");
  tick();
  tick();
  assertEquals(t.full.length, 5);
  assertEquals(t.full.at(-1), true);
  for (let i = 3; i <= 8; i++) {
    t.activity.set("p1", i); // later output with no input: back to the cheap looks
    tick();
  }
  assertEquals(t.full.slice(5).includes(false), true, `${t.full}`);
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
