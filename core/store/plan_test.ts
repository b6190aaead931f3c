import { deepStrictEqual as assertEquals, match as assertMatch } from "node:assert/strict";
import { type PlanContext, planPane } from "./plan.ts";
import type { SavedPane } from "./saved.ts";

function pane(over: Partial<SavedPane>): SavedPane {
  return {
    id: "p1",
    session: "s1",
    window: "w1",
    name: null,
    argv: ["bash", "--norc"],
    command: "bash --norc",
    cwd: "/proj",
    lastCwd: "/proj/src",
    env: {},
    agent: "shell",
    agentExplicit: false,
    agentSession: null,
    tags: [],
    meta: {},
    createdBy: null,
    exit: null,
    ...over,
  };
}

function context(over: Partial<PlanContext> = {}): PlanContext {
  return { mode: "all", shell: ["zsh"], projectDir: "/proj", latestTaken: new Set(), ...over };
}

Deno.test("planPane() starts a shell again in its last directory, then falls back", () => {
  const plan = planPane(pane({ name: "main", tags: ["t"], env: { A: "1" } }), context());
  assertEquals(plan.launches.map((l) => [l.argv.join(" "), l.cwd]), [
    ["bash --norc", "/proj/src"],
    ["bash --norc", "/proj"],
  ]);
  const first = plan.launches[0]!;
  assertEquals([first.name, first.tags, first.env], ["main", ["t"], { A: "1" }]);
  assertMatch(plan.note, /^shell in \/proj\/src/);
});

Deno.test("planPane() starts a program again with its command where it was started", () => {
  const plan = planPane(
    pane({ argv: ["zsh", "-c", "npm run dev"], command: "npm run dev", agent: "program" }),
    context(),
  );
  assertEquals([plan.launches[0]!.argv, plan.launches[0]!.cwd], [
    ["zsh", "-c", "npm run dev"],
    "/proj",
  ]);
  assertEquals(plan.launches[0]!.command, "npm run dev");
  // If it cannot start, a configured shell takes its place.
  assertEquals(plan.launches[1]!.argv, ["zsh"]);
});

Deno.test("planPane() puts a shell where a program had ended, and says so", () => {
  const plan = planPane(
    pane({ argv: ["make", "test"], command: "make test", exit: { code: 2, signal: null } }),
    context(),
  );
  assertEquals([plan.launches[0]!.argv, plan.launches[0]!.cwd], [["zsh"], "/proj/src"]);
  assertMatch(plan.note, /"make test" had ended \(code 2\)/);
});

Deno.test('planPane() with restore "layout" starts shells only', () => {
  const plan = planPane(pane({ argv: ["htop"], command: "htop" }), context({ mode: "layout" }));
  assertEquals(plan.launches[0]!.argv, ["zsh"]);
  assertMatch(plan.note, /"layout"/);
});

Deno.test("planPane() resumes Claude Code by its session id in the directory it ran in", () => {
  const plan = planPane(
    pane({
      argv: ["claude", "--model", "opus"],
      command: "claude --model opus",
      agent: "claude",
      agentSession: "abc",
    }),
    context(),
  );
  assertEquals(plan.launches[0]!.argv, ["claude", "--resume", "abc", "--model", "opus"]);
  assertEquals(plan.launches[0]!.cwd, "/proj");
  assertEquals(plan.launches[0]!.command, "claude --resume abc --model opus");
  assertMatch(plan.note, /claude resumed \(conversation abc\)/);
});

Deno.test("planPane() gives the latest conversation of a directory to one agent only", () => {
  const ctx = context();
  const claude = { argv: ["claude"], command: "claude", agent: "claude" as const };
  const first = planPane(pane({ id: "p1", ...claude }), ctx);
  const second = planPane(pane({ id: "p2", ...claude }), ctx);
  const elsewhere = planPane(pane({ id: "p3", ...claude, cwd: "/other" }), ctx);
  assertEquals(first.launches[0]!.argv, ["claude", "--continue"]);
  assertEquals(second.launches[0]!.argv, ["claude"]);
  assertEquals(elsewhere.launches[0]!.argv, ["claude", "--continue"]);
});

Deno.test("planPane() keeps a given agent kind and never a guessed one", () => {
  const given = planPane(pane({ agent: "shell", agentExplicit: true }), context());
  const guessed = planPane(pane({ agent: "claude" }), context());
  assertEquals([given.launches[0]!.agent, guessed.launches[0]!.agent], ["shell", undefined]);
});

Deno.test("planPane() brings a canvas back as a canvas of its owner, never as a process", () => {
  const plan = planPane(
    pane({
      argv: [],
      command: "canvas (canvas)",
      canvas: "canvas",
      meta: { "canvas.kind": "log" },
    }),
    context({ mode: "layout" }),
  );
  assertEquals(plan.launches.length, 1);
  const [launch] = plan.launches;
  assertEquals([launch!.canvas, launch!.argv, launch!.meta], ["canvas", [], {
    "canvas.kind": "log",
  }]);
  assertEquals(plan.note, "canvas of canvas");
});

Deno.test("planPane() leaves out a canvas whose owner was a client (gone with its connection)", () => {
  const plan = planPane(pane({ argv: [], canvas: "socket:c4" }), context());
  assertEquals(plan.launches, []);
  assertMatch(plan.note, /^not restored: a canvas of socket:c4/);
});
