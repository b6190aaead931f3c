/**
 * Runs one tmux command line against a weft server: parse (protocols/tmux), resolve, call the
 * bus, print what tmux would print, return tmux's exit code.
 *
 * @module
 */

import { WeftClient } from "../client/mod.ts";
import { parseTmuxArgs, type TmuxInvocation, TmuxUsageError } from "../../protocols/tmux/mod.ts";
import type { Ctx, Handler } from "./_context.ts";
import { PANE_COMMANDS } from "./_panes.ts";
import { WINDOW_COMMANDS } from "./_windows.ts";
import { loadWorld } from "./world.ts";

/** The tmux version the shim reports (`tmux -V`); Claude Code only checks that tmux answers. */
export const TMUX_VERSION = "tmux 3.4";

const HANDLERS: Record<string, Handler> = { ...PANE_COMMANDS, ...WINDOW_COMMANDS };

/** Where a tmux call writes and how it finds the server. */
export interface TmuxIo {
  out: (text: string) => void;
  err: (text: string) => void;
  cwd: string;
  env: (name: string) => string | undefined;
}

/** Connects as the calling pane: `WEFT_SOCKET` in a pane, else the project around `cwd`. */
function connect(io: TmuxIo): Promise<WeftClient> {
  const pane = io.env("WEFT_PANE");
  const hello = { client: "cli" as const, ...(pane ? { pane } : {}) };
  const socket = io.env("WEFT_SOCKET");
  return socket ? WeftClient.connect(socket, hello) : WeftClient.find(io.cwd, hello);
}

/**
 * Runs `tmux ARGS…` as weft; returns the exit code (0, or 1 with tmux's text on stderr).
 *
 * @example
 * ```ts ignore
 * import { runTmux } from "./run.ts";
 * await runTmux(["display-message", "-p", "#{pane_id}"], { out: console.log, err: console.error, cwd: ".", env: Deno.env.get });
 * ```
 */
export async function runTmux(args: readonly string[], io: TmuxIo): Promise<number> {
  let inv: TmuxInvocation;
  try {
    inv = parseTmuxArgs(args);
  } catch (err) {
    if (!(err instanceof TmuxUsageError)) throw err;
    io.err(`${err.message}\n`);
    return 1;
  }
  if (inv.version) {
    io.out(`${TMUX_VERSION}\n`);
    return 0;
  }
  const cmd = inv.command;
  if (!cmd) {
    io.err("weft's tmux cannot attach a terminal: use `weft attach`\n");
    return 1;
  }
  const handler = HANDLERS[cmd.name];
  if (!handler) {
    io.err(`unknown command: ${cmd.name}\n`);
    return 1;
  }
  let client: WeftClient;
  try {
    client = await connect(io);
  } catch {
    io.err(`no server running on ${io.env("WEFT_SOCKET") ?? io.cwd}\n`);
    return 1;
  }
  try {
    const caller = io.env("TMUX_PANE") ?? io.env("WEFT_PANE");
    const ctx: Ctx = { cmd, client, caller, world: await loadWorld(client, caller), out: io.out };
    return await handler(ctx);
  } catch (err) {
    io.err(`${(err as Error).message}\n`);
    return 1;
  } finally {
    client.close();
  }
}
