/**
 * The soak: minutes of mixed load on one server, as hostile as daily life gets. 50 panes
 * printing, 4 socket clients reading, writing and waiting, an MCP client over HTTP, a plugin
 * that crashes every 30 s, a client that vanishes mid-call every 10 s. Reports the longest
 * round trip, the server's memory over time and the replies lost (must be 0).
 *
 * Not part of `deno task bench` unless named: `deno task bench -- soak` (10 minutes), or
 * shorter with `--minutes 1` or `WEFT_SOAK_MINUTES=1`. Runnable alone:
 * `deno run -A --unstable-worker-options tests/bench/soak.ts --minutes 1`.
 *
 * It logs as it goes (stderr, seconds since the start): every plugin start, crash and failure
 * (with the reason) and the first messages of each kind of error; it samples the memory of the
 * server and of each plugin process every 10 s.
 *
 * @module
 */

import { parseArgs } from "node:util";
import type { WeftClient } from "../../plugins/client/mod.ts";
import { type ChildServer, rssOf, withChildServer } from "../helpers/child_server.ts";
import { eventually } from "../helpers/poll.ts";
import { httpSession, type McpSession } from "../helpers/mcp.ts";
import { pluginPids } from "../helpers/plugin_pids.ts";
import { percentile } from "./_util.ts";

const CRASHY = new URL("../fixtures/plugins/crashy/mod.ts", import.meta.url).pathname;
/** A call with no reply after this long counts as lost. */
const LOST_AFTER_MS = 30_000;

/** What the soak counts while it runs. */
class Tally {
  roundTrips = new Map<string, number[]>();
  lost: string[] = [];
  errors = new Map<string, number>();
  memory: [number, number][] = [];
  counts = new Map<string, number>();
  /** When the soak started, for the timestamps of what it logs. */
  t0 = performance.now();
  /** The first few messages of each kind of error, with when they came. */
  samples = new Map<string, string[]>();
  /** The restart back-off the host announced for each of crashy's crashes, in order. */
  crashyBackoff: number[] = [];
  /** Resident memory of each plugin process, keyed `plugin@<seconds>s`. */
  pluginMemory = new Map<string, number>();

  /** Logs a line to stderr with the seconds since the soak started. */
  note(line: string): void {
    console.error(`soak +${((performance.now() - this.t0) / 1000).toFixed(1)}s: ${line}`);
  }

  count(what: string, n = 1): void {
    this.counts.set(what, (this.counts.get(what) ?? 0) + n);
  }

  /** Adds a sample of `kind` (a duration measured elsewhere). */
  sample(kind: string, ms: number): void {
    const samples = this.roundTrips.get(kind) ?? [];
    samples.push(ms);
    this.roundTrips.set(kind, samples);
  }

  /** Times a call; a call with no answer within {@link LOST_AFTER_MS} is lost. */
  async time<T>(kind: string, call: () => Promise<T>): Promise<T | undefined> {
    const started = performance.now();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const lost = new Promise<"lost">((r) => (timer = setTimeout(() => r("lost"), LOST_AFTER_MS)));
    try {
      const result = await Promise.race([call(), lost]);
      if (result === "lost") {
        this.lost.push(kind);
        return undefined;
      }
      this.sample(kind, performance.now() - started);
      return result as T;
    } catch (err) {
      const code = (err as { code?: string }).code ?? "THROWN";
      const key = `${kind}:${code}`;
      this.errors.set(key, (this.errors.get(key) ?? 0) + 1);
      const seen = this.samples.get(key) ?? [];
      if (seen.length < 3) {
        seen.push((err as Error).message?.slice(0, 300));
        this.samples.set(key, seen);
        this.note(`${key}: ${(err as Error).message?.slice(0, 300)}`);
      }
      // A closed connection on a client that was not meant to vanish is a lost reply.
      if (code === "UNAVAILABLE") this.lost.push(`${kind} (connection closed)`);
      return undefined;
    } finally {
      clearTimeout(timer);
    }
  }
}

