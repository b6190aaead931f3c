/**
 * The server-wide subcommands: ls, status, stop, call, help.
 *
 * @module
 */

import { parseArgs } from "node:util";
import type { CommandSpec, JsonSchema } from "../../core/bus/mod.ts";
import type { CoreDeps } from "../../core/commands/mod.ts";
import type { PaneInfo, SessionInfo, WindowInfo } from "../../core/model/mod.ts";
import { describeFlags } from "./flags.ts";
import { connect, print, type Subcommand, UsageError, withClient } from "./io.ts";

/** `weft ls` */
export const ls: Subcommand = {
  usage: "weft ls [--json]",
  summary: "List sessions, windows and panes",
  run: async (args, io) => {
    const { values } = parseArgs({ args, options: { json: { type: "boolean" } } });
    return await withClient(io, async (client) => {
      const { sessions } = await client.call<{ sessions: SessionInfo[] }>("session.list");
      const { windows } = await client.call<{ windows: WindowInfo[] }>("window.list");
      const { panes } = await client.call<{ panes: PaneInfo[] }>("pane.list");
      print(
        io,
        !!values.json,
        { sessions, windows, panes },
        () => formatTree(sessions, windows, panes),
      );
      return 0;
    });
  },
};

function formatTree(sessions: SessionInfo[], windows: WindowInfo[], panes: PaneInfo[]): string {
  const lines: string[] = [];
  for (const s of sessions) {
    lines.push(`${s.id}${s.name ? ` ${s.name}` : ""}${s.current ? " (current)" : ""}`);
    for (const w of windows.filter((w) => w.session === s.id)) {
      lines.push(
        `  ${w.id}${w.name ? ` ${w.name}` : ""}  ${w.cols}x${w.rows}${
          w.current ? " (current)" : ""
        }`,
      );
      for (const id of w.panes) {
        const p = panes.find((p) => p.id === id);
        if (!p) continue;
        const status = p.exit ? `exited ${p.exit.signal ?? p.exit.code}` : p.state;
        // What runs in front now, as tmux's pane_current_command; the launch command after it.
        const now = p.current ? `${p.current.program}  ` : "";
        lines.push(
          `    ${p.focused ? "*" : " "}${p.id}${
            p.name ? ` ${p.name}` : ""
          }  ${p.cols}x${p.rows}  ${p.agent}  ${status}  ${now}(${p.command})`,
        );
      }
    }
  }
  return lines.length ? lines.join("\n") + "\n" : "no sessions\n";
}

/** `weft status` */
export const status: Subcommand = {
  usage: "weft status [--json]",
  summary: "Show the server's pid, socket, uptime, counts and plugins",
  run: async (args, io) => {
    const { values } = parseArgs({ args, options: { json: { type: "boolean" } } });
    return await withClient(io, async (client) => {
      const s = await client.call<Record<string, unknown>>("server.status");
      print(
        io,
        !!values.json,
        s,
        () =>
          Object.entries(s).map(([k, v]) =>
            `${k}: ${typeof v === "object" ? JSON.stringify(v) : v}`
          ).join("\n") + "\n",
      );
      return 0;
    });
  },
};

/** `weft stop` */
export const stop: Subcommand = {
  usage: "weft stop",
  summary: "Stop the server; returns once every pane's processes have ended",
  run: async (_args, io) => {
    return await withClient(io, async (client) => {
      // The server hangs up once every pane's processes are gone.
      const closed = new Promise<void>((resolve) => client.onClose(resolve));
      const { graceMs } = await client.call<{ graceMs?: number }>("server.stop");
      const limitMs = (graceMs ?? 2000) + STOP_SLACK_MS;
      let timer: ReturnType<typeof setTimeout> | undefined;
      const timedOut = new Promise<boolean>((resolve) => {
        timer = setTimeout(() => resolve(true), limitMs);
      });
      const late = await Promise.race([closed.then(() => false), timedOut]);
      clearTimeout(timer);
      if (late) {
        io.err(`weft stop: the server is still stopping after ${limitMs} ms\n`);
        return 1;
      }
      io.err("weft: server stopped\n");
      return 0;
    });
  },
};

