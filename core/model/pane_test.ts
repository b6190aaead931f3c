import { deepStrictEqual, ok, strictEqual } from "node:assert/strict";
import { Pane, type PaneHooks, type PaneLaunch } from "./pane.ts";
import { FakePtys } from "../../tests/helpers/fake_pty.ts";

const LAUNCH: PaneLaunch = {
  argv: ["bash"],
  command: "bash",
  cwd: "/project",
  env: {},
  cols: 40,
  rows: 5,
  historyBytes: 1 << 16,
};

function newPane(hooks: Partial<PaneHooks> = {}) {
  const ptys = new FakePtys();
  let now = 100;
  const pane = new Pane({ id: "p1", session: "s1", window: "w1" }, { ...LAUNCH }, {
    agent: "shell",
    spawn: ptys.spawn,
    processes: ptys.processes,
    now: () => now,
    hooks: {
      activity: () => {},
      output: () => {},
      wantsOutput: () => false,
      exit: () => {},
      status: () => {},
      answersStatus: () => false,
      screenState: () => {},
      ...hooks,
    },
  });
  return { pane, pty: FakePtys.of(pane), tick: (ms: number) => (now += ms) };
}

Deno.test("Pane feeds its PTY's output to the screen and stamps it on the injected clock", async () => {
  let activity = 0;
  const { pane, pty, tick } = newPane({ activity: () => activity++ });
  strictEqual(pane.lastOutputAt, 100);
  tick(50);
  pty.output("hello\r\nworld");
  strictEqual(pane.lastOutputAt, 150);
  strictEqual(activity, 1);
  await pane.screen.flush();
  deepStrictEqual(pane.screen.read({ mode: "recent", lines: 2 }).text, "hello\nworld");
  await pane.dispose();
});

Deno.test("Pane answers the program's terminal queries through the PTY", async () => {
  const { pane, pty } = newPane();
  pty.output("ab\x1b[6n");
  await pane.screen.flush();
  strictEqual(pty.written, "\x1b[1;3R", "the cursor position report");
  await pane.dispose();
});

Deno.test("Pane.resize() sizes the screen and the PTY together, and skips an unchanged size", async () => {
  const { pane, pty } = newPane();
  pane.resize(40, 5);
  pty.cols = 1; // a resize that reached the PTY would overwrite this
  pane.resize(40, 5);
  strictEqual(pty.cols, 1);
  pane.resize(60, 10);
  deepStrictEqual([pty.cols, pty.rows], [60, 10]);
  deepStrictEqual([pane.screen.read().cols, pane.screen.read().rows], [60, 10]);
  deepStrictEqual([pane.info(false).cols, pane.info(false).rows], [60, 10]);
  await pane.dispose();
});

Deno.test("Pane reports its exit once and resolves exited", async () => {
  const exits: unknown[] = [];
  const { pane, pty } = newPane({ exit: (_p, exit) => exits.push(exit) });
  pty.output("bye");
  pty.exit(2);
  deepStrictEqual(await pane.exited, { code: 2, signal: null });
  deepStrictEqual(exits, [{ code: 2, signal: null }]);
  deepStrictEqual(pane.info(true).exit, { code: 2, signal: null });
  await pane.dispose();
  deepStrictEqual(pty.signals, [], "no signal for a process that is gone");
});

Deno.test("Pane.dispose() stops feeding the screen and resolves when the process is gone", async () => {
  let activity = 0;
  const { pane, pty } = newPane({ activity: () => activity++ });
  pty.diesOnSignal = false; // a program that ignores SIGHUP
  const disposed = pane.dispose();
  pty.output("late"); // still running for a moment: nobody listens any more
  strictEqual(activity, 0);
  await disposed;
  deepStrictEqual(pty.signals, ["SIGHUP", "SIGKILL"]);
  deepStrictEqual(await pane.exited, { code: null, signal: "SIGKILL" });
});

Deno.test("Pane.info() describes the pane from its launch, PTY and screen", async () => {
  const { pane, pty } = newPane();
  pty.output("\x1b]0;my title\x07$ ");
  await pane.screen.flush();
  const info = pane.info(true);
  deepStrictEqual(
    [info.id, info.command, info.argv, info.cwd, info.pid, info.title, info.focused],
    ["p1", "bash", ["bash"], "/project", pty.pid, "my title", true],
  );
  ok(info.revision > 0);
  await pane.dispose();
});
