/**
 * This host's own nats-server: a leaf node of the hub with JetStream in the host's domain, its
 * store, config and pid under the plugin's data folder (files 0600). It takes one client,
 * weft, on 127.0.0.1 with a password made here; its client port is picked when it starts and
 * read back from its ports file. A node left running by a run that was killed is stopped
 * first, by its pid file.
 *
 * @module
 */

import { join } from "node:path";
import { WeftError } from "@weft/weft/plugin";
import { leafConf } from "./nats_conf.ts";

/** What {@link startNode} needs. */
export interface NodeOptions {
  /** The plugin's data folder. */
  dir: string;
  host: string;
  hub: string;
  password: string;
  caFile?: string;
  /** The program (on PATH, or a path). */
  program?: string;
}

/** A running local node. */
export interface LocalNode {
  /** `nats://127.0.0.1:PORT` */
  url: string;
  user: string;
  password: string;
  /** Stops it (SIGTERM, then SIGKILL) and waits for it. */
  stop(): Promise<void>;
  /** Resolves when it ends, stopped or not. */
  exited: Promise<void>;
}

const START_MS = 5000;

/**
 * Starts the host's nats-server and resolves once it listens.
 */
export async function startNode(o: NodeOptions): Promise<LocalNode> {
  const program = o.program ?? "nats-server";
  const pidFile = join(o.dir, "nats.pid");
  const portsDir = join(o.dir, "ports");
  await stopStale(program, pidFile);
  await Deno.mkdir(portsDir, { recursive: true, mode: 0o700 });
  for await (const e of Deno.readDir(portsDir)) await Deno.remove(join(portsDir, e.name));
  const localPassword = crypto.randomUUID();
  const conf = join(o.dir, "leaf.conf");
  await Deno.writeTextFile(
    conf,
    leafConf({
      host: o.host,
      hub: o.hub,
      hubUser: { host: o.host, password: o.password },
      localPassword,
      storeDir: join(o.dir, "jetstream"),
      portsDir,
      pidFile,
      ...(o.caFile ? { caFile: join(o.dir, o.caFile) } : {}),
    }),
    { mode: 0o600 },
  );
  await Deno.chmod(conf, 0o600);
  let child: Deno.ChildProcess;
  try {
    child = new Deno.Command(program, {
      args: ["-c", conf],
      stdin: "null",
      stdout: "null",
      stderr: "null",
    }).spawn();
  } catch (err) {
    throw new WeftError(
      "SPAWN_FAILED",
      `Cannot start nats-server ("${program}"): ${(err as Error).message}; install it ` +
        "(Debian: apt-get install nats-server)",
    );
  }
  const url = await portOf(portsDir, child);
  let stopped: Promise<void> | undefined;
  return {
    url,
    user: "weft",
    password: localPassword,
    stop: () => stopped ??= stopChild(child),
    exited: child.status.then(() => {}),
  };
}

/** The client URL from the node's ports file, once it has written it. */
async function portOf(dir: string, child: Deno.ChildProcess): Promise<string> {
  let exited = false;
  void child.status.then(() => (exited = true));
  const until = Date.now() + START_MS;
  while (Date.now() < until && !exited) {
    for await (const e of Deno.readDir(dir)) {
      if (!e.name.endsWith(".ports")) continue;
      try {
        const ports = JSON.parse(await Deno.readTextFile(join(dir, e.name)));
        const url = ports?.nats?.[0];
        if (typeof url === "string") return url;
      } catch { /* being written */ }
    }
    await new Promise((r) => setTimeout(r, 25));
  }
  try {
    child.kill("SIGKILL");
  } catch { /* gone */ }
  throw new WeftError(
    "UNAVAILABLE",
    `Cannot start nats-server: it ${exited ? "exited" : "did not listen within 5 s"}`,
  );
}

/** A node an earlier run left (the run was killed): asked to stop by its pid file. */
async function stopStale(program: string, pidFile: string): Promise<void> {
  try {
    await Deno.stat(pidFile);
  } catch {
    return;
  }
  try {
    await new Deno.Command(program, {
      args: [`--signal`, `kill=${pidFile}`],
      stdout: "null",
      stderr: "null",
    }).output();
  } catch { /* none ran */ }
  await Deno.remove(pidFile).catch(() => {});
}

async function stopChild(child: Deno.ChildProcess): Promise<void> {
  try {
    child.kill("SIGTERM");
  } catch {
    return;
  }
  const timer = setTimeout(() => {
    try {
      child.kill("SIGKILL");
    } catch { /* gone */ }
  }, 2000);
  await child.status;
  clearTimeout(timer);
}
