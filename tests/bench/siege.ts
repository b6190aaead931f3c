/**
 * `deno task bench -- siege`: every door of a real `weft serve` (control socket, hooks HTTP,
 * MCP HTTP, web HTTP and WebSocket) under connection floods, slowloris, oversized and malformed
 * input at once for SIEGE_MS, while a quiet client measures its round trip on the control
 * socket and on the hooks door. Goals: the server, its plugins and its pane live; the quiet
 * client's p99 under 50 ms; memory bounded. Loopback only, bounded in count and time.
 *
 * @module
 */

import { join } from "node:path";
import { percentile, spawnServer } from "./_util.ts";
import { rssOf } from "../helpers/child_server.ts";

const SIEGE_MS = 15_000;
const IDLE_PER_DOOR = 1_500;
const SLOW_PER_DOOR = 200;
const enc = new TextEncoder();
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Connections that are opened and then say nothing. */
async function idleFlood(connect: () => Promise<Deno.Conn>, n: number, held: Deno.Conn[]) {
  for (let i = 0; i < n; i++) {
    try {
      held.push(await connect());
    } catch { /* refused or backlog full */ }
  }
}

/** Connections that send one header line a second and never finish. */
function slowloris(port: number, n: number, until: number, held: Deno.Conn[]) {
  return Promise.all(Array.from({ length: n }, async (_, i) => {
    try {
      const conn = await Deno.connect({ hostname: "127.0.0.1", port });
      held.push(conn);
      await conn.write(enc.encode(`GET /s${i} HTTP/1.1\r\nHost: 127.0.0.1\r\n`));
      while (performance.now() < until) {
        await sleep(1_000);
        await conn.write(enc.encode(`X-Slow: ${i}\r\n`));
      }
    } catch { /* closed by the door: as it should */ }
  }));
}

/** Garbage, huge bodies and oversized heads, one connection each, in a loop. */
async function hostile(port: number, until: number) {
  const requests = [
    "\x00\x01\x02 garbage\r\n\r\n",
    `GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Big: ${"a".repeat(64 * 1024)}\r\n\r\n`,
    "POST /mcp HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 5000000\r\n\r\n" +
    "x".repeat(1 << 20),
    "GET / HTTP/1.1\r\nHost: evil.example\r\n\r\n",
  ];
  let n = 0;
  while (performance.now() < until) {
    const conn = await Deno.connect({ hostname: "127.0.0.1", port }).catch(() => undefined);
    if (!conn) continue;
    await conn.write(enc.encode(requests[n++ % requests.length]!)).catch(() => {});
    await conn.read(new Uint8Array(256)).catch(() => null);
    conn.close();
  }
  return n;
}

/** Control-socket abuse: garbage lines and a huge line without an end, in a loop. */
async function socketAbuse(path: string, until: number) {
  let n = 0;
  while (performance.now() < until) {
    const conn = await Deno.connect({ transport: "unix", path }).catch(() => undefined);
    if (!conn) continue;
    const junk = n++ % 2 ? "{not json\n[1,2\nnull\n" : "x".repeat(1 << 20);
    await conn.write(enc.encode(junk)).catch(() => {});
    await conn.read(new Uint8Array(256)).catch(() => null);
    conn.close();
  }
  return n;
}

/** Web pages that send frames that are not JSON objects. */
async function badPages(port: number, cookie: string, until: number) {
  let n = 0;
  while (performance.now() < until) {
    const init = { headers: { cookie } } as unknown as string[];
    const ws = new WebSocket(`ws://127.0.0.1:${port}/ws`, init);
    await new Promise<void>((resolve) => {
      ws.onopen = () => ws.send("not json {");
      ws.onclose = () => resolve();
      ws.onerror = () => resolve();
      setTimeout(resolve, 2_000);
    });
    try {
      ws.close();
    } catch { /* closed */ }
    n++;
  }
  return n;
}

