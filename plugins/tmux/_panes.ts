/**
 * The pane commands of the shim: split-window, send-keys, kill-pane, select-pane, resize-pane,
 * capture-pane, display-message, respawn-pane, pipe-pane.
 *
 * @module
 */

import { expandFormat, sendKeysChunks } from "../../protocols/tmux/mod.ts";
import {
  type Ctx,
  find,
  type Handler,
  launchOf,
  printPane,
  size,
  splitRatio,
  str,
  TmuxFailure,
} from "./_context.ts";
import { loadGeometry, num, paneVars } from "./world.ts";
import { type Launch, respawnElsewhere, respawnThere } from "./_remote.ts";

/** A local pane of `window` to split for a pane on another host: the caller, else the first. */
function localIn(ctx: Ctx, window: string): string {
  const here = ctx.world.panes.filter((p) => p.window === window && !ctx.shared.remote.has(p.id));
  const caller = ctx.caller && `p${num(ctx.caller.replace(/^%/, "p"))}`;
  return (here.find((p) => p.id === caller) ?? here[0])?.id ??
    (() => {
      throw new TmuxFailure("no pane of this host in that window to split");
    })();
}

const splitWindow: Handler = async (ctx) => {
  const found = find(ctx, "pane");
  // A teammate's pane on another host is split here, in the lead's window, where tmux shows it.
  const t = ctx.shared.remote.has(found.pane)
    ? { ...found, pane: localIn(ctx, found.window) }
    : found;
  const horizontal = ctx.cmd.flags.h === true;
  const ratio = splitRatio(ctx, t.pane, horizontal);
  const created = await ctx.call("pane.create", {
    split: t.pane,
    direction: horizontal ? "horizontal" : "vertical",
    ...(ratio === undefined ? {} : { ratio }),
    ...(ctx.cmd.flags.b ? { before: true } : {}),
    focus: ctx.cmd.flags.d !== true,
    ...launchOf(ctx),
  });
  if (ctx.cmd.flags.P) {
    await printPane(ctx, created.id, "#{session_name}:#{window_index}.#{pane_index}");
  }
  return 0;
};

const sendKeys: Handler = async (ctx) => {
  if (ctx.cmd.flags.X) throw new TmuxFailure("not in a mode");
  const t = find(ctx, "pane");
  const repeat = Number(str(ctx, "N") ?? 1);
  for (let i = 0; i < repeat; i++) {
    for (const chunk of sendKeysChunks(ctx.cmd.args, ctx.cmd.flags.l === true)) {
      await ctx.call("pane.write", { pane: t.pane, ...chunk, paste: false });
    }
  }
  return 0;
};

const killPane: Handler = async (ctx) => {
  const t = find(ctx, "pane");
  const victims = ctx.cmd.flags.a
    ? ctx.world.panes.filter((p) => p.window === t.window && p.id !== t.pane).map((p) => p.id)
    : [t.pane];
  for (const pane of victims) await ctx.call("pane.close", { pane });
  return 0;
};

const selectPane: Handler = async (ctx) => {
  const t = find(ctx, "pane");
  const meta: Record<string, string> = {};
  const title = str(ctx, "T");
  const style = str(ctx, "P");
  if (title !== undefined) meta["tmux.title"] = title;
  if (style !== undefined) meta["tmux.style"] = style;
  if (Object.keys(meta).length) await ctx.call("pane.set", { pane: t.pane, meta });
  // As in tmux 3.3: -T only titles the pane; -P styles it and selects it too.
  if (title !== undefined) return 0;
  await ctx.call("pane.focus", { pane: t.pane });
  return 0;
};

const resizePane: Handler = async (ctx) => {
  const t = find(ctx, "pane");
  // A pane on another host sits in a window there: its size here means nothing.
  if (ctx.shared.remote.has(t.pane)) return 0;
  const w = ctx.world.windows.find((x) => x.id === t.window)!;
  const x = str(ctx, "x");
  const y = str(ctx, "y");
  const step = Number(ctx.cmd.args[0] ?? 1);
  const f = ctx.cmd.flags;
  const dx = f.R ? step : f.L ? -step : 0;
  const dy = f.D ? step : f.U ? -step : 0;
  await ctx.call("pane.resize", {
    pane: t.pane,
    ...(x === undefined ? {} : { cols: size(x, w.cols) }),
    ...(y === undefined ? {} : { rows: size(y, w.rows) }),
    ...(dx ? { dx } : {}),
    ...(dy ? { dy } : {}),
  });
  return 0;
};