/** The soak benchmark group. */
export async function benchSoak(): Promise<Record<string, number>> {
  const minutes = soakMinutes();
  const tally = new Tally();
  let out: Record<string, number> = {};
  await withChildServer(async (server) => {
    const control = await server.connect();
    const echoes = await startPanes(control);
    const mcp = await mcpClient(server);
    const end = performance.now() + minutes * 60_000; // the clock starts once all is set up
    const running = () => performance.now() < end;
    console.error(`soak: ${minutes} min of mixed load on pid ${server.pid}`);
    tally.t0 = performance.now();
    await watchPlugins(control, tally);
    await Promise.all([
      sampleMemory(server, tally, running),
      ...[0, 1, 2, 3].map(async (i) =>
        socketClient(await server.connect(), echoes, i, tally, running)
      ),
      mcpLoad(mcp, echoes, tally, running),
      crashEvery(30_000, control, tally, running),
      vanishEvery(10_000, server, echoes, tally, running),
    ]);
    tally.count("mcp.sessions_opened", mcp.opened);
    await mcp.close().catch(() => {});
    const alive = await tally.time("final.status", () => control.call("server.status"));
    out = report(tally, minutes, alive !== undefined, server.log());
  }, { plugins: { mcp: mcpConfig(), crashy: { from: CRASHY } }, historyBytes: 1024 * 1024 });
  return out;
}

/** `WEFT_SOAK_MCP_MIB=48` caps the mcp plugin's heap low, to bring out a leak within minutes. */
function mcpConfig(): true | { memoryMiB: number } {
  const mib = Deno.env.get("WEFT_SOAK_MCP_MIB");
  return mib ? { memoryMiB: Number(mib) } : true;
}

function soakMinutes(): number {
  const { values } = parseArgs({
    args: Deno.args.filter((a) => a !== "--"),
    options: { minutes: { type: "string" } },
    strict: false,
    allowPositionals: true,
  });
  const given = values.minutes ?? Deno.env.get("WEFT_SOAK_MINUTES") ?? "10";
  const minutes = Number(given);
  if (!(minutes > 0)) throw new RangeError(`Cannot soak for "${given}" minutes`);
  return minutes;
}

/** 46 panes that print on their own, 4 `cat` panes the clients type into and wait on. */
async function startPanes(control: WeftClient): Promise<string[]> {
  const loud = [
    "while :; do date +%s%N; sleep 0.2; done",
    "while :; do seq 1 500; sleep 3; done",
    "while :; do printf '\\e[31mred\\e[0m %s\\n' $RANDOM; sleep 0.5; done",
  ];
  for (let i = 0; i < 46; i++) {
    await control.call("session.create", { command: loud[i % loud.length] });
  }
  const echoes: string[] = [];
  for (let i = 0; i < 4; i++) {
    echoes.push((await control.call<{ pane: string }>("session.create", { argv: ["cat"] })).pane);
  }
  return echoes;
}

/** A client that, as a real one does, initializes a new session when its own is gone (404). */
async function mcpClient(server: ChildServer): Promise<McpSession> {
  // The mcp plugin publishes its HTTP endpoint as it starts.
  return await eventually(
    "the mcp plugin's HTTP endpoint",
    () => httpSession(server.dir, { name: "soak" }),
    { intervalMs: 20 },
  );
}

/** Reads, writes and waits in a loop: type a token into a cat pane, wait until it shows. */
async function socketClient(
  client: WeftClient,
  echoes: string[],
  index: number,
  tally: Tally,
  running: () => boolean,
): Promise<void> {
  const mine = echoes[index]!;
  for (let n = 0; running(); n++) {
    const pane = `p${1 + (n * 7 + index) % 46}`;
    await tally.time("socket.read", () => client.call("pane.read", { pane }));
    await tally.time(
      "socket.read_recent",
      () => client.call("pane.read", { pane, mode: "recent", lines: 200 }),
    );
    const token = `c${index}-${n}`;
    await tally.time(
      "socket.write",
      () => client.call("pane.write", { pane: mine, text: `${token}\r` }),
    );
    await tally.time(
      "socket.wait",
      () =>
        client.call("pane.wait", { pane: mine, match: `^${token}$`, regex: true, timeout: 20_000 }),
    );
    await tally.time("socket.status", () => client.call("server.status"));
    tally.count("socket.rounds");
    await pause(20);
  }
  client.close();
}

