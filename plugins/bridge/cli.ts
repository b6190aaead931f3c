/**
 * `weft bridge add|ls|rm|send|inject|tail|dead|retry|replies`: the bridge from the command
 * line (each verb one `bridge.*` command on the running server).
 *
 * @module
 */

import { parseArgs } from "../cli/args.ts";
import type { CliIo, Subcommand } from "../cli/io.ts";
import { intOption, print, UsageError, withClient } from "../cli/io.ts";
import type { WeftClient } from "../client/mod.ts";

const USAGE = "weft bridge add NAME [--cwd DIR] [--program P] [--model M] [--headless] " +
  "[--system-prompt T] [--append-system-prompt T] [--permission-mode M] [--max-turns N] " +
  "[--timeout MS] [--allowed-tools LIST] [--disallowed-tools LIST] [--description T] " +
  "[--env NAME=VALUE]… " +
  "| weft bridge ls | weft bridge rm NAME | weft bridge send TO TEXT [--from NAME] " +
  "[--max-hops N] [--priority N] | weft bridge inject --as A TO TEXT [--max-hops N] " +
  "| weft bridge tail AGENT [--limit N] [-f|--follow [--count N]] | weft bridge dead [AGENT] | weft bridge retry ID " +
  "| weft bridge replies   (each: [--json])";

type Call = <T>(method: string, params: unknown) => Promise<T>;
type Values = Record<string, string | boolean | string[] | undefined>;
type Verb = (
  call: Call,
  values: Values,
  positionals: string[],
) => Promise<[unknown, string]>;

/** The `bridge` subcommand. */
export const bridge: Subcommand = {
  usage: USAGE,
  summary: "Headless Claude Code agents: add them, send or inject messages (a reply goes " +
    "back to the sender), list sessions and queues, tail turns, see and retry dead letters",
  run: (args, io) => {
    const [verb, ...rest] = args;
    const entry = VERBS[verb ?? ""];
    if (!entry) {
      throw new UsageError(
        verb ? `unknown bridge command "${verb}"` : `give one of ${Object.keys(VERBS).join(", ")}`,
      );
    }
    return run(rest, io, entry[0], entry[1]);
  },
};

const ADD_FLAGS = {
  cwd: { type: "string" },
  program: { type: "string" },
  model: { type: "string" },
  headless: { type: "boolean" },
  "system-prompt": { type: "string" },
  "append-system-prompt": { type: "string" },
  "permission-mode": { type: "string" },
  "max-turns": { type: "string" },
  timeout: { type: "string" },
  "allowed-tools": { type: "string" },
  "disallowed-tools": { type: "string" },
  description: { type: "string" },
  env: { type: "string", multiple: true },
} as const;

const SEND_FLAGS = {
  "max-hops": { type: "string" },
  priority: { type: "string" },
} as const;

type Flags = Record<string, { type: "string" | "boolean"; short?: string; multiple?: boolean }>;

