/**
 * A fabric on this machine for tests: a hub nats-server (written by the fabric's own
 * `writeHub`) and weft servers (`weft serve` child processes) joined to it with
 * `weft fabric join`, everything on 127.0.0.1 with free ports. Every process is ended when the
 * test ends, also when it fails: the servers, their leaf nats-servers (by pid file), the hub.
 *
 * @module
 */

import { join } from "node:path";
import { credsFile, writeHub } from "../../plugins/fabric/hub.ts";
import { fabricDir } from "../../plugins/fabric/joined.ts";
import type { FabricHost } from "../../protocols/bus/fabric.ts";
import { weftInProcess } from "./cli.ts";
import { eventually } from "./poll.ts";
import { killHard, type ServeChild, serveChildWith, tempProject } from "./serve_child.ts";

/** Where nats-server is, or undefined. */
export function natsServer(): string | undefined {
  const dirs = [...(Deno.env.get("PATH") ?? "").split(":"), "/usr/sbin", "/usr/local/bin"];
  for (const dir of dirs.filter(Boolean)) {
    try {
      if (Deno.statSync(join(dir, "nats-server")).isFile) return join(dir, "nats-server");
    } catch { /* not here */ }
  }
  return undefined;
}

/**
 * Options of a fabric test: end-to-end (PTYs, processes), and skipped only where nats-server is
 * missing outside CI; under `CI=true` a missing nats-server fails the test.
 */
export const FABRIC = {
  sanitizeOps: false,
  sanitizeResources: false,
  ignore: !natsServer() && Deno.env.get("CI") !== "true",
} as const;

/** A free TCP port on 127.0.0.1. */
export function freePort(): number {
  const listener = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const { port } = listener.addr as Deno.NetAddr;
  listener.close();
  return port;
}

/** Whether `child` listens on `port` within 20 s (false at once if it exits). */
async function listening(child: Deno.ChildProcess, port: number): Promise<boolean> {
  let gone = false;
  void child.status.then(() => (gone = true));
  const until = Date.now() + 20_000;
  while (Date.now() < until && !gone) {
    try {
      (await Deno.connect({ hostname: "127.0.0.1", port })).close();
      return true;
    } catch { /* not yet */ }
    await new Promise((r) => setTimeout(r, 25));
  }
  return false;
}

/** A running hub. */
export interface TestHub {
  dir: string;
  /** Where hosts join: `nats://127.0.0.1:LEAF`. */
  url: string;
  /** The client port (a test's own NATS connection as a host user). */
  clientUrl: string;
  creds(host: string): string;
  /** The certificate the hub's leaf port speaks TLS with (its own CA), if it does. */
  ca?: string;
  /** Ends it with SIGKILL. */
  kill(): Promise<void>;
  /** Starts it again on the same ports and store. */
  start(): Promise<void>;
}

/**
 * A self-signed certificate for 127.0.0.1 (its own CA), made now with openssl, in `dir`.
 */
export async function makeCert(dir: string): Promise<{ cert: string; key: string }> {
  const cert = join(dir, "hub-cert.pem");
  const key = join(dir, "hub-key.pem");
  const out = await new Deno.Command("openssl", {
    args: ["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", key, "-out", cert]
      .concat(["-days", "1", "-subj", "/CN=127.0.0.1", "-addext", "subjectAltName=IP:127.0.0.1"]),
    stdin: "null",
    stdout: "null",
    stderr: "piped",
  }).output();
  if (!out.success) throw new Error(`openssl failed: ${new TextDecoder().decode(out.stderr)}`);
  return { cert, key };
}