async function mcpLoad(
  mcp: McpSession,
  echoes: string[],
  tally: Tally,
  running: () => boolean,
): Promise<void> {
  for (let n = 0; running(); n++) {
    const pane = `p${1 + n % 46}`;
    await tally.time(
      "mcp.read_pane",
      () => mcp.run((c) => c.callTool({ name: "read_pane", arguments: { pane } })),
    );
    await tally.time(
      "mcp.list_panes",
      () => mcp.run((c) => c.callTool({ name: "list_panes", arguments: {} })),
    );
    if (n % 10 === 0) {
      // A regex wait that will not match: it must time out on time, not freeze anything.
      await tally.time("mcp.wait_for_timeout", () =>
        mcp.run((c) =>
          c.callTool({
            name: "wait_for",
            arguments: { pane: echoes[0], match: "(x+x+)+y", regex: true, timeout: 500 },
          })
        ));
    }
    tally.count("mcp.rounds");
    await pause(50);
  }
}

/** Crashes the crashy plugin every `every` ms and times how long it takes to come back. */
async function crashEvery(
  every: number,
  control: WeftClient,
  tally: Tally,
  running: () => boolean,
): Promise<void> {
  while (running()) {
    await tally.time("plugin.crash", () => control.call("crashy.die"));
    tally.count("plugin.crashes");
    const crashed = performance.now();
    while (running()) {
      const pong = await control.call<string>("crashy.ping").catch(() => undefined);
      if (pong === "pong") {
        const back = performance.now() - crashed;
        tally.count("plugin.back");
        tally.sample("plugin.back_ms", back);
        // What the restart itself took, past the back-off the host chose to wait.
        const backoff = tally.crashyBackoff.at(-1);
        if (backoff !== undefined) tally.sample("plugin.back_past_backoff_ms", back - backoff);
        break;
      }
      await pause(200);
    }
    await sleepWhile(every - (performance.now() - crashed), running);
  }
}

/** Logs, with timestamps, every plugin that starts, crashes or fails, and counts them. */
async function watchPlugins(control: WeftClient, tally: Tally): Promise<void> {
  await control.subscribe(
    { topics: ["plugin.started", "plugin.crashed", "plugin.failed"] },
    (e) => {
      const data = e.data as { name: string; error?: { message: string }; restartInMs?: number };
      tally.count(`${e.topic}.${data.name}`);
      if (data.name === "crashy" && data.restartInMs !== undefined) {
        tally.crashyBackoff.push(data.restartInMs);
      }
      if (data.name === "crashy" && e.topic !== "plugin.failed") return; // crashed on purpose
      const why = data.error ? `: ${data.error.message}` : "";
      const delay = data.restartInMs === undefined ? "" : ` (restart in ${data.restartInMs} ms)`;
      tally.note(`${e.topic} ${data.name}${why}${delay}`);
    },
  );
}

