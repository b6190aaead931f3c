/**
 * Runs one tmux command line against a weft server: parse (protocols/tmux), resolve, call the
 * bus, print what tmux would print, return tmux's exit code. It runs in the tmux plugin
 * (`tmux.exec`, what the in-pane shim and `weft tmux` call).
 *
 * @module
 */

import {
  parseTmuxArgs,
  type TmuxInvocation,
  tmuxRights,
  TmuxUsageError,
} from "../../protocols/tmux/mod.ts";
import { type GrantSet, missing } from "../../protocols/bus/capabilities.ts";
import type { Call, Ctx, Handler } from "./_context.ts";
import { MOVE_COMMANDS } from "./_move.ts";
import { OPTION_COMMANDS } from "./_options.ts";
import { PANE_COMMANDS } from "./_panes.ts";
import { WINDOW_COMMANDS } from "./_windows.ts";
import { BUFFER_COMMANDS } from "./_buffers.ts";
import type { TmuxShared } from "./_shared.ts";
import { loadWorld } from "./world.ts";
import type { TeammateRule } from "./_policy.ts";
import { addRemote, remoteCall } from "./_remote.ts";

/** The tmux version the shim reports (`tmux -V`); Claude Code only checks that tmux answers. */
export const TMUX_VERSION = "tmux 3.4";

const HANDLERS: Record<string, Handler> = {
  ...PANE_COMMANDS,
  ...WINDOW_COMMANDS,
  ...OPTION_COMMANDS,
  ...MOVE_COMMANDS,
  ...BUFFER_COMMANDS,
};

/** Where a tmux call writes, who calls, and how it reaches the bus. */
export interface ExecIo {
  out: (text: string) => void;
  err: (text: string) => void;
  /** The calling pane (`%N` or a weft id), if any. */
  caller: string | undefined;
  /** Opens the bus; `close` ends it. Throws when no server answers. */
  connect: () => Promise<{ call: Call; close: () => void }>;
  /** Told the name of a command the shim does not know (so weft learns what people use). */
  unknown?: (name: string) => void;
  /** Paste buffers and global options, kept between calls (the tmux plugin's state). */
  shared: TmuxShared;
  /** The client's stdin, when it sent it (`load-buffer -`). */
  stdin?: string;
  /** The client's `$SHELL`. */
  shell?: string;
  /** Hands text to attached clients' clipboards (`load-buffer -w`). */
  clipboard?: (text: string) => void;
  /** What the caller may do: each command needs its rights ({@link tmuxRights}). */
  grants: GrantSet;
  /** Where teammates run (the plugin's `teammates` option); none: here. */
  teammates?: readonly TeammateRule[];
  /** The plugin's log. */
  log?: (line: string) => void;
}

function parse(args: readonly string[], io: ExecIo): TmuxInvocation | number {
  try {
    return parseTmuxArgs(args);
  } catch (err) {
    if (!(err instanceof TmuxUsageError)) throw err;
    if (err.message.startsWith("unknown command: ")) io.unknown?.(args.join(" "));
    io.err(`${err.message}\n`);
    return 1;
  }
}

/**
 * Runs `tmux ARGS…` as weft; returns the exit code (0, or 1 with tmux's text on stderr).
 *
 * @example
 * ```ts ignore
 * import { execTmux } from "./run.ts";
 * await execTmux(["-V"], { out: console.log, err: console.error, caller: undefined, connect });
 * ```
 */
export async function execTmux(args: readonly string[], io: ExecIo): Promise<number> {
  const inv = parse(args, io);
  if (typeof inv === "number") return inv;
  if (inv.version) {
    io.out(`${TMUX_VERSION}\n`);
    return 0;
  }
  if (inv.socketName !== null) {
    // The shim hands `-L` to a real tmux; here it can only mean another server than weft's.
    io.err(`weft's tmux serves only weft's panes: -L ${inv.socketName} names another server\n`);
    return 1;
  }
  const cmd = inv.command;
  const lacking = cmd ? missing(tmuxRights(cmd), io.grants) : [];
  if (cmd && lacking.length) {
    io.err(`weft: tmux ${cmd.name} needs ${lacking.join(", ")}, which this caller lacks\n`);
    return 1;
  }
  const handler = cmd && HANDLERS[cmd.name];
  if (!cmd || !handler) {
    io.err(
      cmd ? `unknown command: ${cmd.name}\n` : "weft's tmux cannot attach: use `weft attach`\n",
    );
    if (cmd) io.unknown?.(args.join(" "));
    return 1;
  }
  let bus: { call: Call; close: () => void };
  try {
    bus = await io.connect();
  } catch (err) {
    io.err(`no server running: ${(err as Error).message}\n`);
    return 1;
  }
  try {
    // Teammates on other hosts: their `%N` reach them there, and are listed here.
    const call = remoteCall(bus.call, io.shared.remote);
    const world = { ...await loadWorld(call, io.caller), globals: io.shared.options };
    await addRemote(call, world, io.shared.remote);
    const ctx: Ctx = {
      cmd,
      call,
      caller: io.caller,
      world,
      out: io.out,
      shared: io.shared,
      stdin: io.stdin,
      shell: io.shell,
      ...(io.clipboard ? { clipboard: io.clipboard } : {}),
      ...(io.teammates ? { teammates: io.teammates } : {}),
      ...(io.log ? { log: io.log } : {}),
    };
    return await handler(ctx);
  } catch (err) {
    io.err(`${(err as Error).message}\n`);
    return 1;
  } finally {
    bus.close();
  }
}
