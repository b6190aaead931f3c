/**
 * `weft sideband`: a pane's sideband log, how panes are read, and a pane's mode.
 *
 * @module
 */

import { parseArgs } from "../cli/args.ts";
import type { CliIo, Subcommand } from "../cli/io.ts";
import { intOption, print, UsageError, withClient } from "../cli/io.ts";
import type { LogEntry } from "./_log.ts";

const USAGE = "weft sideband log [PANE] [--limit N] [--json] | weft sideband status [--json] | " +
  "weft sideband set PANE auto|off|osc|stream|screen";

/** The `sideband` subcommand. */
export const sideband: Subcommand = {
  usage: USAGE,
  summary: "Commands agents write in their output: a pane's log (what ran, what was refused and " +
    "why), how panes are read, a pane's mode",
  run: (args, io) => {
    const [verb, ...rest] = args;
    if (verb === "log") return logOf(rest, io);
    if (verb === "status") return status(rest, io);
    if (verb === "set") return set(rest, io);
    throw new UsageError(verb ? `unknown sideband command "${verb}"` : "give log, status or set");
  },
};

async function logOf(args: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: { limit: { type: "string" }, json: { type: "boolean" } },
  });
  if (positionals.length > 1) throw new UsageError("give at most one pane");
  const limit = intOption(values.limit, "limit");
  const pane = positionals[0];
  return await withClient(io, async (client) => {
    const result = await client.call<{ pane: string; mode: string; entries: LogEntry[] }>(
      "sideband.log",
      {
        ...(pane === undefined ? {} : { pane }),
        ...(limit === undefined ? {} : { limit }),
      },
    );
    print(io, !!values.json, result, () => {
      const head = `pane ${result.pane} (read: ${result.mode}), ${result.entries.length} entries\n`;
      return head + result.entries.map(describe).join("");
    });
    return 0;
  });
}

/** One log entry as a line (and an indented answer for queries). */
export function describe(entry: LogEntry): string {
  const where = `${entry.source}${entry.form ? `/${entry.form}` : ""}`;
  const what = entry.tag ?? "?";
  const call = entry.command
    ? ` → ${entry.command}${entry.input ? ` ${JSON.stringify(entry.input)}` : ""}`
    : "";
  const why = entry.reason ? `: ${entry.reason}${entry.code ? ` [${entry.code}]` : ""}` : "";
  const value = entry.outcome === "ran" && entry.value !== undefined
    ? `\n    = ${JSON.stringify(entry.value).slice(0, 2000)}`
    : "";
  const raw = entry.outcome === "invalid" ? `\n    ${JSON.stringify(entry.raw.slice(0, 200))}` : "";
  return `#${entry.seq} ${entry.time} ${
    entry.outcome.padEnd(8)
  } ${what} (${where})${call}${why}${value}${raw}\n`;
}

async function status(args: string[], io: CliIo): Promise<number> {
  const { values } = parseArgs({ args, options: { json: { type: "boolean" } } });
  return await withClient(io, async (client) => {
    const s = await client.call<
      {
        enabled: boolean;
        namespace: string;
        panes: { pane: string; mode: string; agent: string }[];
      }
    >(
      "sideband.status",
      {},
    );
    print(
      io,
      !!values.json,
      s,
      () =>
        `sideband ${s.enabled ? "on" : "off"}, namespace ${s.namespace}\n` +
        s.panes.map((p) => `  ${p.pane.padEnd(6)} ${p.agent.padEnd(8)} ${p.mode}\n`).join(""),
    );
    return 0;
  });
}

async function set(args: string[], io: CliIo): Promise<number> {
  const [pane, mode, ...rest] = args;
  if (!pane || !mode || rest.length) throw new UsageError("give a pane and a mode");
  return await withClient(io, async (client) => {
    const result = await client.call<{ pane: string; mode: string }>("sideband.set", {
      pane,
      mode,
    });
    io.out(`${result.pane}: ${result.mode}\n`);
    return 0;
  });
}
