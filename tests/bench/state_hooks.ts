/**
 * Hook figures for `deno task bench -- state`: the wall time of one call of weft's Claude Code
 * hook command (bash + curl posting the event, as Claude Code runs it; goal p50 ≤ 30 ms), the
 * same call outside a weft pane (it must do nothing, fast), and the time from a hook event
 * reaching the server's HTTP socket to the `pane.state` event on a subscriber (goal p50 ≤ 5 ms).
 *
 * @module
 */

import { HOOK_COMMAND } from "../../protocols/hooks/mod.ts";
import { httpSocketPath } from "../../core/server/paths.ts";
import type { WeftClient } from "../../plugins/client/mod.ts";
import { percentile, type ServerProcess } from "./_util.ts";

const CALLS = 60;
const EVENTS = ["UserPromptSubmit", "Stop"] as const;

/** Runs weft's hook command once with `body` on its input; resolves with its wall time. */
async function callHook(env: Record<string, string>, body: string): Promise<number> {
  const t = performance.now();
  const child = new Deno.Command("bash", {
    args: ["-c", HOOK_COMMAND],
    env: { PATH: Deno.env.get("PATH") ?? "/usr/bin:/bin", ...env },
    clearEnv: true,
    stdin: "piped",
    stdout: "null",
    stderr: "null",
  }).spawn();
  const writer = child.stdin.getWriter();
  await writer.write(new TextEncoder().encode(body)).catch(() => {});
  await writer.close().catch(() => {});
  await child.status;
  return performance.now() - t;
}

/** One raw HTTP/1.1 POST over the Unix socket; resolves once the request is written. */
async function post(path: string, pane: string, body: string): Promise<Deno.UnixConn> {
  const conn = await Deno.connect({ transport: "unix", path });
  const bytes = new TextEncoder().encode(body);
  const head = `POST /hooks/claude-code HTTP/1.1\r\nHost: weft\r\nX-Weft-Pane: ${pane}\r\n` +
    `Content-Type: application/json\r\nContent-Length: ${bytes.length}\r\n` +
    `Connection: close\r\n\r\n`;
  await conn.write(new Uint8Array([...new TextEncoder().encode(head), ...bytes]));
  return conn;
}

/** The hook figures, against a running server with a client. */
export async function benchHooks(
  server: ServerProcess,
  client: WeftClient,
): Promise<Record<string, number>> {
  const { pane } = await client.call<{ pane: string }>("session.create", {
    argv: ["bash", "--norc", "--noprofile"],
  });
  const env = { WEFT_PANE: pane, WEFT_SOCKET: server.socket };
  let wake: ((state: string) => void) | undefined;
  await client.subscribe({ topics: ["pane.state"], panes: [pane] }, (e) => {
    wake?.((e.data as { state: string }).state);
  });
  const stateEvent = (state: string) =>
    new Promise<number>((resolve) => (wake = (s) => s === state && resolve(performance.now())));
  const event = (name: string) => JSON.stringify({ hook_event_name: name, session_id: "bench-1" });
  const calls: number[] = [];
  const outside: number[] = [];
  const toEvent: number[] = [];
  for (let i = 0; i < CALLS; i++) {
    const name = EVENTS[i % 2]!;
    const seen = stateEvent(name === "Stop" ? "idle" : "working");
    calls.push(await callHook(env, event(name)));
    await seen;
    outside.push(await callHook({}, event(name)));
  }
  const socket = httpSocketPath(server.socket);
  for (let i = 0; i < CALLS; i++) {
    const name = EVENTS[i % 2]!;
    const seen = stateEvent(name === "Stop" ? "idle" : "working");
    const t = performance.now();
    const conn = await post(socket, pane, event(name));
    toEvent.push((await seen) - t);
    await conn.readable.cancel().catch(() => {});
  }
  const round = (n: number) => Math.round(n * 1000) / 1000;
  return {
    "state.hook_call.p50_ms": round(percentile(calls, 50)),
    "state.hook_call.p99_ms": round(percentile(calls, 99)),
    "state.hook_call_outside_weft.p50_ms": round(percentile(outside, 50)),
    "state.hook_to_pane_state.p50_ms": round(percentile(toEvent, 50)),
    "state.hook_to_pane_state.p99_ms": round(percentile(toEvent, 99)),
  };
}