/** Bench group `siege`. */
export async function benchSiege(): Promise<Record<string, number>> {
  const server = await spawnServer({ plugins: { mcp: true, web: true } });
  const held: Deno.Conn[] = [];
  try {
    const client = await server.connect();
    const pane = (await client.call<{ id: string }>("pane.create", { argv: ["cat"] })).id;
    let web: { port: number } | undefined;
    for (let i = 0; i < 300 && !web; i++) {
      web = await client.call<{ port: number }>("web.status", {}).catch(() => undefined);
      if (!web) await sleep(100);
    }
    // server.status tells the hooks door's address; server.json the MCP door's port.
    const hooksPort = Number(
      (await client.call<{ http: string }>("server.status", {})).http
        .split(":")[1],
    );
    let mcpPort = 0;
    for (let i = 0; i < 300 && !mcpPort; i++) {
      const info = JSON.parse(await Deno.readTextFile(join(server.dir, ".weft", "server.json")));
      mcpPort = Number(info.http?.port ?? 0);
      if (!mcpPort) await sleep(100);
    }
    const { url } = await client.call<{ url: string }>("web.login", {});
    const login = await fetch(url, { redirect: "manual" });
    await login.body?.cancel();
    const cookie = (login.headers.get("set-cookie") ?? "").split(";")[0]!;
    const rss0 = await rssOf(server.child.pid);

    const until = performance.now() + SIEGE_MS;
    const ports = [hooksPort, mcpPort, web!.port].filter((p) => p > 0);
    const attacks = Promise.all([
      ...ports.map((port) =>
        idleFlood(() => Deno.connect({ hostname: "127.0.0.1", port }), IDLE_PER_DOOR, held)
      ),
      idleFlood(() => Deno.connect({ transport: "unix", path: server.socket }), 500, held),
      ...ports.map((port) => slowloris(port, SLOW_PER_DOOR, until, held)),
      ...ports.map((port) => hostile(port, until)),
      socketAbuse(server.socket, until),
      badPages(web!.port, cookie, until),
    ]);
    // The quiet clients: a control-socket call and a hooks-door request every 20 ms.
    const quiet: number[] = [];
    const quietHttp: number[] = [];
    let rssPeak = rss0;
    let failedQuiet = 0;
    while (performance.now() < until) {
      const t = performance.now();
      await client.call("server.status", {});
      quiet.push(performance.now() - t);
      const h = performance.now();
      try {
        const res = await fetch(`http://127.0.0.1:${hooksPort}/none`);
        await res.body?.cancel();
        quietHttp.push(performance.now() - h);
      } catch {
        failedQuiet++;
      }
      rssPeak = Math.max(rssPeak, await rssOf(server.child.pid));
      await sleep(20);
    }
    await attacks;
    for (const c of held.splice(0)) {
      try {
        c.close();
      } catch { /* closed */ }
    }
    // The pane's cat answers: the terminal's echo of the line, then cat's copy of it.
    await client.call("pane.write", { pane, text: "still-alive\n" });
    let alive = 0;
    for (let i = 0; i < 100 && !alive; i++) {
      const { text } = await client.call<{ text: string }>("pane.read", { pane });
      alive = text.split("\n").filter((line) => line.trim() === "still-alive").length >= 2 ? 1 : 0;
      if (!alive) await sleep(50);
    }
    const status = await client.call<
      { plugins: { name: string; restarts: number; state: string }[] }
    >(
      "server.status",
      {},
    );
    client.close();
    return {
      siege_s: SIEGE_MS / 1000,
      quiet_calls: quiet.length,
      quiet_socket_p50_ms: percentile(quiet, 50),
      quiet_socket_p99_ms: percentile(quiet, 99),
      quiet_http_p50_ms: percentile(quietHttp, 50),
      quiet_http_p99_ms: percentile(quietHttp, 99),
      quiet_http_failed: failedQuiet,
      rss_start_mb: Math.round(rss0 / 1e6),
      rss_peak_mb: Math.round(rssPeak / 1e6),
      rss_end_mb: Math.round((await rssOf(server.child.pid)) / 1e6),
      pane_alive: alive,
      plugin_restarts: status.plugins.reduce((n, p) => n + p.restarts, 0),
      plugins_running: status.plugins.filter((p) => p.state === "running").length,
    };
  } finally {
    for (const c of held) {
      try {
        c.close();
      } catch { /* closed */ }
    }
    await server.stop();
  }
}