/** Every `every` ms a client connects, starts calls, and vanishes without a word. */
async function vanishEvery(
  every: number,
  server: ChildServer,
  echoes: string[],
  tally: Tally,
  running: () => boolean,
): Promise<void> {
  tally.count("vanished.clients", 0);
  while (running()) {
    const conn = await Deno.connect({ transport: "unix", path: server.socket });
    const lines = [
      { id: 1, method: "pane.wait", params: { pane: echoes[3], match: "never", timeout: 60_000 } },
      { id: 2, method: "pane.read", params: { pane: "p1", mode: "history" } },
      { id: 3, method: "crashy.hang", params: {} },
    ].map((m) => JSON.stringify({ jsonrpc: "2.0", ...m }) + "\n").join("");
    await conn.write(new TextEncoder().encode(lines)).catch(() => {});
    await pause(50);
    // Every other one says it is done writing first (a half-close), then goes all the same.
    if (tally.counts.get("vanished.clients")! % 2) await conn.closeWrite().catch(() => {});
    await pause(50);
    conn.close();
    tally.count("vanished.clients");
    await sleepWhile(every, running);
  }
}

async function sampleMemory(server: ChildServer, tally: Tally, running: () => boolean) {
  const t0 = performance.now();
  const sample = async () => {
    const at = performance.now() - t0;
    tally.memory.push([at, await server.rss()]);
    for (const [plugin, rss] of await pluginMemory(server.pid)) {
      const key = `${plugin}@${Math.round(at / 1000)}s`;
      tally.pluginMemory.set(key, rss);
    }
  };
  while (running()) {
    await sample();
    await sleepWhile(10_000, running);
  }
  await sample();
}

/** The resident memory of each plugin process of the server. */
async function pluginMemory(serverPid: number): Promise<Map<string, number>> {
  const out = new Map<string, number>();
  for (const { pid, plugin } of await pluginPids(undefined, serverPid)) {
    out.set(plugin, await rssOf(pid).catch(() => NaN));
  }
  return out;
}

function report(
  tally: Tally,
  minutes: number,
  alive: boolean,
  log: string,
): Record<string, number> {
  const out: Record<string, number> = { minutes, server_alive: alive ? 1 : 0 };
  out.lost_replies = tally.lost.length;
  if (tally.lost.length) console.error(`soak: lost replies: ${tally.lost.join(", ")}`);
  let longest = 0;
  for (const [kind, samples] of tally.roundTrips) {
    out[`${kind}.count`] = samples.length;
    out[`${kind}.p50_ms`] = round(percentile(samples, 50));
    out[`${kind}.p99_ms`] = round(percentile(samples, 99));
    out[`${kind}.max_ms`] = round(Math.max(...samples));
    if (!/wait|crash|back/.test(kind)) longest = Math.max(longest, ...samples);
  }
  out.longest_round_trip_ms = round(longest);
  for (const [what, n] of tally.counts) out[what] = n;
  for (const [what, n] of tally.errors) out[`errors.${what}`] = n;
  const mib = (b: number) => round(b / 2 ** 20);
  for (const [at, rss] of tally.memory) out[`rss_mib.at_${Math.round(at / 1000)}s`] = mib(rss);
  const rss = tally.memory.map(([, r]) => r);
  out["rss_mib.start"] = mib(rss[0] ?? NaN);
  out["rss_mib.max"] = mib(Math.max(...rss));
  out["rss_mib.end"] = mib(rss.at(-1) ?? NaN);
  for (const [key, bytes] of tally.pluginMemory) out[`plugin_rss_mib.${key}`] = mib(bytes);
  out.dropped_clients_logged = (log.match(/dropped client/g) ?? []).length;
  // The heartbeat's notices: a plugin late to answer (busy), and one ended as hung.
  out.plugin_late_logged = (log.match(/has not answered a ping/g) ?? []).length;
  out.plugin_hung_logged = (log.match(/stopped answering for more than/g) ?? []).length;
  return out;
}

function round(n: number): number {
  return Math.round(n * 10) / 10;
}

function pause(ms: number): Promise<void> {
  return new Promise((r) => setTimeout(r, ms));
}

/** Sleeps `ms`, waking early (in steps of 250 ms) once the soak is over. */
async function sleepWhile(ms: number, running: () => boolean): Promise<void> {
  const until = performance.now() + ms;
  while (running() && performance.now() < until) {
    await pause(Math.min(250, until - performance.now()));
  }
}

if (import.meta.main) console.table(await benchSoak());
