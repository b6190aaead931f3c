/**
 * Hook figures for `deno task bench -- state`: the wall time of one call of weft's Claude Code
 * hook command as Claude Code runs it (goal p50 ≤ 30 ms), under bash (its `/dev/tcp`) and under
 * sh (curl), the same call outside a weft pane (it must do nothing, fast), and the time from a
 * hook event reaching the server's HTTP door to the `pane.state` event on a subscriber (goal
 * p50 ≤ 5 ms).
 *
 * @module
 */

import { HOOK_COMMAND } from "../../protocols/hooks/mod.ts";
import type { WeftClient } from "../../plugins/client/mod.ts";
import { percentile } from "./_util.ts";

const CALLS = 60;
const EVENTS = ["UserPromptSubmit", "Stop"] as const;

/** Runs weft's hook command once with `body` on its input; resolves with its wall time. */
async function callHook(env: Record<string, string>, body: string, shell = "bash") {
  const t = performance.now();
  const child = new Deno.Command(shell, {
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

/** One raw HTTP/1.1 POST to the door; resolves once the request is written. */
async function post(env: Record<string, string>, body: string): Promise<Deno.TcpConn> {
  const [hostname, port] = env.WEFT_HTTP!.split(":");
  const conn = await Deno.connect({ hostname: hostname!, port: Number(port) });
  const bytes = new TextEncoder().encode(body);
  const head =
    `POST /hooks/claude-code HTTP/1.1\r\nHost: weft\r\nX-Weft-Pane: ${env.WEFT_PANE}\r\n` +
    `X-Weft-Key: ${env.WEFT_SIDEBAND_KEY}\r\n` +
    `Content-Type: application/json\r\nContent-Length: ${bytes.length}\r\n` +
    `Connection: close\r\n\r\n`;
  await conn.write(new Uint8Array([...new TextEncoder().encode(head), ...bytes]));
  return conn;
}

/** The hook figures, against a running server through a client. */
export async function benchHooks(client: WeftClient): Promise<Record<string, number>> {
  const { pane } = await client.call<{ pane: string }>("session.create", {
    argv: ["bash", "--norc", "--noprofile"],
  });
  // The pane's key is only in its environment: the pane shows it.
  await client.call("pane.write", {
    pane,
    text: `printf 'ENV<%s|%s>\\n' "$WEFT_HTTP" "$WEFT_SIDEBAND_KEY"`,
    submit: true,
  });
  const { matched } = await client.call<{ matched: string }>("pane.wait", {
    pane,
    match: "ENV<[0-9.:]+\\|[0-9a-f]+>",
    regex: true,
    timeout: 30_000,
  });
  const [http, key] = matched.slice(4, -1).split("|");
  const env = { WEFT_PANE: pane, WEFT_HTTP: http!, WEFT_SIDEBAND_KEY: key! };
  let wake: ((state: string) => void) | undefined;
  await client.subscribe({ topics: ["pane.state"], panes: [pane] }, (e) => {
    wake?.((e.data as { state: string }).state);
  });
  const stateEvent = (state: string) =>
    new Promise<number>((resolve) => (wake = (s) => s === state && resolve(performance.now())));
  const event = (name: string) => JSON.stringify({ hook_event_name: name, session_id: "bench-1" });
  const calls: number[] = [];
  const curl: number[] = [];
  const outside: number[] = [];
  const toEvent: number[] = [];
  // Each call changes the state, so each is seen: bash starts a turn, sh (curl) ends it.
  for (let i = 0; i < CALLS; i++) {
    let seen = stateEvent("working");
    calls.push(await callHook(env, event("UserPromptSubmit")));
    await seen;
    seen = stateEvent("idle");
    curl.push(await callHook(env, event("Stop"), "sh"));
    await seen;
    outside.push(await callHook({}, event("Stop")));
  }
  for (let i = 0; i < CALLS; i++) {
    const name = EVENTS[i % 2]!;
    const seen = stateEvent(name === "Stop" ? "idle" : "working");
    const t = performance.now();
    const conn = await post(env, event(name));
    toEvent.push((await seen) - t);
    await conn.readable.cancel().catch(() => {});
  }
  const round = (n: number) => Math.round(n * 1000) / 1000;
  return {
    "state.hook_call.p50_ms": round(percentile(calls, 50)),
    "state.hook_call.p99_ms": round(percentile(calls, 99)),
    "state.hook_call_sh_curl.p50_ms": round(percentile(curl, 50)),
    "state.hook_call_sh_curl.p99_ms": round(percentile(curl, 99)),
    "state.hook_call_outside_weft.p50_ms": round(percentile(outside, 50)),
    "state.hook_to_pane_state.p50_ms": round(percentile(toEvent, 50)),
    "state.hook_to_pane_state.p99_ms": round(percentile(toEvent, 99)),
  };
}
