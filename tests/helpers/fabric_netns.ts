/**
 * A hub whose link to one host can be cut and healed, for the fabric's partition tests. As root
 * (this machine and CI are), the hub's nats-server runs in a network namespace of its own made
 * for the test, reached from this machine by two veth pairs: one every other host joins
 * through, one only the host to cut joins through; the cut is `ip link set … down` on that
 * pair, the heal `… up`, nothing restarted. Not root: the host's own nats-server (its leaf
 * link) is stopped with SIGSTOP and let go on with SIGCONT, which says so. The namespace and
 * its links have names no other test uses, and are deleted when the test ends, also when it
 * fails.
 *
 * @module
 */

import { join } from "node:path";
import { credsFile, writeHub } from "../../plugins/fabric/hub.ts";
import { fabricDir } from "../../plugins/fabric/joined.ts";
import { natsServer, type TestHub } from "./fabric.ts";

/** How a link is cut here. */
export type CutMode = "netns" | "sigstop";

/** A hub with one host's link to cut. */
export interface SplitHub {
  /** The hub, as every other host joins it. */
  hub: TestHub;
  /** The hub's leaf URL for the host whose link is cut. */
  cutUrl: string;
  mode: CutMode;
  /** Cuts the link of the host joined through `cutUrl` (its project folder, for `sigstop`). */
  cut(hostDir: string): Promise<void>;
  /** Heals it. */
  heal(hostDir: string): Promise<void>;
  /** Ends the hub, deletes the namespace and its links, removes the hub's folder. */
  end(): Promise<void>;
}

/** Whether this process may make network namespaces. */
export function isRoot(): boolean {
  return Deno.uid() === 0;
}

async function ip(...args: string[]): Promise<void> {
  const out = await new Deno.Command("ip", { args, stdout: "null", stderr: "piped" }).output();
  if (!out.success) {
    throw new Error(`ip ${args.join(" ")}: ${new TextDecoder().decode(out.stderr).trim()}`);
  }
}

/** Whether something listens at `host:port` within 20 s (false at once if `child` exits). */
async function listening(child: Deno.ChildProcess, host: string, port: number): Promise<boolean> {
  let gone = false;
  void child.status.then(() => (gone = true));
  const until = Date.now() + 20_000;
  while (Date.now() < until && !gone) {
    try {
      (await Deno.connect({ hostname: host, port })).close();
      return true;
    } catch { /* not yet */ }
    await new Promise((r) => setTimeout(r, 25));
  }
  return false;
}

/** The pid of the nats-server a host's project started, if it runs. */
async function leafPid(hostDir: string): Promise<number> {
  const pid = Number((await Deno.readTextFile(join(fabricDir(hostDir), "nats.pid"))).trim());
  const cmd = await Deno.readTextFile(`/proc/${pid}/cmdline`);
  if (!cmd.includes("nats-server")) throw new Error(`pid ${pid} is not a nats-server`);
  return pid;
}

/**
 * Starts a hub for `hosts` with a separate link for the host to cut: in a namespace of its own
 * as root; else a plain hub (see the module doc).
 */
export async function startSplitHub(
  hosts: readonly string[],
  plain: (hosts: readonly string[]) => Promise<TestHub>,
): Promise<SplitHub> {
  if (!isRoot()) {
    const hub = await plain(hosts);
    const signal = async (dir: string, sig: Deno.Signal) => Deno.kill(await leafPid(dir), sig);
    return {
      hub,
      cutUrl: hub.url,
      mode: "sigstop",
      cut: (dir) => signal(dir, "SIGSTOP"),
      heal: (dir) => signal(dir, "SIGCONT"),
      end: async () => {
        await hub.kill();
        await Deno.remove(hub.dir, { recursive: true }).catch(() => {});
      },
    };
  }
  const program = natsServer();
  if (!program) throw new Error("nats-server is not installed (deno task setup installs it)");
  const tag = crypto.getRandomValues(new Uint32Array(1))[0]!.toString(16).padStart(8, "0")
    .slice(0, 6);
  const ns = `wfab${tag}`;
  const [a, b] = [`wfa${tag}`, `wfb${tag}`];
  const r = crypto.getRandomValues(new Uint8Array(2));
  const net = `10.${200 + (r[0]! % 50)}.${r[1]! & 0xf8}`;
  const dir = await Deno.makeTempDir({ prefix: "weft-hub-" });
  let child: Deno.ChildProcess | undefined;
  const kill = async () => {
    try {
      child?.kill("SIGKILL");
    } catch { /* gone */ }
    await child?.status;
  };
  const end = async () => {
    await kill();
    await ip("netns", "del", ns).catch(() => {});
    for (const link of [a, b]) await ip("link", "del", link).catch(() => {});
    await Deno.remove(dir, { recursive: true }).catch(() => {});
  };
  try {
    await ip("netns", "add", ns);
    await ip("-n", ns, "link", "set", "lo", "up");
    for (const [link, first] of [[a, 1], [b, 5]] as const) {
      await ip("link", "add", link, "type", "veth", "peer", "name", `${link}p`);
      await ip("link", "set", `${link}p`, "netns", ns);
      await ip("addr", "add", `${net}.${first}/30`, "dev", link);
      await ip("-n", ns, "addr", "add", `${net}.${first + 1}/30`, "dev", `${link}p`);
      await ip("link", "set", link, "up");
      await ip("-n", ns, "link", "set", `${link}p`, "up");
    }
    // The namespace is the hub's own: its ports are free, and reached only through the pairs.
    const [port, leafPort] = [4222, 7422];
    const conf = await writeHub({ dir, hosts, port, leafPort, bind: "0.0.0.0" });
    const start = async () => {
      child = new Deno.Command("ip", {
        args: ["netns", "exec", ns, program, "-c", conf],
        stdin: "null",
        stdout: "null",
        stderr: "null",
      }).spawn();
      if (!(await listening(child, `${net}.2`, leafPort))) {
        await kill();
        throw new Error(`the hub did not listen in namespace ${ns}`);
      }
    };
    await start();
    return {
      hub: {
        dir,
        url: `nats://${net}.2:${leafPort}`,
        clientUrl: `nats://${net}.2:${port}`,
        creds: (host) => credsFile(dir, host),
        kill,
        start,
      },
      cutUrl: `nats://${net}.6:${leafPort}`,
      mode: "netns",
      cut: () => ip("link", "set", b, "down"),
      heal: () => ip("link", "set", b, "up"),
      end,
    };
  } catch (err) {
    await end();
    throw err;
  }
}
