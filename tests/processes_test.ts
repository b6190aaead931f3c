// Pane processes end when weft says so, even ones that ignore SIGHUP and SIGTERM: when the pane
// closes, when the server stops (`weft stop` returns only after), and after a `kill -9` of the
// server, when the next `weft serve` starts. Processes are looked at with `ps`, not with weft's
// own /proc reader.
import { deepStrictEqual as assertEquals, match as assertMatch } from "node:assert/strict";
import { join } from "node:path";
import { type ServeProcess, serveProcess, weftProcess } from "./helpers/cli.ts";
import { eventually } from "./helpers/poll.ts";
import { E2E, withServer } from "./helpers/server.ts";

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
  return eventually("bash and both its children to run", async () => {
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
      await eventually(
        "the closed pane's processes to end",
        async () => (await alive(pids)).length === 0,
      );
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

/** Starts a stubborn pane through the CLI; returns its processes. */
async function stubbornPane(dir: string): Promise<number[]> {
  const made = await weftProcess(dir, "new", "--json", "--", ...STUBBORN);
  assertEquals(made.code, 0, made.err);
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
    const servers: ServeProcess[] = [];
    let leaked: number[] = [];
    try {
      servers.push(serveProcess(dir));
      await servers[0]!.ready;
      leaked = await stubbornPane(dir);
      assertEquals(
        (await Deno.stat(join(dir, ".weft", "pids.json"))).mode! & 0o777,
        0o600,
      );
      await servers[0]!.kill();
      // Without a server to end them they live on, re-parented: the leak this guards against.
      assertEquals((await alive(leaked)).length, leaked.length);

      servers.push(serveProcess(dir));
      await servers[1]!.ready;
      await eventually(
        "the processes the killed server left to end",
        async () => (await alive(leaked)).length === 0,
        { timeoutMs: 30_000 },
      );

      const more = await stubbornPane(dir);
      const stopped = await weftProcess(dir, "stop");
      assertEquals(stopped.code, 0, stopped.err);
      assertEquals(await alive(more), [], "weft stop returned before the processes ended");
      assertEquals((await servers[1]!.child.status).code, 0);
      assertMatch(await servers[1]!.stderr, /left by a server that did not stop/);
    } finally {
      for (const s of servers) await s.kill();
      for (const pid of leaked) {
        try {
          Deno.kill(pid, "SIGKILL");
        } catch { /* gone */ }
      }
      await Deno.remove(dir, { recursive: true });
    }
  },
});
