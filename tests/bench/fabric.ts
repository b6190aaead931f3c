/**
 * The fabric beside the local path, from the same run: a hub and two weft servers on this
 * machine (real nats-server processes). `pane.read` of a visible screen from laptop's socket
 * client, of laptop's own pane and of buildbox's; a keystroke typed from laptop into a local
 * pane and into buildbox's, until its echo is in that pane's output (seen on the pane's own
 * server); and what the fabric adds to each host at rest (its plugin process and its
 * nats-server: CPU over an idle stretch, resident memory).
 *
 * Run alone: `deno task bench -- fabric`.
 *
 * @module
 */

import type { WeftClient } from "../../plugins/client/mod.ts";
import { endHost, endHub, joinHost, startHub, type TestHost, untilUp } from "../helpers/fabric.ts";
import { waitForText } from "../helpers/panes.ts";
import { percentile, processTree, treeCpuMs } from "./_util.ts";

const READS = 300;
const KEYS = 100;
const IDLE_MS = 10_000;

async function readMs(client: WeftClient, pane: string): Promise<number[]> {
  const ms: number[] = [];
  for (let i = 0; i < READS + 20; i++) {
    const t = performance.now();
    await client.call("pane.read", { pane });
    if (i >= 20) ms.push(performance.now() - t);
  }
  return ms;
}

/** Ms from `pane.write` of one key on `writer` until `watcher` sees it in `pane`'s output. */
async function echoMs(
  writer: WeftClient,
  target: string,
  watcher: WeftClient,
  pane: string,
): Promise<number[]> {
  let waiting: ((data: string) => void) | undefined;
  const off = await watcher.subscribe({ topics: ["pane.output"], panes: [pane] }, (event) => {
    waiting?.((event.data as { data: string }).data);
  });
  const ms: number[] = [];
  try {
    for (let i = 0; i < KEYS; i++) {
      const key = "abcdefghij"[i % 10]!;
      const echoed = new Promise<void>((resolve) => {
        waiting = (data) => data.includes(key) && resolve();
      });
      const t = performance.now();
      await writer.call("pane.write", { pane: target, text: key });
      await echoed;
      ms.push(performance.now() - t);
      waiting = undefined;
      if (i % 40 === 39) await writer.call("pane.write", { pane: target, text: "\x15" });
      await new Promise((r) => setTimeout(r, 10));
    }
  } finally {
    await off();
  }
  return ms;
}

/** The fabric's processes on `host`: its plugin process and that process's nats-server. */
function fabricPids(host: TestHost): number[] {
  for (const pid of processTree(host.server.server.child.pid)) {
    try {
      const cmd = Deno.readTextFileSync(`/proc/${pid}/cmdline`);
      if (cmd.includes("--weft-plugin=fabric")) return processTree(pid);
    } catch { /* ended */ }
  }
  return [];
}

function rssMiB(pids: number[]): number {
  let kib = 0;
  for (const pid of pids) {
    try {
      const m = Deno.readTextFileSync(`/proc/${pid}/status`).match(/VmRSS:\s+(\d+)/);
      kib += Number(m?.[1] ?? 0);
    } catch { /* ended */ }
  }
  return Math.round(kib / 102.4) / 10;
}

/**
 * `pids`' memory from /proc/PID/smaps_rollup (MiB): proportional (PSS: pages shared with other
 * processes, such as the deno binary's, divided among them) and private (in no other process:
 * what the fabric adds beyond what the server's own deno process already maps).
 */
function smapsMiB(pids: number[]): { pss: number; private: number } {
  let pss = 0;
  let own = 0;
  for (const pid of pids) {
    try {
      const text = Deno.readTextFileSync(`/proc/${pid}/smaps_rollup`);
      const kib = (key: string) =>
        Number(text.match(new RegExp(`^${key}:\\s+(\\d+)`, "m"))?.[1] ?? 0);
      pss += kib("Pss");
      own += kib("Private_Clean") + kib("Private_Dirty");
    } catch { /* ended */ }
  }
  const mib = (k: number) => Math.round(k / 102.4) / 10;
  return { pss: mib(pss), private: mib(own) };
}

