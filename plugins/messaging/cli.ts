/**
 * `weft msg send|inbox|wait|agents|groups|log`: messages from the command line. Inside a pane
 * the CLI speaks as that pane; outside, as `--as NAME` or `human`.
 *
 * @module
 */

import { parseArgs } from "../cli/args.ts";
import type { CliIo, Subcommand } from "../cli/io.ts";
import { intOption, print, UsageError, withClient } from "../cli/io.ts";
import type { MessageInfo } from "./_info.ts";

const USAGE = "weft msg send TO TEXT [--priority P] [--reply-to ID] | weft msg inbox [--limit N] " +
  "| weft msg wait [--timeout S] [--priority-filter F] | weft msg agents [--all] | weft msg groups " +
  "[list|create NAME|delete NAME|add GROUP agent|role ID|remove GROUP agent|role ID|get NAME] " +
  "| weft msg log [--limit N] [--all]   (each: [--as NAME] [--json])";

type Call = <T>(method: string, params: unknown) => Promise<T>;
type Values = Record<string, string | boolean | undefined>;

const COMMON = { as: { type: "string" }, json: { type: "boolean" } } as const;

/** The `msg` subcommand. */
export const msg: Subcommand = {
  usage: USAGE,
  summary: "Messages between agents, scripts and humans: send, read your inbox, wait for the " +
    "next one, list agents and groups, show the log",
  run: (args, io) => {
    const [verb, ...rest] = args;
    const run = VERBS[verb ?? ""];
    if (!run) {
      throw new UsageError(
        verb ? `unknown msg command "${verb}"` : "give send, inbox, wait, agents, groups or log",
      );
    }
    return run(rest, io);
  },
};

const VERBS: Record<string, (args: string[], io: CliIo) => Promise<number>> = {
  send: (args, io) =>
    verb(args, io, {
      priority: { type: "string" },
      "reply-to": { type: "string" },
    }, async (call, values, positionals) => {
      const [to, ...words] = positionals;
      if (!to || !words.length) throw new UsageError("give a recipient and the text");
      const r = await call<{ message_id: string; recipients: string[] }>("message.send", {
        to,
        content: words.join(" "),
        ...pick(values, { priority: "priority", "reply-to": "reply_to", as: "as" }),
      });
      return [r, `sent ${r.message_id} to ${r.recipients.join(", ")}\n`];
    }),
  inbox: (args, io) =>
    verb(args, io, { limit: { type: "string" } }, async (call, values) => {
      const limit = intOption(values.limit as string | undefined, "limit");
      const r = await call<{ messages: MessageInfo[]; remaining: number }>("message.check", {
        ...(limit === undefined ? {} : { limit }),
        ...pick(values, { as: "as" }),
      });
      const more = r.remaining ? `(${r.remaining} more unread)\n` : "";
      return [r, (r.messages.map(line).join("") || "no unread messages\n") + more];
    }),
  wait: (args, io) =>
    verb(args, io, {
      timeout: { type: "string" },
      "priority-filter": { type: "string" },
    }, async (call, values) => {
      const timeout = intOption(values.timeout as string | undefined, "timeout");
      const r = await call<{ status: string; message: MessageInfo | null }>("message.wait", {
        ...(timeout === undefined ? {} : { timeout }),
        ...pick(values, { "priority-filter": "priority_filter", as: "as" }),
      });
      return [r, r.message ? line(r.message) : "timeout: no message\n", r.message ? 0 : 1];
    }),
  agents: (args, io) =>
    verb(args, io, { all: { type: "boolean" } }, async (call, v) => {
      const r = await call<{ agents: Record<string, unknown>[] }>("message.agents", {
        ...(v.all ? { all_hosts: true } : {}),
      });
      return [r, table(r.agents, ["name", "role", "pane", "agent", "state", "status", "unread"])];
    }),
  groups: (args, io) => groups(args, io),
  log: (args, io) =>
    verb(args, io, { limit: { type: "string" }, all: { type: "boolean" } }, async (call, v) => {
      const limit = intOption(v.limit as string | undefined, "limit");
      const r = await call<{ messages: (MessageInfo & { recipients: string[] })[] }>(
        "message.log",
        {
          ...(limit === undefined ? {} : { limit }),
          ...(v.all ? { all: true } : {}),
          ...pick(v, { as: "as" }),
        },
      );
      return [r, r.messages.map((m) => line({ ...m, to: m.recipients.join(",") })).join("")];
    }),
};

function groups(args: string[], io: CliIo): Promise<number> {
  return verb(args, io, {
    description: { type: "string" },
    expand: { type: "boolean" },
  }, async (call, values, [what = "list", ...rest]) => {
    const [a, b, c] = rest;
    const need = (n: number) => {
      if (rest.length !== n) throw new UsageError(`groups ${what} takes ${n} arguments`);
    };
    switch (what) {
      case "list": {
        const r = await call<{ groups: Record<string, unknown>[] }>("message.group_list", {});
        return [r, table(r.groups, ["name", "member_count", "created_by", "description"])];
      }
      case "create":
        need(1);
        return said(
          await call("message.group_create", {
            name: a,
            ...pick(values, { description: "description", as: "as" }),
          }),
        );
      case "delete":
        need(1);
        return said(await call("message.group_delete", { name: a }));
      case "add":
      case "remove":
        need(3);
        return said(
          await call(`message.group_${what}`, { group: a, member_type: b, member_id: c }),
        );
      case "get": {
        need(1);
        const r = await call<Record<string, unknown>>("message.group_get", {
          name: a,
          ...(values.expand ? { expand: true } : {}),
        });
        return [r, JSON.stringify(r, null, 2) + "\n"];
      }
    }
    throw new UsageError(`unknown groups command "${what}"`);
  });
}

function said(r: unknown): [unknown, string] {
  const { status, ...rest } = r as Record<string, unknown>;
  return [r, `${status}: ${Object.values(rest).join(" ")}\n`];
}

/** Parses flags (plus --as, --json), calls, prints; the result's exit code (default 0). */
async function verb(
  args: string[],
  io: CliIo,
  options: Record<string, { type: "string" | "boolean" }>,
  fn: (call: Call, values: Values, positionals: string[]) => Promise<[unknown, string, number?]>,
): Promise<number> {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: { ...options, ...COMMON },
  });
  return await withClient(io, async (client) => {
    const call: Call = (m, p) => client.call(m, p);
    const [value, text, code] = await fn(call, values as Values, positionals);
    print(io, !!values.json, value, () => text);
    return code ?? 0;
  });
}

function pick(values: Values, map: Record<string, string>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(map).flatMap(([flag, field]) =>
      values[flag] === undefined ? [] : [[field, values[flag]]]
    ),
  );
}

function line(m: MessageInfo): string {
  const prio = m.priority === "normal" ? "" : ` [${m.priority}]`;
  return `${m.timestamp} ${m.from} → ${m.to}${prio} (${m.message_id}): ${m.content}\n`;
}

function table(rows: Record<string, unknown>[], columns: string[]): string {
  const cells = [
    columns,
    ...rows.map((r) => columns.map((c) => r[c] === "" || r[c] == null ? "-" : String(r[c]))),
  ];
  const widths = columns.map((_, i) => Math.max(...cells.map((row) => row[i]!.length)));
  return cells.map((row) => row.map((c, i) => c.padEnd(widths[i]!)).join("  ").trimEnd() + "\n")
    .join("");
}
