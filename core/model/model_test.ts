import { deepStrictEqual, match, ok, strictEqual, throws } from "node:assert/strict";
import { layoutRects, panesOf, splitPane } from "../../protocols/layout/tree/mod.ts";
import type { SpawnOptions } from "../pty/mod.ts";
import { Model } from "./model.ts";
import { FakeClock } from "../../tests/helpers/fake_clock.ts";
import { FakePtys } from "../../tests/helpers/fake_pty.ts";

const SIZE = { cols: 120, rows: 40 };
const SHELL = { argv: ["bash"], command: "bash", cwd: "/project" };

interface Setup {
  refuse?: (options: SpawnOptions) => string | undefined;
  wants?: (topic: string, pane?: string) => boolean;
}

/** A model over fake PTYs and a fake clock, recording what it publishes. */
function setup(options: Setup = {}) {
  const ptys = new FakePtys(options.refuse ? { refuse: options.refuse } : {});
  const clock = new FakeClock();
  const events: { topic: string; data: Record<string, unknown>; pane: string | undefined }[] = [];
  const model = new Model({
    publish: (topic, data, pane) => events.push({ topic, data: data as never, pane }),
    wants: options.wants ?? (() => false),
    size: SIZE,
    historyBytes: 1 << 20,
    idleMs: 500,
    baseEnv: () => ({ PATH: "/bin", WEFT_PANE: "inherited" }),
    socketPath: () => "/run/weft.sock",
    spawn: ptys.spawn,
    processes: ptys.processes,
    clock,
  });
  const pty = (pane: string) => FakePtys.of(model.pane(pane));
  const topics = () => events.map((e) => e.topic);
  return { model, ptys, clock, events, pty, topics };
}

/** The layout of a window, which is only null while it is torn down. */
function layoutOf(model: Model, window: string) {
  const layout = model.window(window).layout;
  ok(layout, `window ${window} has a layout`);
  return layout;
}

Deno.test("Model.createSession() makes a session, a window and a pane, and starts its process", async () => {
  const { model, ptys, topics } = setup();
  const { session, window, pane } = model.createSession(
    { ...SHELL, env: { EDITOR: "vi" }, name: "shell", tags: ["t"], createdBy: "cli:test" },
    { session: "main", window: "code" },
  );
  deepStrictEqual([session.id, window.id, pane.id], ["s1", "w1", "p1"]);
  deepStrictEqual([session.name, window.name, pane.name], ["main", "code", "shell"]);
  deepStrictEqual(session.windows, ["w1"]);
  deepStrictEqual(window.layout, { type: "pane", pane: "p1" });
  strictEqual(window.focused, "p1");
  const [pty] = ptys.started;
  ok(pty);
  deepStrictEqual(pty.options.argv, ["bash"]);
  strictEqual(pty.options.cwd, "/project");
  deepStrictEqual([pty.cols, pty.rows], [120, 40]);
  const env = pty.options.env;
  deepStrictEqual(
    [env.PATH, env.EDITOR, env.WEFT_PANE, env.WEFT_WINDOW, env.WEFT_SESSION, env.WEFT_SOCKET],
    ["/bin", "vi", "p1", "w1", "s1", "/run/weft.sock"],
  );
  strictEqual(env.TERM, "xterm-256color");
  deepStrictEqual(topics(), ["pane.created", "window.created", "session.created"]);
  const info = model.paneInfo("p1");
  deepStrictEqual(
    [info.pid, info.focused, info.tags, info.createdBy, info.state, info.stateSource],
    [pty.pid, true, ["t"], "cli:test", "working", "process"],
  );
  deepStrictEqual(model.current(), { session: "s1", window: "w1", pane: "p1" });
  await model.dispose();
});

Deno.test("Model ids are never reused: closed panes, windows and sessions keep theirs", async () => {
  const { model } = setup();
  model.createSession(SHELL);
  const p2 = model.createPane("w1", SHELL);
  model.closePane(p2.id);
  strictEqual(model.createPane("w1", SHELL).id, "p3");
  const { window } = model.createWindow("s1", SHELL);
  strictEqual(window.id, "w2");
  model.killWindow("w2");
  strictEqual(model.createWindow("s1", SHELL).window.id, "w3");
  model.killSession("s1");
  strictEqual(model.sessions.size, 0);
  const again = model.createSession(SHELL);
  deepStrictEqual([again.session.id, again.window.id, again.pane.id], ["s2", "w4", "p6"]);
  await model.dispose();
});

