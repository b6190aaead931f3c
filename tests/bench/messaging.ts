/**
 * Messaging benchmarks: wake latency from `message.send` to a blocked wait's reply, over the
 * control socket and over MCP stdio (`wait_for_message` through `weft mcp`); durable sends per
 * second from 8 concurrent clients (SQLite WAL, `synchronous` NORMAL and FULL); and 100
 * concurrent waiters woken by 100 sends, each with its own message (five rounds: median and
 * worst). Runnable alone:
 * `deno run -A --unstable-worker-options tests/bench/messaging.ts`.
 *
 * @module
 */

import { Client, StdioClientTransport } from "../../plugins/mcp/sdk_client.ts";
import type { WeftClient } from "../../plugins/client/mod.ts";
import { weftArgs } from "../helpers/cli.ts";
import { percentile, spawnServer, treeCpuMs } from "./_util.ts";

const SAMPLES = Number(Deno.env.get("WEFT_BENCH_SAMPLES") ?? 200);
const step = (what: string) => console.error(`bench: messaging: ${what}`);
/** No rate limit in the way of the throughput figure. */
const UNLIMITED = { sendsPerSecond: 1_000_000, sendBurst: 1_000_000 };

/** Resolves once `name` has `n` waits blocking. */
async function waiting(control: WeftClient, name: string, n = 1): Promise<void> {
  for (;;) {
    const { agents } = await control.call<{ agents: { name: string; waiting: number }[] }>(
      "message.agents",
      {},
    );
    if ((agents.find((a) => a.name === name)?.waiting ?? 0) >= n) return;
    await new Promise((r) => setTimeout(r, 1));
  }
}

/** ms from the start of a send to the reply of the wait it wakes, `SAMPLES` times. */
async function wakeLatency(
  control: WeftClient,
  waiter: string,
  wait: () => Promise<unknown>,
): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < SAMPLES + 20; i++) {
    let woke = 0;
    const pending = wait().then(() => (woke = performance.now()));
    await waiting(control, waiter);
    const t = performance.now();
    await control.call("message.send", { to: waiter, content: `wake ${i}`, as: "bench" });
    await pending;
    if (i >= 20) out.push(woke - t);
  }
  return out;
}

async function mcpStdio(dir: string): Promise<Client> {
  const client = new Client({ name: "bench-msg", version: "1" });
  await client.connect(
    new StdioClientTransport({
      command: Deno.execPath(),
      args: weftArgs("mcp"),
      cwd: dir,
      env: { PATH: Deno.env.get("PATH") ?? "", HOME: Deno.env.get("HOME") ?? "" },
      stderr: "ignore",
    }),
  );
  return client;
}

/**
 * Calls from 8 clients for `ms`: answered calls per second, and the CPU time (µs) each cost the
 * server with its plugin processes (steadier than the rate on a shared machine).
 * `message.send` gives durable sends; `message.group_list` (a plugin round trip that writes
 * nothing) gives the transport's own ceiling on this machine for comparison.
 */
async function throughput(
  server: { connect: () => Promise<WeftClient>; child: Deno.ChildProcess },
  ms: number,
  method = "message.send",
) {
  const clients = await Promise.all(Array.from({ length: 8 }, () => server.connect()));
  const end = performance.now() + ms;
  const started = performance.now();
  const cpu = treeCpuMs(server.child.pid);
  let sent = 0;
  await Promise.all(clients.map(async (c, k) => {
    while (performance.now() < end) {
      // Commands refuse keys they do not take: a send's fields go to message.send alone.
      const input = method === "message.send"
        ? { to: "sink", content: `m${sent}`, as: `s${k}` }
        : {};
      await c.call(method, input);
      sent++;
    }
  }));
  const rate = sent / ((performance.now() - started) / 1000);
  const cpuUs = ((treeCpuMs(server.child.pid) - cpu) * 1000) / sent;
  for (const c of clients) c.close();
  return { rate, cpuUs };
}

/** 100 waiters (each its own identity), then one send to each; ms until all replied. */
async function hundredWaiters(server: { connect: () => Promise<WeftClient> }) {
  const clients = await Promise.all(Array.from({ length: 10 }, () => server.connect()));
  const control = clients[0]!;
  const names = Array.from({ length: 100 }, (_, i) => `w${i}`);
  const replies = names.map((name, i) =>
    clients[i % clients.length]!.call<{ message: { content: string } }>("message.wait", {
      timeout: 120,
      as: name,
    })
  );
  for (const name of names) await waiting(control, name);
  const t = performance.now();
  await Promise.all(
    names.map((name) =>
      control.call("message.send", { to: name, content: `for ${name}`, as: "b" })
    ),
  );
  const got = await Promise.all(replies);
  const total = performance.now() - t;
  const own = got.filter((r, i) => r.message?.content === `for ${names[i]}`).length;
  for (const c of clients) c.close();
  return { total, own };
}

/** The messaging benchmark group. */
export async function benchMessaging(): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const sync of ["normal", "full"] as const) {
    const server = await spawnServer({
      plugins: { message: { options: { ...UNLIMITED, sync } } },
    });
    const control = await server.connect();
    const clients: Client[] = [];
    try {
      // The plugin is up once a send is answered; "sink" is then a known name.
      for (;;) {
        const ok = await control.call("message.send", { to: "human", content: "x", as: "sink" })
          .then(() => true, () => false);
        if (ok) break;
        await new Promise((r) => setTimeout(r, 20));
      }
      step(`sends (${sync})`);
      // A second of sends first, so the figures are the steady state, not the JIT warming up.
      await throughput(server, 1000);
      const sends = await throughput(server, 3000);
      out[`sends_per_second.${sync}`] = sends.rate;
      out[`sends.cpu_us_per_send.${sync}`] = sends.cpuUs;
      if (sync === "full") continue;
      step("plugin round trips");
      const calls = await throughput(server, 3000, "message.group_list");
      out["reference.plugin_calls_per_second"] = calls.rate;
      out["reference.cpu_us_per_plugin_call"] = calls.cpuUs;
      step("wake over the socket");
      const waiter = await server.connect();
      const socket = await wakeLatency(
        control,
        "sock",
        () => waiter.call("message.wait", { timeout: 60, as: "sock" }),
      );
      waiter.close();
      out["wake.socket.p50_ms"] = percentile(socket, 50);
      out["wake.socket.p99_ms"] = percentile(socket, 99);
      step("wake over MCP stdio");
      const mcp = await mcpStdio(server.dir);
      clients.push(mcp);
      const viaMcp = await wakeLatency(
        control,
        "mcpw",
        () => mcp.callTool({ name: "wait_for_message", arguments: { timeout: 50, as: "mcpw" } }),
      );
      out["wake.mcp_stdio.p50_ms"] = percentile(viaMcp, 50);
      out["wake.mcp_stdio.p99_ms"] = percentile(viaMcp, 99);
      // One round is one sample, and a round's time swings 2-3x with the machine's load: five
      // rounds, their median and worst.
      step("100 waiters (5 rounds)");
      const rounds = [];
      for (let i = 0; i < 5; i++) rounds.push(await hundredWaiters(server));
      out["waiters100.total_ms"] = percentile(rounds.map((r) => r.total), 50);
      out["waiters100.max_ms"] = Math.max(...rounds.map((r) => r.total));
      out["waiters100.own_message"] = Math.min(...rounds.map((r) => r.own));
    } finally {
      for (const c of clients) await c.close().catch(() => {});
      control.close();
      await server.stop();
    }
  }
  return out;
}

if (import.meta.main) console.table(await benchMessaging());
