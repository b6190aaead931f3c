/**
 * `weft serve` as a child process in a temporary project with a client connected, for restore
 * tests that stop it, kill it with SIGKILL and start it again in the same project.
 *
 * @module
 */

import { join } from "node:path";
import { WeftClient } from "../../plugins/client/mod.ts";
import { type ServeProcess, serveProcessWith } from "./cli.ts";

/** A running `weft serve` and a client of it. */
export interface ServeChild {
  server: ServeProcess;
  client: WeftClient;
  /** Its stderr so far. */
  stderr: () => string;
}

/** A temporary project whose `deno.json` holds this `"weft"` section (bash without rc files). */
export async function tempProject(weft: Record<string, unknown> = {}): Promise<string> {
  const dir = await Deno.makeTempDir({ prefix: "weft-restore-" });
  const section = { shell: ["bash", "--norc", "--noprofile"], idleMs: 300, ...weft };
  await Deno.writeTextFile(join(dir, "deno.json"), JSON.stringify({ weft: section }));
  return dir;
}

/** Starts `weft serve` (with `args`) in `dir`; resolves once it is ready, with a client. */
export async function serveChild(dir: string, ...args: string[]): Promise<ServeChild> {
  return await serveChildWith({ dir }, ...args);
}

/** {@link serveChild} with variables set on top of this process's (`env`). */
export async function serveChildWith(
  options: { dir: string; env?: Record<string, string> },
  ...args: string[]
): Promise<ServeChild> {
  const dir = options.dir;
  const server = serveProcessWith(options, ...args);
  try {
    await server.ready;
    const client = await WeftClient.find(dir, { client: "test" });
    return { server, client, stderr: server.log };
  } catch (err) {
    await server.kill();
    throw err;
  }
}

/** Kills the server with SIGKILL and waits until it is gone. */
export async function killHard(child: ServeChild): Promise<void> {
  child.client.close();
  await child.server.kill();
}