Deno.test("Model.createSession() leaves nothing behind when the process cannot start", async () => {
  const { model, ptys } = setup({
    refuse: (o) => o.argv[0] === "nope" ? "no such program" : undefined,
  });
  throws(
    () => model.createSession({ argv: ["nope"], command: "nope", cwd: "/" }, { session: "x" }),
    (err: { code: string; message: string }) =>
      err.code === "SPAWN_FAILED" && /Cannot spawn "nope": no such program/.test(err.message),
  );
  deepStrictEqual([model.sessions.size, model.windows.size, model.panes.size], [0, 0, 0]);
  strictEqual(ptys.started.length, 0);
  // the name is free again, and the ids used by the failed attempt stay used
  const made = model.createSession(SHELL, { session: "x" });
  deepStrictEqual([made.session.id, made.window.id, made.pane.id], ["s2", "w2", "p2"]);
  await model.dispose();
});

Deno.test("Model names are unique within their kind, not id-shaped, and resolve like ids", async () => {
  const { model } = setup();
  model.createSession({ ...SHELL, name: "editor" }, { session: "main", window: "editor" });
  throws(
    () => model.createPane("w1", { ...SHELL, name: "editor" }),
    (err: { code: string; message: string }) =>
      err.code === "CONFLICT" && err.message === 'Cannot name a pane "editor": p1 has that name',
  );
  strictEqual(model.panes.size, 1, "the refused pane was not started");
  throws(() => model.rename("session", "s1", "p2"), { code: "INVALID_INPUT" });
  throws(() => model.rename("window", "w1", "has space"), { code: "INVALID_INPUT" });
  model.rename("pane", "p1", "editor"); // its own name again
  strictEqual(model.resolve("pane", "editor"), "p1");
  strictEqual(model.resolve("window", "editor"), "w1");
  strictEqual(model.resolve("session", "main"), "s1");
  throws(
    () => model.resolve("pane", "editr"),
    (err: { code: string; message: string }) =>
      err.code === "TARGET_NOT_FOUND" && /Cannot find pane "editr"; did you mean "editor"/
        .test(err.message),
  );
  model.rename("pane", "p1", null);
  strictEqual(model.pane("p1").name, null);
  throws(() => model.resolve("pane", "editor"), { code: "TARGET_NOT_FOUND" });
  await model.dispose();
});

Deno.test("Model.createPane() splits the focused pane and sizes every PTY to its rectangle", async () => {
  const { model, pty } = setup();
  model.createSession(SHELL);
  const p2 = model.createPane("w1", SHELL); // 120x40 is wide: side by side
  const p3 = model.createPane("w1", SHELL, { split: "p1", direction: "vertical", ratio: 0.25 });
  const p4 = model.createPane("w1", SHELL, { split: "p2", before: true, focus: false });
  const tree = layoutOf(model, "w1");
  deepStrictEqual(panesOf(tree), ["p1", "p3", "p4", "p2"]);
  ok(tree.type === "split" && tree.direction === "horizontal");
  const left = tree.children[0]!.node;
  ok(left.type === "split" && left.direction === "vertical");
  strictEqual(left.children[1]!.ratio, 0.25);
  strictEqual(model.window("w1").focused, p3.id, "focus: false kept the focus where it was");
  for (const [id, rect] of layoutRects(tree, SIZE)) {
    deepStrictEqual([pty(id).cols, pty(id).rows], [rect.cols, rect.rows], id);
  }
  strictEqual(p4.launch.cols, layoutRects(tree, SIZE).get("p4")!.cols);
  strictEqual(p2.window, "w1");
  await model.dispose();
});

Deno.test("Model.createPane() refuses a split pane of another window and a ratio outside (0, 1)", async () => {
  const { model } = setup();
  model.createSession(SHELL);
  model.createWindow("s1", SHELL);
  throws(() => model.createPane("w2", SHELL, { split: "p1" }), {
    code: "INVALID_INPUT",
    message: 'Cannot split pane "p1": it is in window "w1", not "w2"',
  });
  throws(() => model.createPane("w1", SHELL, { ratio: 1 }), { code: "INVALID_INPUT" });
  strictEqual(model.panes.size, 2);
  await model.dispose();
});

