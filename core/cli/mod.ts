/**
 * The `weft` CLI: a client of the control socket (and the `serve` entry point).
 * Exit codes: 0 ok, 1 command error (message on stderr), 2 usage.
 *
 * @module
 */

import { WeftError } from "../errors.ts";
import { type CliIo, processIo, type Subcommand, UsageError } from "./_io.ts";

/**
 * Every subcommand by name, loaded on first use so `weft ls` does not pay for the server, the
 * TUI or the MCP SDK. Later doors (attach, mcp, layout, sideband) add theirs here.
 */
export const SUBCOMMANDS: Record<string, () => Promise<Subcommand>> = {
  serve: async () => (await import("./serve.ts")).serve,
  ls: async () => (await import("./info.ts")).ls,
  new: async () => (await import("./panes.ts")).newPane,
  split: async () => (await import("./panes.ts")).split,
  send: async () => (await import("./panes.ts")).send,
  read: async () => (await import("./panes.ts")).read,
  wait: async () => (await import("./panes.ts")).wait,
  run: async () => (await import("./panes.ts")).run,
  kill: async () => (await import("./panes.ts")).kill,
  status: async () => (await import("./info.ts")).status,
  stop: async () => (await import("./info.ts")).stop,
  call: async () => (await import("./info.ts")).call,
  mcp: async () => (await import("../../plugins/mcp/cli.ts")).mcp,
  sideband: async () => (await import("../../plugins/sideband/cli.ts")).sideband,
  layout: async () => (await import("./layout.ts")).layout,
  attach: async () => (await import("../tui/mod.ts")).attachCommand,
  help: async () => (await import("./info.ts")).helpCommand(loadAll),
};

async function loadAll(): Promise<Record<string, Subcommand>> {
  const names = Object.keys(SUBCOMMANDS).filter((n) => n !== "help");
  const subs = await Promise.all(names.map((n) => SUBCOMMANDS[n]!()));
  return Object.fromEntries(names.map((n, i) => [n, subs[i]!]));
}

/**
 * Runs the CLI with these arguments; returns the exit code.
 *
 * @example
 * ```ts ignore
 * import { runCli } from "./mod.ts";
 * Deno.exit(await runCli(["ls"]));
 * ```
 */
export async function runCli(args: string[], io: CliIo = processIo): Promise<number> {
  const [name, ...rest] = args;
  if (!name || name === "--help" || name === "-h") {
    return await (await SUBCOMMANDS.help!()).run([], io);
  }
  const load = Object.hasOwn(SUBCOMMANDS, name) ? SUBCOMMANDS[name] : undefined;
  if (!load) {
    io.err(`weft: unknown command "${name}"; try \`weft help\`\n`);
    return 2;
  }
  const sub = await load();
  try {
    return await sub.run(rest, io);
  } catch (err) {
    if (
      err instanceof UsageError || (err as { code?: string }).code?.startsWith("ERR_PARSE_ARGS")
    ) {
      io.err(`weft ${name}: ${(err as Error).message}\nusage: ${sub.usage}\n`);
      return 2;
    }
    if (err instanceof WeftError) {
      io.err(`weft ${name}: ${err.message} [${err.code}]\n`);
      return 1;
    }
    io.err(`weft ${name}: ${(err as Error).stack ?? err}\n`);
    return 1;
  }
}
