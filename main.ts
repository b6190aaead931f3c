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
 * Loads a module of this checkout on first use. The specifier is built at run time on purpose:
 * Deno reads (and resolves the npm packages of) every module a literal `import("…")` names
 * before the program starts, so with literals `weft ls` paid for the server, the TUI and the MCP
 * SDK it never runs (issue 23: ~100 ms of its start). `deno task install` caches them instead.
 */
function lazy<T>(path: string): Promise<T> {
  return import(new URL(path, import.meta.url).href);
}

/** The subcommand a module exports as `name`, loaded on first use (see {@link lazy}). */
async function sub(path: string, name: string): Promise<Subcommand> {
  const found = (await lazy<Record<string, Subcommand | undefined>>(path))[name];
  if (!found) throw new TypeError(`Cannot load subcommand: ${path} exports no "${name}"`);
  return found;
}

/**
 * Every `weft` subcommand by name, loaded on first use so `weft ls` does not pay for the
 * server, the TUI or the MCP SDK.
 */
export const SUBCOMMANDS: Record<string, () => Promise<Subcommand>> = {
  serve: () => sub("./plugins/cli/serve.ts", "serve"),
  ls: () => sub("./plugins/cli/info.ts", "ls"),
  new: () => sub("./plugins/cli/panes.ts", "newPane"),
  split: () => sub("./plugins/cli/panes.ts", "split"),
  send: () => sub("./plugins/cli/panes.ts", "send"),
  read: () => sub("./plugins/cli/panes.ts", "read"),
  wait: () => sub("./plugins/cli/panes.ts", "wait"),
  run: () => sub("./plugins/cli/panes.ts", "run"),
  kill: () => sub("./plugins/cli/panes.ts", "kill"),
  status: () => sub("./plugins/cli/info.ts", "status"),
  saved: () => sub("./plugins/cli/saved.ts", "saved"),
  allow: () => sub("./plugins/cli/allow.ts", "allow"),
  needs: () => sub("./plugins/cli/needs.ts", "needs"),
  approve: () => sub("./plugins/cli/needs.ts", "approve"),
  deny: () => sub("./plugins/cli/needs.ts", "deny"),
  answer: () => sub("./plugins/cli/needs.ts", "answer"),
  doctor: () => sub("./plugins/cli/doctor.ts", "doctor"),
  init: () => sub("./plugins/cli/init.ts", "init"),
  logs: () => sub("./plugins/cli/logs.ts", "logs"),
  stop: () => sub("./plugins/cli/info.ts", "stop"),
  call: () => sub("./plugins/cli/info.ts", "call"),
  plugin: () => sub("./plugins/cli/plugin.ts", "plugin"),
  // attach and weft mcp start a server in the background when none runs, as tmux does.
  attach: async () => ({ ...(await sub("./plugins/tui/mod.ts", "attachCommand")), starts: true }),
  mcp: async () => ({
    ...(await sub("./plugins/mcp/cli.ts", "mcp")),
    starts: (args: readonly string[]) => args[0] !== "config" && args[0] !== "token",
  }),
  sideband: () => sub("./plugins/sideband/cli.ts", "sideband"),
  hooks: () => sub("./plugins/hooks/cli.ts", "hooks"),
  layout: () => sub("./plugins/layout/cli.ts", "layout"),
  web: () => sub("./plugins/web/cli.ts", "web"),
  tmux: () => sub("./plugins/tmux/cli.ts", "tmux"),
  bridge: () => sub("./plugins/bridge/cli.ts", "bridge"),
  msg: () => sub("./plugins/messaging/cli.ts", "msg"),
  canvas: () => sub("./plugins/canvas/cli.ts", "canvas"),
  fabric: () => sub("./plugins/fabric/cli.ts", "fabric"),
  completions: async () =>
    (await lazy<typeof import("./plugins/cli/completions.ts")>("./plugins/cli/completions.ts"))
      .completionsCommand(loadAll),
  help: async () =>
    (await lazy<typeof import("./plugins/cli/help.ts")>("./plugins/cli/help.ts"))
      .helpCommand(loadAll),
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