const VERBS: Record<string, [Flags, Verb]> = {
  add: [ADD_FLAGS, async (call, v, [name, ...extra]) => {
    if (!name || extra.length) throw new UsageError("give the agent's name (one word)");
    const list = (s: unknown) => (typeof s === "string" ? s.split(",").filter(Boolean) : undefined);
    const r = await call<{ name: string; sessionId: string }>(
      "bridge.add",
      clean({
        name,
        cwd: v.cwd,
        program: v.program,
        model: v.model,
        headless: v.headless,
        systemPrompt: v["system-prompt"],
        appendSystemPrompt: v["append-system-prompt"],
        permissionMode: v["permission-mode"],
        maxTurns: intOption(v["max-turns"] as string | undefined, "max-turns"),
        timeoutMs: intOption(v.timeout as string | undefined, "timeout"),
        allowedTools: list(v["allowed-tools"]),
        disallowedTools: list(v["disallowed-tools"]),
        description: v.description,
        env: envOption(v.env),
      }),
    );
    return [r, `added ${r.name} (session ${r.sessionId})\n`];
  }],
  ls: [{}, async (call) => {
    const r = await call<{ agents: Record<string, unknown>[] }>("bridge.list", {});
    const rows = r.agents.map((a) => ({
      ...a,
      last: lastResult(a.lastResult),
      mode: (a.settings as { headless?: boolean }).headless ? "headless" : "pane",
    }));
    return [
      r,
      table(rows, ["name", "state", "turns", "queued", "dead", "mode", "sessionId", "last"]),
    ];
  }],
  rm: [{}, async (call, _v, [name]) => {
    if (!name) throw new UsageError("give the agent's name");
    const r = await call<{ deadLettered: number }>("bridge.remove", { name });
    return [r, `removed ${name} (${r.deadLettered} queued message(s) moved to the dead letters)\n`];
  }],
  send: [{ ...SEND_FLAGS, from: { type: "string" } }, async (call, v, [to, ...words]) => {
    if (!to || !words.length) throw new UsageError("give the agent and the text");
    const r = await call<{ id: string }>("bridge.send", {
      to,
      text: words.join(" "),
      ...sendOptions(v),
      ...(v.from ? { from: v.from } : {}),
    });
    return [r, `queued ${r.id} for ${to}\n`];
  }],
  inject: [{ ...SEND_FLAGS, as: { type: "string" } }, async (call, v, [to, ...words]) => {
    if (!v.as) throw new UsageError("give --as AGENT: who the message is written as");
    if (!to || !words.length) throw new UsageError("give the agent and the text");
    const r = await call<{ id: string }>("bridge.inject", {
      as: v.as,
      to,
      text: words.join(" "),
      ...sendOptions(v),
    });
    return [r, `queued ${r.id} for ${to} as ${v.as}\n`];
  }],
  tail: [{
    limit: { type: "string" },
    follow: { type: "boolean", short: "f" },
    count: { type: "string" },
  }, async (call, v, [agent]) => {
    if (!agent) throw new UsageError("give the agent's name");
    const limit = intOption(v.limit as string | undefined, "limit");
    const r = await call<{ turns: Record<string, unknown>[]; transcript: string }>(
      "bridge.tail",
      { agent, ...(limit ? { limit } : {}) },
    );
    const rows = r.turns.reverse().map((t) => ({
      ...t,
      text: short(t.text),
      outcome: t.state === "ok" ? short(t.reply) : short(t.error),
    }));
    const turns = table(rows, ["turn_number", "try", "state", "duration_ms", "text", "outcome"]);
    return [r, `${turns}\n${r.transcript}`];
  }],
  dead: [{}, async (call, _v, [agent]) => {
    const r = await call<{ dead: Record<string, unknown>[] }>(
      "bridge.dead",
      agent ? { agent } : {},
    );
    const rows = r.dead.map((d) => ({ ...d, text: short(d.text), error: short(d.error) }));
    return [
      r,
      r.dead.length ? table(rows, ["id", "agent", "tries", "text", "error"]) : "no dead letters\n",
    ];
  }],
  retry: [{}, async (call, _v, [id]) => {
    if (!id) throw new UsageError("give the dead letter's id (or a unique prefix)");
    const r = await call<{ id: string; agent: string }>("bridge.retry", { id });
    return [r, `queued ${r.id} for ${r.agent} again\n`];
  }],
  replies: [{ limit: { type: "string" } }, async (call, v) => {
    const limit = intOption(v.limit as string | undefined, "limit");
    const r = await call<{ replies: Record<string, unknown>[] }>(
      "bridge.replies",
      limit ? { limit } : {},
    );
    const rows = r.replies.map((o) => ({ ...o, text: short(o.text) }));
    return [r, table(rows, ["id", "sender", "recipient", "state", "text", "note"])];
  }],
};