/** tmux's `-S`/`-E` line numbers: 0 is the first visible line, negative is history, `-` the end. */
function lineRange(ctx: Ctx, lines: string[], rows: number): string[] {
  const top = Math.max(0, lines.length - rows);
  const at = (v: string | undefined, dflt: number, edge: number) =>
    v === undefined
      ? dflt
      : v === "-"
      ? edge
      : Math.min(lines.length - 1, Math.max(0, top + Number(v)));
  const start = at(str(ctx, "S"), top, 0);
  const end = at(str(ctx, "E"), lines.length - 1, lines.length - 1);
  return lines.slice(start, end + 1);
}

const capturePane: Handler = async (ctx) => {
  const t = find(ctx, "pane");
  const history = str(ctx, "S") !== undefined;
  const read = await ctx.call("pane.read", {
    pane: t.pane,
    mode: history ? "history" : "visible",
    ...(ctx.cmd.flags.e ? { ansi: true } : {}),
    ...(ctx.cmd.flags.J ? { joinWrapped: true } : {}),
  });
  if (!ctx.cmd.flags.p) return 0;
  const lines = read.text.replace(/\n$/, "").split("\n");
  const shown = history ? lineRange(ctx, lines, read.rows) : lines;
  ctx.out(shown.map((l) => l + "\n").join(""));
  return 0;
};

/** `respawn-pane [-k] [-c DIR] [-e VAR=VALUE] [-t PANE] [COMMAND…]`: a new program in place. */
const respawnPane: Handler = async (ctx) => {
  const t = find(ctx, "pane");
  const pane = ctx.world.panes.find((p) => p.id === t.pane)!;
  if (!ctx.cmd.flags.k && pane.exit === null) {
    const v = paneVars(ctx.world, t.pane);
    throw new TmuxFailure(
      `respawn pane failed: pane ${v.session_name}:${v.window_index}.${v.pane_index} still active`,
    );
  }
  // The pane keeps its tags (pane.respawn takes none): a respawned pane stays as it was made.
  const { tags: _tags, ...launch } = launchOf(ctx) as Launch & { tags?: string[] };
  if (ctx.shared.remote.has(t.pane)) {
    await respawnThere(ctx, t.pane, launch);
    return 0;
  }
  // A Claude Code teammate the `teammates` option sends to another host goes there.
  if (await respawnElsewhere(ctx, pane, launch)) return 0;
  const again = launch.command || launch.argv ? {} : { command: pane.command };
  await ctx.call("pane.respawn", { pane: t.pane, ...launch, ...again });
  return 0;
};

/** `pipe-pane [-o] [-t PANE] [COMMAND]`: the pane's output into COMMAND; none closes the pipe. */
const pipePane: Handler = async (ctx) => {
  if (ctx.cmd.flags.I) throw new TmuxFailure("pipe-pane -I: not supported by weft's tmux yet");
  const t = find(ctx, "pane");
  if (ctx.shared.remote.has(t.pane)) {
    throw new TmuxFailure(
      `pipe-pane: pane %${num(t.pane)} is on another host; weft pipes only this host's panes`,
    );
  }
  const command = ctx.cmd.args[0];
  await ctx.call("pane.pipe", {
    pane: t.pane,
    ...(command ? { command } : {}),
    ...(ctx.cmd.flags.o ? { toggle: true } : {}),
  });
  return 0;
};

const displayMessage: Handler = async (ctx) => {
  if (!ctx.cmd.flags.p) return 0;
  const t = find(ctx, "pane");
  const format = ctx.cmd.args[0] ?? str(ctx, "F") ?? "";
  await loadGeometry(ctx.call, ctx.world, format, [t.window]);
  ctx.out(expandFormat(format, paneVars(ctx.world, t.pane)) + "\n");
  return 0;
};

/** The pane commands by tmux name. */
export const PANE_COMMANDS: Record<string, Handler> = {
  "split-window": splitWindow,
  "send-keys": sendKeys,
  "kill-pane": killPane,
  "select-pane": selectPane,
  "resize-pane": resizePane,
  "capture-pane": capturePane,
  "display-message": displayMessage,
  "respawn-pane": respawnPane,
  "pipe-pane": pipePane,
};