Deno.test("Model.setLayout() takes only a tree of the window's own panes, and resizes the PTYs", async () => {
  const { model, pty, events } = setup();
  model.createSession(SHELL);
  model.createPane("w1", SHELL, { direction: "horizontal" });
  const swapped = splitPane({ type: "pane", pane: "p2" }, "p2", "p1", {
    direction: "vertical",
    ratio: 0.75,
  });
  model.setLayout("w1", swapped);
  deepStrictEqual(layoutOf(model, "w1"), swapped);
  deepStrictEqual([pty("p1").cols, pty("p1").rows], [
    120,
    layoutRects(swapped, SIZE).get("p1")!.rows,
  ]);
  deepStrictEqual(events.at(-1), {
    topic: "layout.changed",
    data: { window: "w1", layout: swapped },
    pane: undefined,
  });
  throws(() => model.setLayout("w1", { type: "pane", pane: "p1" }), {
    code: "INVALID_INPUT",
    message:
      'Cannot set the layout of window "w1": it must hold exactly its panes (p2, p1), got p1',
  });
  deepStrictEqual(layoutOf(model, "w1"), swapped, "a refused tree changes nothing");
  model.resizeWindow("w1", { cols: 0, rows: 10 });
  deepStrictEqual(model.window("w1").size, { cols: 1, rows: 10 });
  deepStrictEqual([pty("p1").cols, pty("p2").cols], [1, 1]);
  await model.dispose();
});

Deno.test("Model.closePane() hangs up the process, moves the focus, and drops emptied windows and sessions", async () => {
  const { model, pty, events } = setup();
  model.createSession(SHELL);
  model.createWindow("s1", SHELL);
  model.createPane("w2", SHELL);
  const p3 = model.pane("p3");
  const fake = pty("p3");
  model.closePane("p3");
  deepStrictEqual(fake.signals, ["SIGHUP"]);
  ok(!model.panes.has("p3"));
  deepStrictEqual(layoutOf(model, "w2"), { type: "pane", pane: "p2" });
  strictEqual(model.window("w2").focused, "p2");
  ok(events.some((e) => e.topic === "pane.closed" && e.data.pane === "p3"));
  deepStrictEqual(await p3.exited, { code: null, signal: "SIGHUP" });
  ok(!events.some((e) => e.topic === "pane.exited"), "a closed pane's exit is not news");
  model.closePane("p2");
  ok(!model.windows.has("w2"));
  deepStrictEqual(model.session("s1").windows, ["w1"]);
  strictEqual(model.session("s1").currentWindow, "w1");
  model.closePane("p1");
  strictEqual(model.sessions.size, 0);
  deepStrictEqual(model.current(), {});
  deepStrictEqual(
    events.filter((e) => e.topic.endsWith(".closed")).map((e) => e.topic),
    [
      "pane.closed",
      "pane.closed",
      "window.closed",
      "pane.closed",
      "window.closed",
      "session.closed",
    ],
  );
  await model.dispose();
});

Deno.test("Model marks a pane exited when its process ends, and keeps it", async () => {
  const { model, pty, events } = setup();
  model.createSession(SHELL);
  model.createPane("w1", SHELL);
  pty("p1").exit(3);
  deepStrictEqual(await model.pane("p1").exited, { code: 3, signal: null });
  const info = model.paneInfo("p1");
  deepStrictEqual([info.state, info.stateSource, info.stateMessage], [
    "exited",
    "process",
    "exit 3",
  ]);
  deepStrictEqual(info.exit, { code: 3, signal: null });
  pty("p2").exit("SIGKILL");
  strictEqual(model.pane("p2").stateMessage, "SIGKILL");
  deepStrictEqual(
    events.filter((e) => e.topic === "pane.exited").map((e) => e.data),
    [{ pane: "p1", code: 3, signal: null }, { pane: "p2", code: null, signal: "SIGKILL" }],
  );
  strictEqual(model.panes.size, 2, "exited panes stay until closed");
  await model.dispose();
});

Deno.test("Model.focus() makes the pane's window and session current and ends a zoom", async () => {
  const { model, events } = setup();
  model.createSession(SHELL);
  model.createPane("w1", SHELL);
  model.createSession(SHELL);
  deepStrictEqual(model.current(), { session: "s2", window: "w2", pane: "p3" });
  model.window("w1").zoomed = "p2";
  model.focus("p1");
  deepStrictEqual(model.current(), { session: "s1", window: "w1", pane: "p1" });
  strictEqual(model.window("w1").zoomed, null);
  deepStrictEqual(events.at(-1), {
    topic: "focus.changed",
    data: { pane: "p1", window: "w1", session: "s1" },
    pane: "p1",
  });
  ok(model.paneInfo("p1").focused && !model.paneInfo("p2").focused);
  model.createWindow("s1", SHELL);
  model.selectWindow("w1");
  deepStrictEqual(model.current(), { session: "s1", window: "w1", pane: "p1" });
  strictEqual(model.windowInfo("w1").current, true);
  strictEqual(model.windowInfo("w3").current, false);
  await model.dispose();
});

