/**
 * weft: a terminal multiplexer server for AI coding agents.
 *
 * The composition root. The core (`core/`) is the server and imports no plugin; the doors
 * (`plugins/cli`, `plugins/tui`, each plugin's own `cli.ts`) and the built-in plugins meet it
 * here. A new CLI door adds one line to {@link SUBCOMMANDS}.
 *
 * @module
 */

import { runCli } from "./plugins/cli/mod.ts";
import { type CliIo, processIo, type Subcommand } from "./plugins/cli/io.ts";
import denoJson from "./deno.json" with { type: "json" };

/**
 * Every `weft` subcommand by name, loaded on first use so `weft ls` does not pay for the
 * server, the TUI or the MCP SDK.
 */
export const SUBCOMMANDS: Record<string, () => Promise<Subcommand>> = {
  serve: async () => (await import("./plugins/cli/serve.ts")).serve,
  ls: async () => (await import("./plugins/cli/info.ts")).ls,
  new: async () => (await import("./plugins/cli/panes.ts")).newPane,
  split: async () => (await import("./plugins/cli/panes.ts")).split,
  send: async () => (await import("./plugins/cli/panes.ts")).send,
  read: async () => (await import("./plugins/cli/panes.ts")).read,
  wait: async () => (await import("./plugins/cli/panes.ts")).wait,
  run: async () => (await import("./plugins/cli/panes.ts")).run,
  kill: async () => (await import("./plugins/cli/panes.ts")).kill,
  status: async () => (await import("./plugins/cli/info.ts")).status,
  saved: async () => (await import("./plugins/cli/saved.ts")).saved,
  allow: async () => (await import("./plugins/cli/allow.ts")).allow,
  needs: async () => (await import("./plugins/cli/needs.ts")).needs,
  approve: async () => (await import("./plugins/cli/needs.ts")).approve,
  deny: async () => (await import("./plugins/cli/needs.ts")).deny,
  answer: async () => (await import("./plugins/cli/needs.ts")).answer,
  doctor: async () => (await import("./plugins/cli/doctor.ts")).doctor,
  init: async () => (await import("./plugins/cli/init.ts")).init,
  logs: async () => (await import("./plugins/cli/logs.ts")).logs,
  stop: async () => (await import("./plugins/cli/info.ts")).stop,
  call: async () => (await import("./plugins/cli/info.ts")).call,
  // attach and weft mcp start a server in the background when none runs, as tmux does.
  attach: async () => ({ ...(await import("./plugins/tui/mod.ts")).attachCommand, starts: true }),
  mcp: async () => ({
    ...(await import("./plugins/mcp/cli.ts")).mcp,
    starts: (args: readonly string[]) => args[0] !== "config" && args[0] !== "token",
  }),
  sideband: async () => (await import("./plugins/sideband/cli.ts")).sideband,
  hooks: async () => (await import("./plugins/hooks/cli.ts")).hooks,
  layout: async () => (await import("./plugins/layout/cli.ts")).layout,
  web: async () => (await import("./plugins/web/cli.ts")).web,
  tmux: async () => (await import("./plugins/tmux/cli.ts")).tmux,
  bridge: async () => (await import("./plugins/bridge/cli.ts")).bridge,
  msg: async () => (await import("./plugins/messaging/cli.ts")).msg,
  canvas: async () => (await import("./plugins/canvas/cli.ts")).canvas,
  fabric: async () => (await import("./plugins/fabric/cli.ts")).fabric,
  completions: async () =>
    (await import("./plugins/cli/completions.ts")).completionsCommand(loadAll),
  help: async () => (await import("./plugins/cli/help.ts")).helpCommand(loadAll),
};

async function loadAll(): Promise<Record<string, Subcommand>> {
  const names = Object.keys(SUBCOMMANDS).filter((n) => n !== "help");
  const subs = await Promise.all(names.map((n) => SUBCOMMANDS[n]!()));
  return Object.fromEntries(names.map((n, i) => [n, subs[i]!]));
}

/**
 * Runs the `weft` command line with these arguments; returns the exit code.
 *
 * @example
 * ```ts ignore
 * import { weft } from "./main.ts";
 * Deno.exit(await weft(["ls"]));
 * ```
 */
export function weft(args: string[], io: CliIo = processIo): Promise<number> {
  return runCli(args, { subcommands: SUBCOMMANDS, io, version: denoJson.version });
}

if (import.meta.main) Deno.exit(await weft(Deno.args));
