/**
 * A weft server in its own process, for tests that must watch it from outside: its memory,
 * its log, and whether it still answers while something tries to freeze it (an in-process
 * server would freeze the test with it).
 *
 * @module
 */

import { join } from "node:path";
import { WeftClient } from "../../plugins/client/mod.ts";
import { weftArgs } from "./cli.ts";

/** A running child server. */
export interface ChildServer {
  dir: string;
  socket: string;
  pid: number;
  /** Everything the server wrote to stderr so far. */
  log: () => string;
  /** The server's resident memory in bytes, from /proc. */
  rss: () => Promise<number>;
  connect: () => Promise<WeftClient>;
}

/** Starts `weft serve` in a fresh project, runs `fn`, then stops it and removes the project. */
export async function withChildServer(
  fn: (server: ChildServer) => Promise<void>,
  weft: Record<string, unknown> = {},
): Promise<void> {
  const dir = await Deno.makeTempDir({ prefix: "weft-child-" });
  const config = { shell: ["bash", "--norc", "--noprofile"], idleMs: 300, ...weft };
  await Deno.writeTextFile(join(dir, "deno.json"), JSON.stringify({ weft: config }));
  const socket = join(dir, ".weft", "weft.sock");
  const child = new Deno.Command(Deno.execPath(), {
    args: weftArgs("serve", "--project", dir),
    stdin: "null",
    stdout: "null",
    stderr: "piped",
  }).spawn();
  let log = "";
  // Read stderr as it comes: a full pipe would stall the server.
  const logged = child.stderr.pipeThrough(new TextDecoderStream()).pipeTo(
    new WritableStream({ write: (text) => void (log += text) }),
  ).catch(() => {});
  const clients: WeftClient[] = [];
  try {
    const first = await connectWhenUp(socket, child);
    first.close();
    await fn({
      dir,
      socket,
      pid: child.pid,
      log: () => log,
      rss: () => rssOf(child.pid),
      connect: async () => {
        const c = await WeftClient.connect(socket, { client: "test" });
        clients.push(c);
        return c;
      },
    });
  } finally {
    for (const c of clients) c.close();
    await stop(child);
    await logged;
    await Deno.remove(dir, { recursive: true }).catch(() => {});
  }
}

/** SIGTERM, then SIGKILL: a frozen server never runs its signal handler. */
async function stop(child: Deno.ChildProcess): Promise<void> {
  const signal = (name: Deno.Signal) => {
    try {
      child.kill(name);
    } catch { /* gone */ }
  };
  signal("SIGTERM");
  const timer = setTimeout(() => signal("SIGKILL"), 10_000);
  await child.status;
  clearTimeout(timer);
}

async function connectWhenUp(socket: string, child: Deno.ChildProcess): Promise<WeftClient> {
  let exited = false;
  child.status.then(() => (exited = true));
  const end = Date.now() + 60_000;
  while (Date.now() < end && !exited) {
    try {
      return await WeftClient.connect(socket);
    } catch {
      await new Promise((r) => setTimeout(r, 20));
    }
  }
  throw new Error(exited ? "weft serve exited at start" : "weft serve did not start in 60 s");
}

/** Resident memory of a process, in bytes (VmRSS in /proc/<pid>/status). */
export async function rssOf(pid: number): Promise<number> {
  const status = await Deno.readTextFile(`/proc/${pid}/status`);
  const kib = Number(/^VmRSS:\s+(\d+) kB/m.exec(status)?.[1] ?? NaN);
  return kib * 1024;
}
