/**
 * The shim's pane moves on `pane.move`: break-pane (a pane into a new window) and
 * join-pane/move-pane (a pane beside another, in any window); Claude Code's teammate backend
 * has used them to hide and show teammates.
 *
 * @module
 */

import { type Handler, printPane, splitRatio, str, TmuxFailure } from "./_context.ts";
import { find } from "./_context.ts";

/** `break-pane [-d] [-P [-F FORMAT]] [-n NAME] [-s PANE] [-t SESSION:]`. */
const breakPane: Handler = async (ctx) => {
  const src = find(ctx, "pane", "s");
  const dst = ctx.cmd.flags.t === undefined ? src : find(ctx, "session", "t");
  const name = str(ctx, "n");
  await ctx.call("pane.move", {
    pane: src.pane,
    session: dst.session,
    ...(name ? { name } : {}),
    focus: ctx.cmd.flags.d !== true,
  });
  if (ctx.cmd.flags.P) {
    await printPane(ctx, src.pane, "#{session_name}:#{window_index}.#{pane_index}");
  }
  return 0;
};

/** `join-pane [-bdhv] [-l SIZE] [-s PANE] [-t PANE]` (also `move-pane`). */
const joinPane: Handler = async (ctx) => {
  const src = find(ctx, "pane", "s");
  const dst = find(ctx, "pane", "t");
  if (src.pane === dst.pane) throw new TmuxFailure("source and target panes must be different");
  const horizontal = ctx.cmd.flags.h === true;
  const ratio = splitRatio(ctx, dst.pane, horizontal);
  await ctx.call("pane.move", {
    pane: src.pane,
    split: dst.pane,
    direction: horizontal ? "horizontal" : "vertical",
    ...(ratio === undefined ? {} : { ratio }),
    ...(ctx.cmd.flags.b ? { before: true } : {}),
    focus: ctx.cmd.flags.d !== true,
  });
  return 0;
};

/** The move commands by tmux name. */
export const MOVE_COMMANDS: Record<string, Handler> = {
  "break-pane": breakPane,
  "join-pane": joinPane,
  "move-pane": joinPane,
};
