/**
 * A weft server in its own process, for tests that must watch it from outside: its memory,
 * its log, and whether it still answers while something tries to freeze it (an in-process
 * server would freeze the test with it).
 *
 * @module
 */

import { join } from "node:path";
import { WeftClient } from "../../plugins/client/mod.ts";
import { serveProcess } from "./cli.ts";

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
  const server = serveProcess(dir);
  const clients: WeftClient[] = [];
  try {
    await server.ready;
    await fn({
      dir,
      socket,
      pid: server.child.pid,
      log: server.log,
      rss: () => rssOf(server.child.pid),
      connect: async () => {
        const c = await WeftClient.connect(socket, { client: "test" });
        clients.push(c);
        return c;
      },
    });
  } finally {
    for (const c of clients) c.close();
    await server.stop();
    await Deno.remove(dir, { recursive: true }).catch(() => {});
  }
}

/** Resident memory of a process, in bytes (VmRSS in /proc/<pid>/status). */
export async function rssOf(pid: number): Promise<number> {
  const status = await Deno.readTextFile(`/proc/${pid}/status`);
  const kib = Number(/^VmRSS:\s+(\d+) kB/m.exec(status)?.[1] ?? NaN);
  return kib * 1024;
}
