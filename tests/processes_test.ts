// Pane processes end when weft says so, even ones that ignore SIGHUP and SIGTERM: when the pane
// closes, when the server stops (`weft stop` returns only after), and after a `kill -9` of the
// server, when the next `weft serve` starts. Processes are looked at with `ps`, not with weft's
// own /proc reader.
import { deepStrictEqual as assertEquals, match as assertMatch } from "node:assert/strict";
import { join } from "node:path";
import { weftArgs } from "./helpers/cli.ts";
import { E2E, eventually, withServer } from "./helpers/server.ts";

/** bash ignoring SIGHUP and SIGTERM, with one child in its own process group and one in bash's. */
const STUBBORN = [
  "bash",
  "-c",
  'trap "" HUP TERM; set -m; sleep 1000 & set +m; sleep 1000 & wait',
];
const linux = Deno.build.os === "linux";

async function ps(args: string[]): Promise<number[]> {
  const out = await new Deno.Command("ps", { args: [...args, "-o", "pid=,stat="], stdout: "piped" })
    .output();
  return new TextDecoder().decode(out.stdout).split("\n")
    .map((line) => line.trim().split(/\s+/))
    .filter(([pid, stat]) => pid && !stat?.startsWith("Z"))
    .map(([pid]) => Number(pid));
}

/** The session's processes once bash and both children run. */
function started(sid: number): Promise<number[]> {
  return eventually(async () => {
    const pids = await ps(["-s", String(sid)]);
    return pids.length >= 3 ? pids : undefined;
  });
}

/** Which of `pids` still run. */
function alive(pids: number[]): Promise<number[]> {
  return ps(["-p", pids.join(",")]);
}

Deno.test({
  name: "closing a pane ends its processes, even ones that ignore SIGHUP and SIGTERM",
  ...E2E,
  ignore: !linux,
  fn: async () => {
    await withServer(async ({ client }) => {
      const s = await client.call<{ pane: string }>("session.create", { argv: ["cat"] });
      const p = await client.call<{ id: string; pid: number }>("pane.create", {
        split: s.pane,
        argv: STUBBORN,
      });
      const pids = await started(p.pid);
      await client.call("pane.close", { pane: p.id });
      await eventually(async () => (await alive(pids)).length === 0);
    }, { weft: { killGraceMs: 400 } });
  },
});

Deno.test({
  name: "stopping the server resolves only once every pane's processes are gone",
  ...E2E,
  ignore: !linux,
  fn: async () => {
    await withServer(async ({ client, server }) => {
      const s = await client.call<{ pane: string }>("session.create", { argv: STUBBORN });
      const pids = await started(
        (await client.call<{ pid: number }>("pane.status", { pane: s.pane })).pid,
      );
      await server.stop();
      assertEquals(await alive(pids), []);
    }, { weft: { killGraceMs: 400 } });
  },
});

async function weft(cwd: string, ...args: string[]) {
  const env = { ...Deno.env.toObject() };
  delete env.WEFT_PANE;
  const out = await new Deno.Command(Deno.execPath(), {
    args: weftArgs(...args),
    cwd,
    env,
    clearEnv: true,
    stdin: "null",
  }).output();
  const dec = new TextDecoder();
  return { code: out.code, out: dec.decode(out.stdout), err: dec.decode(out.stderr) };
}

function serve(dir: string): Deno.ChildProcess {
  return new Deno.Command(Deno.execPath(), {
    args: weftArgs("serve"),
    cwd: dir,
    stdin: "null",
    stdout: "null",
    stderr: "piped",
  }).spawn();
}

/** Starts a stubborn pane through the CLI once the server answers; returns its processes. */
async function stubbornPane(dir: string): Promise<number[]> {
  const made = await eventually(async () => {
    const r = await weft(dir, "new", "--json", "--", ...STUBBORN);
    return r.code === 0 ? r : undefined;
  }, 30_000);
  return await started((JSON.parse(made.out) as { pid: number }).pid);
}

Deno.test({
  name: "after a kill -9 of the server the next weft serve ends what it left; weft stop waits",
  ...E2E,
  ignore: !linux,
  fn: async () => {
    const dir = await Deno.makeTempDir({ prefix: "weft-procs-" });
    const weftSection = { shell: ["bash", "--norc", "--noprofile"], killGraceMs: 400 };
    await Deno.writeTextFile(join(dir, "deno.json"), JSON.stringify({ weft: weftSection }));
    const servers: Deno.ChildProcess[] = [];
    let leaked: number[] = [];
    try {
      servers.push(serve(dir));
      leaked = await stubbornPane(dir);
      assertEquals(
        (await Deno.stat(join(dir, ".weft", "pids.json"))).mode! & 0o777,
        0o600,
      );
      servers[0]!.kill("SIGKILL");
      await servers[0]!.status;
      // Without a server to end them they live on, re-parented: the leak this guards against.
      assertEquals((await alive(leaked)).length, leaked.length);

      servers.push(serve(dir));
      await eventually(async () => (await alive(leaked)).length === 0, 30_000);

      const more = await stubbornPane(dir);
      const stopped = await weft(dir, "stop");
      assertEquals(stopped.code, 0, stopped.err);
      assertEquals(await alive(more), [], "weft stop returned before the processes ended");
      const second = await servers[1]!.output();
      assertEquals(second.code, 0);
      assertMatch(new TextDecoder().decode(second.stderr), /left by a server that did not stop/);
    } finally {
      for (const s of servers) {
        try {
          s.kill("SIGKILL");
        } catch { /* exited */ }
        await s.stderr.cancel().catch(() => {});
      }
      for (const pid of leaked) {
        try {
          Deno.kill(pid, "SIGKILL");
        } catch { /* gone */ }
      }
      await Deno.remove(dir, { recursive: true });
    }
  },
});