const round = (n: number) => Math.round(n * 1000) / 1000;

/** The `fabric` bench group. */
/** Two hosts of one hub, each with a bash pane: laptop's client reads buildbox's as `remote`. */
export interface TwoHosts {
  laptop: TestHost;
  buildbox: TestHost;
  /** laptop's client. */
  client: WeftClient;
  /** The pane on laptop, and the pane on buildbox (as buildbox names it). */
  near: { pane: string };
  far: { pane: string };
  /** buildbox's pane as laptop names it. */
  remote: string;
}

/**
 * Runs `fn` with a hub and two joined servers (buildbox grants laptop read and write), a bash
 * pane on each; ends them all after.
 */
export async function withTwoHosts<T>(fn: (two: TwoHosts) => Promise<T>): Promise<T> {
  const hub = await startHub(["laptop", "buildbox"]);
  const hosts: TestHost[] = [];
  try {
    const buildbox = await joinHost(hub, "buildbox", { grants: { laptop: ["read", "write"] } });
    hosts.push(buildbox);
    const laptop = await joinHost(hub, "laptop");
    hosts.push(laptop);
    await untilUp(laptop, ["buildbox"]);
    const shell = { command: "bash --norc --noprofile" };
    const far = await buildbox.server.client.call<{ pane: string }>("session.create", shell);
    const near = await laptop.server.client.call<{ pane: string }>("session.create", shell);
    await waitForText(buildbox.server.client, { pane: far.pane, match: "bash" });
    await waitForText(laptop.server.client, { pane: near.pane, match: "bash" });
    const client = laptop.server.client;
    return await fn({ laptop, buildbox, client, near, far, remote: `buildbox/${far.pane}` });
  } finally {
    for (const h of hosts) await endHost(h);
    await endHub(hub);
  }
}

export function benchFabric(): Promise<Record<string, number>> {
  return withTwoHosts(async ({ laptop, buildbox, client, near, far, remote }) => {
    const localRead = await readMs(client, near.pane);
    const remoteRead = await readMs(client, remote);
    const localEcho = await echoMs(client, near.pane, client, near.pane);
    const remoteEcho = await echoMs(client, remote, buildbox.server.client, far.pane);
    // At rest: what the fabric's processes on one host use while nothing is asked of them.
    const pids = fabricPids(laptop);
    const cpu0 = treeCpuMs(pids[0] ?? 0);
    await new Promise((r) => setTimeout(r, IDLE_MS));
    const cpu1 = treeCpuMs(pids[0] ?? 0);
    const p50 = (xs: number[]) => round(percentile(xs, 50));
    const plugin = smapsMiB(pids.slice(0, 1));
    const nats = smapsMiB(pids.slice(1));
    return {
      "local pane.read p50 (ms)": p50(localRead),
      "remote pane.read p50 (ms)": p50(remoteRead),
      "remote/local read p50": round(percentile(remoteRead, 50) / percentile(localRead, 50)),
      "remote pane.read p99 (ms)": round(percentile(remoteRead, 99)),
      "local keystroke echo p50 (ms)": p50(localEcho),
      "remote keystroke echo p50 (ms)": p50(remoteEcho),
      "remote keystroke echo p99 (ms)": round(percentile(remoteEcho, 99)),
      "remote/local echo p50": round(percentile(remoteEcho, 50) / percentile(localEcho, 50)),
      "idle fabric CPU per host (% of a core)": round(((cpu1 - cpu0) / IDLE_MS) * 100),
      "idle fabric RSS per host (MiB: plugin + nats-server)": rssMiB(pids),
      "  of which the plugin process (MiB)": rssMiB(pids.slice(0, 1)),
      "  of which nats-server (MiB)": rssMiB(pids.slice(1)),
      "  the plugin process PSS (MiB)": plugin.pss,
      "  the plugin process private (MiB)": plugin.private,
      "  nats-server PSS (MiB)": nats.pss,
      "  nats-server private (MiB)": nats.private,
      "fabric processes per host": pids.length,
    };
  });
}
