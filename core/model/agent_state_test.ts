import { deepStrictEqual, ok, strictEqual } from "node:assert/strict";
import { AgentState, HEURISTIC_GRACE_MS, type StateClock } from "./agent_state.ts";

function clock(): StateClock & { tick(ms: number): void } {
  let t = 1_000;
  return { now: () => 1_700_000_000_000 + t, mono: () => t, tick: (ms) => void (t += ms) };
}

Deno.test("AgentState: a status report holds the state against every other source", () => {
  const s = new AgentState(clock());
  ok(s.report({ state: "working", source: "status" }));
  for (const source of ["hook", "self", "process", "screen", "output"] as const) {
    ok(!s.report({ state: "idle", source, seenAt: 1e12 }), source);
  }
  strictEqual(s.state, "working");
  s.release("status");
  ok(s.report({ state: "idle", source: "output" }));
});

Deno.test("AgentState: hooks beat self-reports and heuristics; released states are anyone's", () => {
  const s = new AgentState(clock());
  ok(s.report({ state: "working", source: "self" }));
  ok(s.report({ state: "blocked", source: "hook", kind: "permission", message: "Bash" }));
  ok(!s.report({ state: "done", source: "self" }));
  ok(!s.report({ state: "idle", source: "output" }));
  deepStrictEqual([s.state, s.source, s.kind, s.message], [
    "blocked",
    "hook",
    "permission",
    "Bash",
  ]);
  s.release("self"); // not the holder: nothing changes
  ok(!s.report({ state: "idle", source: "output" }));
  s.release("hook");
  ok(s.report({ state: "idle", source: "output" }));
});

Deno.test("AgentState: heuristics replace a better state only when the screen changed after it", () => {
  const c = clock();
  const s = new AgentState(c);
  s.report({ state: "working", source: "hook" });
  const setAt = c.mono();
  ok(!s.report({ state: "idle", source: "screen", seenAt: setAt - 1 }));
  ok(!s.report({ state: "idle", source: "screen", seenAt: setAt }));
  ok(!s.report({ state: "idle", source: "screen", seenAt: setAt + 10 }), "within the grace");
  c.tick(5000);
  ok(s.report({ state: "idle", source: "screen", seenAt: setAt + HEURISTIC_GRACE_MS + 10 }));
  strictEqual(s.source, "screen");
});

Deno.test("AgentState: the screen showing a hook's own state later does not take the hook's place", () => {
  // A Stop hook's idle, then Claude Code redraws its idle screen: the pane stays idle by the
  // hook, which the messaging plugin trusts to type into (the old rule made it idle by screen).
  const c = clock();
  const s = new AgentState(c);
  s.report({ state: "idle", source: "hook" });
  const setAt = c.mono();
  c.tick(5000);
  ok(!s.report({ state: "idle", source: "screen", seenAt: setAt + HEURISTIC_GRACE_MS + 10 }));
  strictEqual(s.source, "hook");
  ok(s.report({ state: "working", source: "screen", seenAt: setAt + HEURISTIC_GRACE_MS + 20 }));
});

Deno.test("AgentState: a hook saying the same state again restarts the screen's grace", () => {
  // A turn too short for a working hook: the Stop hook says idle again while the state is still
  // idle by the last Stop hook; the screen's working, read before it and reported after it,
  // must not take the pane (it became working, then idle, by the screen: no more typing).
  const c = clock();
  const s = new AgentState(c);
  s.report({ state: "idle", source: "hook" });
  c.tick(10_000);
  const spinner = c.mono(); // the screen showed the spinner here
  c.tick(500);
  ok(!s.report({ state: "idle", source: "hook" }), "nothing changed");
  c.tick(300);
  ok(!s.report({ state: "working", source: "screen", seenAt: spinner }));
  strictEqual(s.source, "hook");
  // A screen change well after the hook's word still counts.
  c.tick(5000);
  ok(s.report({ state: "working", source: "screen", seenAt: c.mono() }));
});

Deno.test("AgentState: since moves only when the state changes; kind only for blocked", () => {
  const c = clock();
  const s = new AgentState(c);
  s.report({ state: "working", source: "status", progress: 10 });
  const since = s.info().stateSince;
  c.tick(1000);
  ok(s.report({ state: "working", source: "status", progress: 50 }));
  strictEqual(s.info().stateSince, since);
  ok(s.report({ state: "done", source: "status", kind: "permission" }));
  strictEqual(s.kind, null);
  ok(s.info().stateSince > since);
  ok(!s.report({ state: "done", source: "status" }), "the same report changes nothing");
});

Deno.test("AgentState: after the process exited only the process speaks", () => {
  const s = new AgentState(clock());
  ok(s.report({ state: "exited", source: "process", message: "exit 0" }, true));
  ok(!s.report({ state: "working", source: "status" }, true));
  ok(!s.report({ state: "idle", source: "hook" }, true));
  strictEqual(s.state, "exited");
});
