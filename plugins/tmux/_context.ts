/**
 * What every tmux command handler gets, and the helpers they share: resolving targets, printing
 * formats, tmux's failures.
 *
 * @module
 */

import type { BusCall } from "@weft/weft/plugin";
import {
  expandFormat,
  parseTarget,
  resolveTarget,
  type TmuxCommand,
} from "../../protocols/tmux/mod.ts";
import { loadWorld, paneVars, type World } from "./world.ts";
import { TMUX_TAG } from "./_remain.ts";
import type { TmuxShared } from "./_shared.ts";
import type { TeammateRule } from "./_policy.ts";
import { addRemote } from "./_remote.ts";

/** A bus call: the socket client's or, in the server, the tmux plugin's. */
export type Call = BusCall;

/** A failure tmux would report: the text goes to stderr, the exit code is 1. */
export class TmuxFailure extends Error {
  override name = "TmuxFailure";
}

/** One command's call: the parsed command, the server, the caller, and output. */
export interface Ctx {
  cmd: TmuxCommand;
  call: Call;
  /** The calling pane as `%N`, when called from a pane. */
  caller: string | undefined;
  world: World;
  out: (text: string) => void;
  /** Paste buffers and global options, kept between calls. */
  shared: TmuxShared;
  /** What the client read from its stdin, for `load-buffer -`. */
  stdin: string | undefined;
  /** The client's `$SHELL` (tmux's `default-shell` is its server's `$SHELL`). */
  shell: string | undefined;
  /** Hands text to attached clients' clipboards (`load-buffer -w`); none: nowhere. */
  clipboard?: (text: string) => void;
  /** Where teammates run (the plugin's `teammates` option); none: here. */
  teammates?: readonly TeammateRule[];
  /** The plugin's log. */
  log?: (line: string) => void;
}

/** A tmux command's implementation: its exit code. */
export type Handler = (ctx: Ctx) => Promise<number>;

/** A target resolved to weft ids. */
export interface Found {
  session: string;
  window: string;
  pane: string;
}

/** Resolves flag `-t` (or another) of the given kind to weft ids, or fails with tmux's text. */
export function find(ctx: Ctx, kind: "pane" | "window" | "session", flag = "t"): Found {
  const value = ctx.cmd.flags[flag];
  const text = typeof value === "string" ? value : undefined;
  const r = resolveTarget(parseTarget(text, kind), ctx.world.target, kind);
  if (!r.ok) throw new TmuxFailure(r.error);
  return { session: `s${r.session}`, window: `w${r.window}`, pane: `p${r.pane}` };
}

/** A string flag's value, if given. */
export function str(ctx: Ctx, flag: string): string | undefined {
  const v = ctx.cmd.flags[flag];
  return typeof v === "string" ? v : undefined;
}

/** Prints a pane's format line after re-reading the world (for `-P` after creating it). */
export async function printPane(ctx: Ctx, pane: string, fallback: string): Promise<void> {
  const world = { ...await loadWorld(ctx.call, ctx.caller), globals: ctx.shared.options };
  await addRemote(ctx.call, world, ctx.shared.remote);
  ctx.out(expandFormat(str(ctx, "F") ?? fallback, paneVars(world, pane)) + "\n");
}

/** `-e NAME=VALUE` flags as an env record. */
export function envOf(ctx: Ctx): Record<string, string> | undefined {
  const list = ctx.cmd.lists.e;
  if (!list?.length) return undefined;
  return Object.fromEntries(list.map((kv) => {
    const i = kv.indexOf("=");
    return i < 0 ? [kv, ""] : [kv.slice(0, i), kv.slice(i + 1)];
  }));
}

/**
 * The launch fields of a command that starts a program (`-c`, `-e`, the program): one argument
 * is a shell command, several are a program and its arguments run without a shell, as in tmux.
 */
export function launchOf(ctx: Ctx): Record<string, unknown> {
  const args = ctx.cmd.args;
  const env = envOf(ctx);
  const cwd = str(ctx, "c");
  return {
    // Tagged: its pane closes when its program ends, as in tmux (see _remain.ts).
    tags: [TMUX_TAG],
    ...(args.length === 1 && args[0] ? { command: args[0] } : {}),
    ...(args.length > 1 ? { argv: [...args] } : {}),
    ...(env ? { env } : {}),
    ...(cwd ? { cwd } : {}),
  };
}

/** A size in tmux's forms: `N` cells or `N%` of `whole`. */
export function size(value: string, whole: number): number {
  const m = /^(\d+)(%?)$/.exec(value);
  if (!m) throw new TmuxFailure(`invalid size: ${value}`);
  const n = Number(m[1]);
  return m[2] ? Math.max(1, Math.floor((whole * n) / 100)) : n;
}

/** The new pane's share from `-l N|N%` (or old `-p N`) of the pane it splits; undefined: half. */
export function splitRatio(ctx: Ctx, pane: string, horizontal: boolean): number | undefined {
  const row = ctx.world.panes.find((p) => p.id === pane)!;
  const whole = horizontal ? row.cols : row.rows;
  const l = str(ctx, "l") ?? (str(ctx, "p") ? `${str(ctx, "p")}%` : undefined);
  return l === undefined ? undefined : Math.min(0.95, Math.max(0.05, size(l, whole) / whole));
}
