import { deepStrictEqual as assertEquals, strictEqual } from "node:assert/strict";
import { FakePtys } from "../../tests/helpers/fake_pty.ts";
import { deferredLaunch } from "./deferred_pty.ts";
import type { ExitInfo } from "../pty/mod.ts";

const options = { argv: ["bash"], cwd: "/", env: {}, cols: 80, rows: 24 };

Deno.test("DeferredPty starts nothing until start(), then hands the program its input and size", () => {
  const ptys = new FakePtys();
  const tracked: number[] = [];
  const launch = deferredLaunch(ptys.spawn, { ...ptys.processes, track: (p) => tracked.push(p) });
  const pty = launch.spawn(options);
  const out: string[] = [];
  pty.onBytes((b) => out.push(new TextDecoder().decode(b)));
  launch.processes.track(pty.pid);
  strictEqual(pty.pid, 0);
  pty.write("\x1b[1;1R");
  pty.resize(100, 30);
  strictEqual(ptys.started.length, 0);
  pty.start();
  const real = ptys.started[0]!;
  assertEquals([real.cols, real.rows], [100, 30]);
  strictEqual(real.written, "\x1b[1;1R");
  strictEqual(pty.pid, real.pid);
  assertEquals(tracked, [real.pid]);
  real.output("hi");
  assertEquals(out, ["hi"]);
  pty.start();
  strictEqual(ptys.started.length, 1);
});

Deno.test("DeferredPty ended before it started never starts, and says it ended once", async () => {
  const ptys = new FakePtys();
  const launch = deferredLaunch(ptys.spawn, ptys.processes);
  const pty = launch.spawn(options);
  const exits: ExitInfo[] = [];
  pty.onExit((info) => exits.push(info));
  await launch.processes.end(pty.pid);
  pty.kill();
  pty.start();
  strictEqual(ptys.started.length, 0);
  assertEquals(exits, [{ code: null, signal: "SIGHUP" }]);
});

Deno.test("DeferredPty whose program cannot start any more ends with code 127", () => {
  const ptys = new FakePtys();
  const launch = deferredLaunch(() => {
    throw new Error("gone");
  }, ptys.processes);
  const pty = launch.spawn(options);
  const exits: ExitInfo[] = [];
  pty.onExit((info) => exits.push(info));
  pty.start();
  assertEquals(exits, [{ code: 127, signal: null }]);
});

Deno.test("DeferredPty keeps at most 1 MiB of input for a program that has not started", () => {
  const ptys = new FakePtys();
  const launch = deferredLaunch(ptys.spawn, ptys.processes);
  const pty = launch.spawn(options);
  const chunk = "x".repeat(64 * 1024);
  for (let i = 0; i < 100; i++) pty.write(chunk); // 6.4 MiB typed into a held pane
  pty.start();
  strictEqual(ptys.started[0]!.written.length, 16 * chunk.length);
});
