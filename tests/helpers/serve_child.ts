/**
 * `weft serve` as a child process in a project directory, for tests that stop it, kill it with
 * SIGKILL and start it again.
 *
 * @module
 */

import { join } from "node:path";
import { WeftClient } from "../../plugins/client/mod.ts";
import { weftArgs } from "./cli.ts";

/** A running `weft serve`. */
export interface ServeChild {
  process: Deno.ChildProcess;
  /** Its stderr so far. */
  stderr: () => string;
  /** A client connected to it. */
  client: WeftClient;
  /** Resolves with the exit status once it has exited (its stderr read to the end). */
  exited: Promise<Deno.CommandStatus>;
}

/** A temporary project whose `deno.json` holds this `"weft"` section (bash without rc files). */
export async function tempProject(weft: Record<string, unknown> = {}): Promise<string> {
  const dir = await Deno.makeTempDir({ prefix: "weft-restore-" });
  const section = { shell: ["bash", "--norc", "--noprofile"], idleMs: 300, ...weft };
  await Deno.writeTextFile(join(dir, "deno.json"), JSON.stringify({ weft: section }));
  return dir;
}

/** Starts `weft serve` in `dir` and resolves once it says it is ready, with a client. */
export async function serveChild(dir: string, ...args: string[]): Promise<ServeChild> {
  const env = { ...Deno.env.toObject() };
  delete env.WEFT_PANE;
  const process = new Deno.Command(Deno.execPath(), {
    args: weftArgs("serve", ...args),
    cwd: dir,
    env,
    clearEnv: true,
    stdin: "null",
    stdout: "null",
    stderr: "piped",
  }).spawn();
  let text = "";
  let ready!: () => void;
  let failed!: (err: Error) => void;
  const readyPromise = new Promise<void>((resolve, reject) => {
    ready = resolve;
    failed = reject;
  });
  const reading = (async () => {
    const decoder = new TextDecoder();
    for await (const chunk of process.stderr) {
      text += decoder.decode(chunk, { stream: true });
      if (/ready in \d+ ms/.test(text)) ready();
    }
  })();
  const exited = reading.then(() => process.status);
  exited.then((s) =>
    failed(new Error(`weft serve exited (${s.code}) before it was ready:\n${text}`))
  );
  await readyPromise;
  const client = await WeftClient.find(dir, { client: "test" });
  return { process, stderr: () => text, client, exited };
}

/** Kills the server with SIGKILL and waits until it is gone. */
export async function killHard(child: ServeChild): Promise<void> {
  child.client.close();
  try {
    child.process.kill("SIGKILL");
  } catch { /* already gone */ }
  await child.exited;
}
