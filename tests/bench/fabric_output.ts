/**
 * A pane's output across the fabric beside the local path, from the same run (a hub and two
 * weft servers on this machine, real nats-server processes): throughput of a pane printing
 * ~18 MB as laptop's socket client receives it, from laptop's own pane and from buildbox's
 * (through the fabric's follow: buildbox's tap, its JetStream stream, the ordered consumer,
 * the hub); a keystroke typed from laptop until its echo arrives on laptop's own subscription
 * (local pane, remote pane); and a late viewer's replay of the 256 KiB buildbox keeps.
 *
 * Run alone: `deno task bench -- fabric`.
 *
 * @module
 */

import type { WeftClient } from "../../plugins/client/mod.ts";
import { outSubject, type TapInfo } from "../../plugins/fabric/taps.ts";
import { fabricDir } from "../../plugins/fabric/joined.ts";
import { connect } from "@nats-io/transport-node";
import { join } from "node:path";
import type { TestHost } from "../helpers/fabric.ts";
import { withTwoHosts } from "./fabric.ts";
import { waitForText } from "../helpers/panes.ts";
import { eventually } from "../helpers/poll.ts";
import { percentile } from "./_util.ts";

const LINES = 2_500_000;
const KEYS = 100;
const encoder = new TextEncoder();

/** MB/s of `pane`'s output as `client` receives it while the pane prints `seq 1 LINES`. */
async function throughput(client: WeftClient, pane: string, writer: WeftClient, target: string) {
  let bytes = 0;
  let done: () => void = () => {};
  const finished = new Promise<void>((r) => (done = r));
  let tail = "";
  const off = await client.subscribe({ topics: ["pane.output"], panes: [pane] }, (event) => {
    const data = (event.data as { data: string }).data;
    bytes += encoder.encode(data).length;
    if ((tail + data).includes("END-OF-FL0OD")) done();
    tail = data.slice(-16);
  });
  try {
    // Whatever the echo figures left typed on the prompt goes first.
    await writer.call("pane.write", { pane: target, text: "\x15" });
    await settle();
    const t = performance.now();
    await writer.call("pane.write", {
      pane: target,
      text: `seq 1 ${LINES}; echo END-OF-FL$((0))OD`,
      submit: true,
    });
    await finished;
    const s = (performance.now() - t) / 1000;
    return { mbps: bytes / 1e6 / s, mb: bytes / 1e6 };
  } finally {
    await off();
  }
}

/** Ms from `pane.write` of one key until `client`'s own subscription to `pane` has its echo. */
async function echoMs(client: WeftClient, pane: string): Promise<number[]> {
  let waiting: ((data: string) => void) | undefined;
  const off = await client.subscribe({ topics: ["pane.output"], panes: [pane] }, (event) => {
    waiting?.((event.data as { data: string }).data);
  });
  const ms: number[] = [];
  try {
    await settle();
    for (let i = 0; i < KEYS; i++) {
      const key = "abcdefghij"[i % 10]!;
      const echoed = new Promise<void>((resolve) => {
        waiting = (data) => data.includes(key) && resolve();
      });
      const t = performance.now();
      await client.call("pane.write", { pane, text: key });
      await echoed;
      ms.push(performance.now() - t);
      waiting = undefined;
      if (i % 40 === 39) await client.call("pane.write", { pane, text: "\x15" });
      await new Promise((r) => setTimeout(r, 10));
    }
  } finally {
    await off();
  }
  return ms;
}

/** A follow's first renewal and tap are under way: give them a moment. */
function settle(): Promise<void> {
  return new Promise((r) => setTimeout(r, 300));
}

const round = (n: number) => Math.round(n * 1000) / 1000;

/**
 * MB/s of the fabric's own path, past the pane: 32 MB of 32 KiB chunks put straight into
 * buildbox's stream of a followed pane (as its tap does; through a client of buildbox's own
 * node, its password read from the node's config) until laptop's socket client has them all.
 */