Deno.test("Model.resolve() without a reference uses the caller's pane, else the current one", async () => {
  const { model } = setup();
  throws(() => model.resolve("pane", undefined), {
    code: "TARGET_NOT_FOUND",
    message: "Cannot find a current pane: there is none; name one",
  });
  model.createSession(SHELL);
  model.createSession(SHELL);
  strictEqual(model.resolve("window", undefined, "p1"), "w1");
  strictEqual(model.resolve("session", undefined, "p1"), "s1");
  strictEqual(model.resolve("pane", undefined, "p1", false), "p2");
  strictEqual(model.resolve("pane", undefined, "p99"), "p2", "a caller pane that is gone");
  await model.dispose();
});

Deno.test("Model turns a quiet pane idle after idleMs on its clock, and working again on output", async () => {
  const { model, clock, pty, events } = setup();
  model.createSession(SHELL);
  await clock.advance(499);
  strictEqual(model.pane("p1").state, "working");
  await clock.advance(1);
  deepStrictEqual([model.pane("p1").state, model.pane("p1").stateSource], ["idle", "output"]);
  pty("p1").output("x");
  deepStrictEqual([model.pane("p1").state, model.pane("p1").stateSource], ["working", "output"]);
  await clock.advance(250);
  strictEqual(model.pane("p1").state, "working", "half the quiet time after the output");
  await clock.advance(250);
  strictEqual(model.pane("p1").state, "idle");
  deepStrictEqual(
    events.filter((e) => e.topic === "pane.state").map((e) => e.data.state),
    ["idle", "working", "idle"],
  );
  await model.dispose();
});

Deno.test("Model leaves a state the agent reported alone when the pane goes quiet", async () => {
  const { model, clock } = setup();
  model.createSession(SHELL);
  model.setState("p1", { state: "working", source: "self", message: "thinking" });
  await clock.advance(10_000);
  deepStrictEqual(
    [model.pane("p1").state, model.pane("p1").stateSource, model.pane("p1").stateMessage],
    ["working", "self", "thinking"],
  );
  await model.dispose();
});

Deno.test("Model publishes pane.output only while someone listens", async () => {
  let listening = false;
  const { model, pty, events } = setup({ wants: (topic) => topic === "pane.output" && listening });
  model.createSession(SHELL);
  pty("p1").output("unheard ");
  listening = true;
  pty("p1").output("héllo");
  deepStrictEqual(
    events.filter((e) => e.topic === "pane.output").map((e) => e.data),
    [{ pane: "p1", data: "héllo" }],
  );
  await model.pane("p1").screen.flush();
  match(model.pane("p1").screen.read().text, /^unheard héllo/);
  await model.dispose();
});

Deno.test("Model.dispose() ends every pane's process, keeps the sessions, stops the idle sweep and starts no pane after", async () => {
  const { model, ptys, clock, events, pty } = setup();
  model.createSession(SHELL);
  model.createPane("w1", SHELL);
  model.createSession(SHELL);
  pty("p2").diesOnSignal = false; // a program that ignores SIGHUP
  await model.dispose();
  deepStrictEqual(ptys.started.map((p) => p.signals), [
    ["SIGHUP"],
    ["SIGHUP", "SIGKILL"],
    ["SIGHUP"],
  ]);
  ok(ptys.started.every((p) => p.exited), "dispose resolved once every process was gone");
  // A stopping server is not a closed session: the tree stays, and nothing says it closed.
  deepStrictEqual([model.sessions.size, model.windows.size, model.panes.size], [2, 2, 3]);
  ok(!events.some((e) => e.topic.endsWith(".closed")));
  const before = events.length;
  strictEqual(clock.pending, 0, "no timer left");
  await clock.advance(10_000);
  strictEqual(events.length, before);
  throws(() => model.createSession(SHELL), { code: "UNAVAILABLE" });
  strictEqual(ptys.started.length, 3);
});