async function run(args: string[], io: CliIo, options: Flags, fn: Verb): Promise<number> {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: { ...options, json: { type: "boolean" } },
  });
  const v = values as Values;
  return await withClient(io, async (client) => {
    const call: Call = (m, p) => client.call(m, p);
    // Subscribed before the first look, so no event falls between the two.
    const watch = v.follow && positionals[0]
      ? await follow(client, io, positionals[0], v)
      : undefined;
    const [value, text] = await fn(call, v, positionals);
    print(io, !!v.json, value, () => text);
    if (watch) await watch();
    return 0;
  });
}

/**
 * `tail --follow`: one line per `bridge.turn` event of the agent as it comes (`--json`: the
 * event), until interrupted or, with `--count N`, after N events.
 */
async function follow(
  client: WeftClient,
  io: CliIo,
  agent: string,
  v: Values,
): Promise<() => Promise<void>> {
  const count = intOption(v.count as string | undefined, "count") ?? Infinity;
  let seen = 0;
  let held: string[] | undefined = [];
  let done!: () => void;
  const finished = new Promise<void>((resolve) => (done = resolve));
  const off = await client.subscribe({ topics: ["bridge.turn"] }, (event) => {
    const e = event.data as Record<string, unknown>;
    if (e.agent !== agent || seen >= count) return;
    const what = e.state === "finished"
      ? `→ ${short(e.reply, 200)}`
      : e.state === "failed"
      ? `${e.dead ? "dead" : `retry in ${e.retry} ms`}: ${short(e.error, 200)}`
      : `try ${e.try}${e.pane ? ` in ${e.pane}` : ""}`;
    const line = v.json
      ? JSON.stringify(e) + "\n"
      : `${e.state} ${String(e.item).slice(0, 8)} ${what}\n`;
    if (held) held.push(line);
    else io.out(line);
    if (++seen >= count) done();
  });
  return async () => {
    for (const line of held ?? []) io.out(line);
    held = undefined;
    await finished;
    await off();
  };
}

function sendOptions(v: Values): Record<string, number> {
  const hops = intOption(v["max-hops"] as string | undefined, "max-hops");
  const priority = v.priority === undefined ? undefined : Number(v.priority);
  if (priority !== undefined && !Number.isInteger(priority)) {
    throw new UsageError(`--priority must be a whole number, got "${v.priority}"`);
  }
  return {
    ...(hops !== undefined ? { max_hops: hops } : {}),
    ...(priority !== undefined ? { priority } : {}),
  };
}

/** `--env K=V` (repeated) as an object. */
function envOption(value: unknown): Record<string, string> | undefined {
  if (!Array.isArray(value)) return undefined;
  return Object.fromEntries(value.map((pair: string) => {
    const eq = pair.indexOf("=");
    if (eq <= 0) throw new UsageError(`--env takes NAME=VALUE, got "${pair}"`);
    return [pair.slice(0, eq), pair.slice(eq + 1)];
  }));
}

function clean(o: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined));
}

function lastResult(value: unknown): string {
  const r = value as { ok?: boolean; error?: string } | null;
  if (!r) return "-";
  return r.ok ? "ok" : `failed: ${short(r.error)}`;
}

function short(value: unknown, max = 60): string {
  const text = String(value ?? "").replace(/\s+/g, " ").trim();
  return text.length > max ? text.slice(0, max - 1) + "…" : text;
}

function table(rows: Record<string, unknown>[], columns: string[]): string {
  if (!rows.length) return "(none)\n";
  const cells = [
    columns,
    ...rows.map((r) => columns.map((c) => (r[c] === "" || r[c] == null ? "-" : String(r[c])))),
  ];
  const widths = columns.map((_, i) => Math.max(...cells.map((row) => row[i]!.length)));
  return cells.map((row) => row.map((c, i) => c.padEnd(widths[i]!)).join("  ").trimEnd() + "\n")
    .join("");
}