async function pathThroughput(buildbox: TestHost, client: WeftClient, pane: string) {
  const dir = fabricDir(buildbox.dir);
  const conf = await Deno.readTextFile(join(dir, "leaf.conf"));
  const pass = JSON.parse(conf.match(/password: ("[^"]+")/)![1]!) as string;
  const ports = [...Deno.readDirSync(join(dir, "ports"))].find((e) => e.name.endsWith(".ports"))!;
  const url = JSON.parse(await Deno.readTextFile(join(dir, "ports", ports.name))).nats[0];
  const nc = await connect({ servers: url, user: "weft", pass });
  const chunk = "x".repeat(32 * 1024 - 1) + "\n";
  const total = 1024;
  let bytes = 0;
  let last = 0;
  const off = await client.subscribe(
    { topics: ["pane.output"], panes: [`buildbox/${pane}`] },
    (e) => {
      bytes += (e.data as { data: string }).data.length;
      last = performance.now();
    },
  );
  try {
    await settle();
    const t = performance.now();
    for (let i = 0; i < total; i++) {
      nc.publish(outSubject("buildbox", pane), chunk);
      if (i % 64 === 63) await nc.flush();
    }
    // Until it all came, or nothing came for a second (a client too slow loses a burst).
    const until = performance.now() + 30_000;
    while (bytes < total * chunk.length && performance.now() < until) {
      if (last && performance.now() - last > 1000) break;
      await new Promise((r) => setTimeout(r, 50));
    }
    return { mbps: bytes / 1e6 / ((last - t) / 1000), share: bytes / (total * chunk.length) };
  } finally {
    await off();
    await nc.close();
  }
}

/** The remote output figures of the `fabric` bench group. */
export function benchFabricOutput(): Promise<Record<string, number>> {
  return withTwoHosts(async ({ buildbox, client, near, far, remote }) => {
    const localEcho = await echoMs(client, near.pane);
    const remoteEcho = await echoMs(client, remote);
    const local = await throughput(client, near.pane, client, near.pane);
    const far1 = await throughput(client, remote, client, remote);
    const path = await pathThroughput(buildbox, client, far.pane);
    // A late viewer: another subscriber already follows; the new one replays what is kept.
    const taps = async () =>
      (await buildbox.server.client.call<{ taps: TapInfo[] }>("fabric.taps", {})).taps;
    const offFirst = await client.subscribe({ topics: ["pane.output"], panes: [remote] }, () => {});
    await eventually("the tap", async () => (await taps()).length === 1);
    await client.call("pane.write", {
      pane: remote,
      text: "seq 1 100000; echo REPLAY-$((1))-END",
      submit: true,
    });
    await waitForText(buildbox.server.client, { pane: far.pane, match: "REPLAY-1-END" });
    let replayed = 0;
    let got: () => void = () => {};
    const all = new Promise<void>((r) => (got = r));
    const t = performance.now();
    const offLate = await client.subscribe(
      { topics: ["pane.output"], panes: [remote], replay: true },
      (event) => {
        const data = (event.data as { data: string }).data;
        replayed += encoder.encode(data).length;
        if (data.includes("REPLAY-1-END")) got();
      },
    );
    await all;
    const replayMs = performance.now() - t;
    await offLate();
    await offFirst();
    const p50 = (xs: number[]) => round(percentile(xs, 50));
    return {
      "local keystroke echo on the caller's stream p50 (ms)": p50(localEcho),
      "remote keystroke echo on the caller's stream p50 (ms)": p50(remoteEcho),
      "remote keystroke echo on the caller's stream p99 (ms)": round(percentile(remoteEcho, 99)),
      "local pane output to the caller (MB/s)": round(local.mbps),
      "remote pane output to the caller (MB/s)": round(far1.mbps),
      "remote/local output throughput": round(far1.mbps / local.mbps),
      "pane output measured (MB)": round(far1.mb),
      "fabric path past the pane: stream → laptop's client (MB/s)": round(path.mbps),
      "  share of its 32 MB that arrived": round(path.share),
      "late viewer's replay: KiB replayed": Math.round(replayed / 1024),
      "late viewer's replay: ms until its last chunk": round(replayMs),
    };
  });
}
