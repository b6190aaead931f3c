/**
 * Bridge tests: a project whose bridge agents run the real Claude Code CLI against the mock
 * Messages API, and a record of the `bridge.turn` events a client saw.
 *
 * @example
 * ```ts ignore
 * import { bridgeAgents, turnLog } from "./bridge.ts";
 * const agents = await bridgeAgents(api.url, dir, { A: {}, B: {} });
 * ```
 *
 * @module
 */

import type { WeftClient } from "../../plugins/client/mod.ts";
import { claudeBinary, claudeEnv } from "./claude_code.ts";
import { untilEvent, wakeups } from "./poll.ts";

/** A `bridge.turn` event's data. */
export interface TurnEvent {
  agent: string;
  item: string;
  attempt: string;
  try: number;
  state: "started" | "finished" | "failed";
  reply?: string;
  routed?: string;
  error?: string;
  dead?: boolean;
  pane?: string | null;
  /** Started: from the message stored to the program started (ms). */
  waitedMs?: number | null;
  /** Finished: from the message stored to the reply stored, less the program's run (ms). */
  overheadMs?: number;
}

/**
 * Agent settings for `weft.plugins.bridge.options.agents`: each runs the pinned Claude Code
 * binary against the mock at `baseUrl`, with a system prompt naming the agent (so the mock
 * can tell them apart), plus whatever `extra` sets per agent.
 */
export async function bridgeAgents(
  baseUrl: string,
  names: Record<string, Record<string, unknown>>,
): Promise<Record<string, Record<string, unknown>>> {
  const program = await claudeBinary();
  const env = await claudeEnv({ baseUrl });
  return Object.fromEntries(
    Object.entries(names).map(([name, extra]) => [name, {
      program,
      env,
      appendSystemPrompt: `You are bridge agent ${name}.`,
      ...extra,
    }]),
  );
}

/** Which agent a mock request is for (from the system prompt {@link bridgeAgents} sets). */
export function agentOf(system: unknown): string | undefined {
  return /You are bridge agent (\w+)\./.exec(JSON.stringify(system ?? ""))?.[1];
}

/** The texts of a request's messages, in order (system reminders left out). */
export function messageTexts(
  messages: { role: string; content: string | Record<string, unknown>[] }[],
): string[] {
  const out: string[] = [];
  for (const m of messages) {
    const blocks = typeof m.content === "string" ? [{ type: "text", text: m.content }] : m.content;
    for (const b of blocks) {
      if (b.type !== "text") continue;
      const text = String(b.text).trim();
      if (text && !text.startsWith("<system-reminder>")) out.push(text);
    }
  }
  return out;
}

/** Every `bridge.turn` event a client sees, and a way to wait for one. */
export interface TurnLog {
  events: TurnEvent[];
  /** Waits until `check(events)` is truthy. */
  until<T>(
    what: string,
    check: (events: TurnEvent[]) => T | undefined | null | false,
    timeoutMs?: number,
  ): Promise<T>;
  stop(): Promise<void>;
}

/** Subscribes `client` to `bridge.turn`. */
export async function turnLog(client: WeftClient): Promise<TurnLog> {
  const events: TurnEvent[] = [];
  const wake = wakeups();
  const off = await client.subscribe({ topics: ["bridge.turn"] }, (event) => {
    events.push(event.data as TurnEvent);
    wake.wake();
  });
  return {
    events,
    until: (what, check, timeoutMs = 120_000) =>
      untilEvent(what, {
        on: wake.on,
        check: () => check(events),
        timeoutMs,
        detail: () => JSON.stringify(events.map((e) => [e.agent, e.state, e.error ?? e.routed])),
      }),
    stop: async () => void (await off()),
  };
}

/**
 * Puts the stub `claude` (`tests/fixtures/bridge/bin/claude`: answers at once) first on this
 * process's PATH, so servers started here (and their bridge) run it; returns its path.
 */
export function stubPath(): string {
  const bin = new URL("../fixtures/bridge/bin", import.meta.url).pathname;
  const path = Deno.env.get("PATH") ?? "";
  if (!path.startsWith(`${bin}:`)) Deno.env.set("PATH", `${bin}:${path}`);
  return `${bin}/claude`;
}

/** `promise`, or a failure naming `what` after `ms` (so a test fails rather than hangs). */
export async function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    return await Promise.race([
      promise,
      new Promise<never>((_, reject) => {
        timer = setTimeout(
          () => reject(new Error(`Timed out after ${ms} ms waiting for ${what}`)),
          ms,
        );
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}