/** How much longer than the kill grace period `weft stop` waits (plugins stopping, slow I/O). */
const STOP_SLACK_MS = 10_000;

/** `weft call` */
export const call: Subcommand = {
  usage: "weft call COMMAND ['JSON']",
  summary: "Call any bus command (plugin ones too) with JSON input; prints the JSON result",
  run: async (args, io) => {
    const [name, json, ...rest] = args;
    if (!name || rest.length) {
      throw new UsageError("give a command name and at most one JSON argument");
    }
    let input: unknown = {};
    if (json !== undefined) {
      try {
        input = JSON.parse(json);
      } catch (err) {
        throw new UsageError(`the input is not JSON: ${(err as Error).message}`);
      }
    }
    return await withClient(io, async (client) => {
      io.out(JSON.stringify(await client.call(name, input), null, 2) + "\n");
      return 0;
    });
  },
};

/** `weft help [COMMAND]`: CLI subcommands, and every bus command of the running server. */
export function helpCommand(load: () => Promise<Record<string, Subcommand>>): Subcommand {
  return {
    usage: "weft help [COMMAND]",
    summary: "Show the CLI's subcommands and every bus command with its arguments",
    run: async (args, io) => {
      const subcommands = { ...(await load()) };
      subcommands.help = helpCommand(load);
      const specs = await commandSpecs(io);
      const name = args[0];
      if (name) {
        const sub = subcommands[name];
        const spec = specs.find((s) => s.name === name);
        if (!sub && !spec) throw new UsageError(`unknown command "${name}"`);
        if (sub) io.out(`usage: ${sub.usage}\n  ${sub.summary}\n`);
        if (sub?.flags) io.out(flagHelp(sub.flags, specs));
        if (spec) io.out(describeSpec(spec));
        return 0;
      }
      io.out("weft: a terminal multiplexer for AI coding agents\n\nCLI:\n");
      for (const sub of Object.values(subcommands)) {
        io.out(`  ${sub.usage}\n      ${sub.summary}\n`);
      }
      io.out("\nBus commands (weft call NAME 'JSON'; weft help NAME for arguments):\n");
      for (const s of specs) {
        io.out(
          `  ${s.name.padEnd(22)} ${s.title}${
            s.owner && s.owner !== "core" ? ` [${s.owner}]` : ""
          }\n`,
        );
      }
      return 0;
    },
  };
}

async function commandSpecs(io: Parameters<Subcommand["run"]>[1]): Promise<CommandSpec[]> {
  try {
    const client = await connect(io);
    try {
      return (await client.call<{ commands: CommandSpec[] }>("server.commands")).commands;
    } finally {
      client.close();
    }
  } catch {
    // No server: the built-in commands still have their specs (the factories do not touch deps).
    const { coreCommands } = await import("../../core/commands/mod.ts");
    return coreCommands({} as CoreDeps).map((c) => ({ ...c, owner: "core" }));
  }
}

/** A subcommand's flags, from its bus command's spec. */
function flagHelp(flags: NonNullable<Subcommand["flags"]>, specs: CommandSpec[]): string {
  const spec = specs.find((s) => s.name === flags.command);
  return spec ? describeFlags(spec, flags.plan) : "";
}

function describeSpec(spec: CommandSpec): string {
  const lines = [`${spec.name} — ${spec.title}`, `  ${spec.description}`];
  lines.push(`  needs: ${spec.capabilities.length ? spec.capabilities.join(", ") : "nothing"}`);
  const props = (spec.inputSchema.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((spec.inputSchema.required ?? []) as string[]);
  if (Object.keys(props).length) lines.push("  arguments:");
  for (const [key, schema] of Object.entries(props)) {
    const type = schema.enum ? (schema.enum as unknown[]).join("|") : String(schema.type ?? "any");
    const desc = schema.description ? `  ${schema.description}` : "";
    lines.push(`    ${key}${required.has(key) ? "" : "?"}: ${type}${desc}`);
  }
  return lines.join("\n") + "\n";
}
