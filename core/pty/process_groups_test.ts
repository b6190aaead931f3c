import { deepStrictEqual as assertEquals, ok as assert } from "node:assert/strict";
import { join } from "node:path";
import { Pty } from "./pty.ts";
import { ProcessGroups } from "./process_groups.ts";
import { parseStat, readStat, scanProcesses } from "./_proc.ts";
import { eventually } from "../../tests/helpers/poll.ts";

const ENV = { PATH: Deno.env.get("PATH") ?? "/usr/bin:/bin", LANG: "C.UTF-8" };
const linux = Deno.build.os === "linux";

/**
 * A PTY running bash that ignores SIGHUP and SIGTERM, with a child in its own process group
 * (`set -m`) and one in bash's group; resolves once all three run.
 */
async function stubborn(): Promise<{ pty: Pty; pids: number[] }> {
  const pty = Pty.spawn({
    argv: ["bash", "-c", 'trap "" HUP TERM; set -m; sleep 1000 & set +m; sleep 1000 & wait'],
    cwd: "/",
    env: ENV,
    cols: 80,
    rows: 24,
  });
  const pids = await eventually("bash and both its children to run", async () => {
    const pids = await session(pty.pid);
    return pids.length >= 3 ? pids : undefined;
  });
  return { pty, pids };
}

/** The live processes of a session. */
async function session(sid: number): Promise<number[]> {
  const procs = (await scanProcesses()) ?? [];
  return procs.filter((p) => p.sid === sid && p.state !== "Z").map((p) => p.pid);
}

function alive(pid: number): boolean {
  const stat = readStat(pid);
  return !!stat && stat.state !== "Z";
}

Deno.test("parseStat() reads fields after a command name holding spaces and parentheses", () => {
  const line = "42 (a) b (c) S 1 40 41 0 -1 4194560 0 0 0 0 0 0 0 0 20 0 1 0 777 0 0";
  assertEquals(parseStat(line), {
    pid: 42,
    state: "S",
    pgid: 40,
    sid: 41,
    tpgid: -1,
    startTime: 777,
  });
  assertEquals(parseStat("garbage"), undefined);
});

Deno.test({
  name: "ProcessGroups.end() ends a session whose processes ignore SIGHUP and SIGTERM",
  ignore: !linux,
  fn: async () => {
    const groups = new ProcessGroups({ graceMs: 300 });
    const { pty, pids } = await stubborn();
    const groupsSeen = new Set(pids.map((pid) => readStat(pid)!.pgid));
    assert(groupsSeen.size >= 2, "a child runs in its own process group");
    groups.track(pty.pid);
    const exit = new Promise((resolve) => pty.onExit(resolve));
    await groups.end(pty.pid);
    assertEquals(pids.filter(alive), []);
    assertEquals(await exit, { code: null, signal: "SIGKILL" });
  },
});

Deno.test({
  name: "ProcessGroups.end() ends a program that obeys SIGHUP with SIGHUP",
  ignore: !linux,
  fn: async () => {
    const groups = new ProcessGroups({ graceMs: 10_000 });
    const pty = Pty.spawn({ argv: ["sleep", "1000"], cwd: "/", env: ENV, cols: 80, rows: 24 });
    const exit = new Promise((resolve) => pty.onExit(resolve));
    groups.track(pty.pid);
    await groups.end(pty.pid);
    assertEquals(await exit, { code: null, signal: "SIGHUP" });
    await groups.settled();
  },
});

Deno.test({
  name: "ProcessGroups.adoptLeftovers() ends what a dead server recorded, and nothing else",
  ignore: !linux,
  fn: async () => {
    const dir = await Deno.makeTempDir({ prefix: "weft-pids-" });
    const file = join(dir, "pids.json");
    const { pty, pids } = await stubborn();
    // The "dead" server: it recorded the pane, then stopped existing without ending it.
    new ProcessGroups({ file }).track(pty.pid);
    await Promise.resolve(); // saved at the end of the task that started it
    assertEquals(Deno.statSync(file).mode! & 0o777, 0o600);
    // A session leader whose pid the file names with an earlier start time: a recycled pid (a
    // process that took the number of one that ended started after it, so it passes a test of
    // "started no earlier than the leader").
    const bystander = new Deno.Command("setsid", { args: ["sleep", "1000"] }).spawn();
    try {
      const saved = JSON.parse(Deno.readTextFileSync(file));
      const startTime = await eventually("the bystander to lead its own session", () => {
        const stat = readStat(bystander.pid);
        return stat?.sid === bystander.pid && stat.startTime;
      });
      saved.groups.push({ pid: bystander.pid, startTime: startTime - 1 });
      Deno.writeTextFileSync(file, JSON.stringify(saved));
      const next = new ProcessGroups({ file, graceMs: 300 });
      assertEquals(await next.adoptLeftovers(), 1);
      await next.settled();
      assertEquals(pids.filter(alive), []);
      assert(alive(bystander.pid), "the process behind a recycled pid lives on");
      assertEquals(JSON.parse(Deno.readTextFileSync(file)).groups, []);
      await next.close();
      assert(!(await exists(file)), "the file goes when nothing is left to end");
    } finally {
      bystander.kill("SIGKILL");
      await bystander.status;
      await Deno.remove(dir, { recursive: true });
    }
  },
});

Deno.test({
  name: "ProcessGroups.adoptLeftovers() ignores a record from another boot",
  ignore: !linux,
  fn: async () => {
    const dir = await Deno.makeTempDir({ prefix: "weft-pids-" });
    const file = join(dir, "pids.json");
    const child = new Deno.Command("sleep", { args: ["1000"] }).spawn();
    try {
      const startTime = readStat(child.pid)!.startTime;
      Deno.writeTextFileSync(
        file,
        JSON.stringify({
          bootId: "another-boot",
          server: { pid: 999999, startTime: 1 },
          groups: [{ pid: child.pid, startTime }],
        }),
      );
      assertEquals(await new ProcessGroups({ file }).adoptLeftovers(), 0);
      assert(alive(child.pid));
    } finally {
      child.kill("SIGKILL");
      await child.status;
      await Deno.remove(dir, { recursive: true });
    }
  },
});

async function exists(path: string): Promise<boolean> {
  try {
    await Deno.stat(path);
    return true;
  } catch {
    return false;
  }
}