/** Starts a hub that knows `hosts`; with `tls`, its leaf port speaks TLS only. */
export async function startHub(
  hosts: readonly string[],
  options: { tls?: boolean } = {},
): Promise<TestHub> {
  const program = natsServer();
  if (!program) throw new Error("nats-server is not installed (deno task setup installs it)");
  const dir = await Deno.makeTempDir({ prefix: "weft-hub-" });
  const tls = options.tls ? await makeCert(dir) : undefined;
  let port = 0;
  let leafPort = 0;
  let child: Deno.ChildProcess | undefined;
  const kill = async () => {
    try {
      child?.kill("SIGKILL");
    } catch { /* gone */ }
    await child?.status;
  };
  const spawn = async (conf: string) => {
    child = new Deno.Command(program, {
      args: ["-c", conf],
      stdin: "null",
      stdout: "null",
      stderr: "null",
    }).spawn();
    if (await listening(child, leafPort)) return true;
    await kill();
    return false;
  };
  // A free port may be taken by another test's process before nats-server binds it (it then
  // exits at once): new ports, up to three times.
  let conf = "";
  for (let attempt = 0; !conf; attempt++) {
    port = freePort();
    leafPort = freePort();
    const written = await writeHub({ dir, hosts, port, leafPort, ...(tls ? { tls } : {}) });
    if (await spawn(written)) conf = written;
    else if (attempt === 2) {
      await Deno.remove(dir, { recursive: true }).catch(() => {});
      throw new Error(`the hub's nats-server did not listen (ports ${port}, ${leafPort})`);
    }
  }
  const start = async () => {
    if (!(await spawn(conf))) throw new Error(`the hub did not listen again on ${leafPort}`);
  };
  return {
    dir,
    url: `${tls ? "tls" : "nats"}://127.0.0.1:${leafPort}`,
    ...(tls ? { ca: tls.cert } : {}),
    clientUrl: `nats://127.0.0.1:${port}`,
    creds: (host) => credsFile(dir, host),
    kill,
    start,
  };
}

/** One weft server of the fabric. */
export interface TestHost {
  name: string;
  dir: string;
  server: ServeChild;
  /** Kills the server with SIGKILL (its leaf node is left as a crash leaves it). */
  kill(): Promise<void>;
  /** Starts the server again in the same project. */
  restart(): Promise<void>;
}

/** Joins a new project to `hub` as `name` (granting `grants`) and serves it. */
export async function joinHost(
  hub: TestHub,
  name: string,
  options: {
    grants?: Record<string, string[]>;
    weft?: Record<string, unknown>;
    /** The hub's leaf URL this host joins through (default `hub.url`). */
    url?: string;
    /** Variables set on the server (and so its panes) on top of this process's. */
    env?: Record<string, string>;
  } = {},
): Promise<TestHost> {
  const dir = await tempProject(options.weft ?? {});
  const grant = Object.entries(options.grants ?? {}).flatMap(([h, w]) => [
    "--grant",
    `${h}=${w.join(",")}`,
  ]);
  const joined = await weftInProcess(
    dir,
    "fabric",
    "join",
    options.url ?? hub.url,
    "--as",
    name,
    "--creds",
    hub.creds(name),
    ...grant,
    ...(hub.ca ? ["--ca", hub.ca] : []),
  );
  if (joined.code !== 0) throw new Error(`weft fabric join failed: ${joined.err}`);
  const serve = { dir, ...(options.env ? { env: options.env } : {}) };
  const host: TestHost = {
    name,
    dir,
    server: await serveChildWith(serve),
    kill: () => killHard(host.server),
    restart: async () => void (host.server = await serveChildWith(serve)),
  };
  return host;
}

/** Waits until `host` sees each of `others` up. */
export async function untilUp(host: TestHost, others: readonly string[]): Promise<void> {
  await eventually(`${host.name} to see ${others.join(", ")} up`, async () => {
    const { hosts } = await host.server.client.call<{ hosts: FabricHost[] }>("fabric.hosts", {});
    return others.every((o) => hosts.some((h) => h.host === o && h.state === "up"));
  }, { timeoutMs: 20_000 });
}

/** Ends a host's server and the leaf nats-server it started, and removes its project. */
export async function endHost(host: TestHost): Promise<void> {
  await killHard(host.server).catch(() => {});
  await killLeaf(host.dir);
  await Deno.remove(host.dir, { recursive: true }).catch(() => {});
}

/** Kills the leaf nats-server a host's project started, by its pid file, if it runs. */
export async function killLeaf(dir: string): Promise<void> {
  let pid: number;
  try {
    pid = Number((await Deno.readTextFile(join(fabricDir(dir), "nats.pid"))).trim());
  } catch {
    return;
  }
  try {
    const cmd = await Deno.readTextFile(`/proc/${pid}/cmdline`);
    if (cmd.includes("nats-server")) Deno.kill(pid, "SIGKILL");
  } catch { /* gone */ }
}

/** Ends the hub and removes its folder. */
export async function endHub(hub: TestHub): Promise<void> {
  await hub.kill();
  await Deno.remove(hub.dir, { recursive: true }).catch(() => {});
}
