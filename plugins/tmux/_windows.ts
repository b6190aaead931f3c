/**
 * The window and session commands of the shim: the lists, has-session, new-session,
 * new-window, kills, renames, select-window, select-layout.
 *
 * @module
 */

import { expandFormat, tmuxLayout } from "../../protocols/tmux/mod.ts";
import { type Ctx, find, type Handler, launchOf, printPane, str, TmuxFailure } from "./_context.ts";
import { loadGeometry, num, paneVars, sessionVars, windowVars } from "./world.ts";

const PANE_LINE = "#{pane_index}: [#{pane_width}x#{pane_height}] [history 0/2000, 0 bytes] " +
  "#{pane_id}#{?pane_active, (active),}";
const WINDOW_HEAD = "#{window_name}#{window_flags} (#{window_panes} panes) " +
  "[#{window_width}x#{window_height}] ";
const WINDOW_LINE = `#{window_index}: ${WINDOW_HEAD}[layout #{window_layout}] #{window_id}` +
  "#{?window_active, (active),}";
const ALL_WINDOWS_LINE = `#{session_name}:#{window_index}: ${WINDOW_HEAD}`;

function lines(ctx: Ctx, format: string, vars: ReturnType<typeof paneVars>[]): number {
  ctx.out(vars.map((v) => expandFormat(format, v) + "\n").join(""));
  return 0;
}

const listPanes: Handler = async (ctx) => {
  const f = ctx.cmd.flags;
  const t = f.a ? null : find(ctx, f.s ? "session" : "window");
  const panes = ctx.world.panes.filter((p) =>
    !t || (f.s ? p.session === t.session : p.window === t.window)
  );
  const format = str(ctx, "F");
  await loadGeometry(ctx.call, ctx.world, format ?? "", panes.map((p) => p.window));
  const vars = panes.map((p) => paneVars(ctx.world, p.id));
  vars.sort((a, b) =>
    Number(a.window_index) - Number(b.window_index) || Number(a.pane_index) - Number(b.pane_index)
  );
  const dflt = f.a
    ? `#{session_name}:#{window_index}.${PANE_LINE}`
    : f.s
    ? `#{window_index}.${PANE_LINE}`
    : PANE_LINE;
  return lines(ctx, format ?? dflt, vars);
};

const listWindows: Handler = async (ctx) => {
  const t = ctx.cmd.flags.a ? null : find(ctx, "session");
  const windows = ctx.world.windows.filter((w) => !t || w.session === t.session)
    .sort((a, b) => a.index - b.index);
  const format = str(ctx, "F") ?? (ctx.cmd.flags.a ? ALL_WINDOWS_LINE : WINDOW_LINE);
  const vars = await Promise.all(windows.map(async (w) => ({
    ...windowVars(ctx.world, w.id),
    ...(format.includes("window_layout") ? { window_layout: await layoutOf(ctx, w.id) } : {}),
  })));
  return lines(ctx, format, vars);
};

/** `#{window_layout}`: tmux's layout string of a window, from `window.layout`. */
async function layoutOf(ctx: Ctx, window: string): Promise<string> {
  const l = await ctx.call(
    "window.layout",
    { window },
  );
  if (!l.layout) return "";
  return tmuxLayout(l.layout, new Map(l.panes.map((p) => [p.pane, p])), num);
}

function created(seconds: unknown): string {
  const d = new Date(Number(seconds) * 1000);
  const [wd, mon, day, year, time] = d.toString().split(" ");
  return `${wd} ${mon} ${Number(day)} ${time} ${year}`;
}

const listSessions: Handler = (ctx) => {
  const vars = ctx.world.sessions.map((s) => sessionVars(ctx.world, s.id));
  const format = str(ctx, "F");
  if (format) return Promise.resolve(lines(ctx, format, vars));
  ctx.out(
    vars.map((v) =>
      `${v.session_name}: ${v.session_windows} windows (created ${created(v.session_created)})\n`
    ).join(""),
  );
  return Promise.resolve(0);
};

const hasSession: Handler = (ctx) => {
  find(ctx, "session");
  return Promise.resolve(0);
};

const newSession: Handler = async (ctx) => {
  const name = str(ctx, "s");
  if (name && ctx.world.sessions.some((s) => s.name === name)) {
    throw new TmuxFailure(`duplicate session: ${name}`);
  }
  const window = str(ctx, "n");
  const made = await ctx.call("session.create", {
    ...(name ? { session: name } : {}),
    ...(window ? { window } : {}),
    ...launchOf(ctx),
  });
  if (ctx.cmd.flags.P) await printPane(ctx, made.pane, "#{session_name}:");
  return 0;
};

const newWindow: Handler = async (ctx) => {
  const t = find(ctx, "session");
  const window = str(ctx, "n");
  const made = await ctx.call("window.create", {
    session: t.session,
    ...(window ? { window } : {}),
    ...launchOf(ctx),
  });
  // -d: the new window is not selected; weft's window.create selects it, so select back.
  const before = ctx.world.windows.find((w) => w.session === t.session && w.current);
  if (ctx.cmd.flags.d && before) await ctx.call("window.select", { window: before.id });
  if (ctx.cmd.flags.P) {
    await printPane(ctx, made.pane, "#{session_name}:#{window_index}.#{pane_index}");
  }
  return 0;
};

const killWindow: Handler = async (ctx) => {
  await ctx.call("window.kill", { window: find(ctx, "window").window });
  return 0;
};

const killSession: Handler = async (ctx) => {
  await ctx.call("session.kill", { session: find(ctx, "session").session });
  return 0;
};

const renameWindow: Handler = async (ctx) => {
  const name = ctx.cmd.args[0];
  if (!name) throw new TmuxFailure("command rename-window: too few arguments (need at least 1)");
  await ctx.call("window.rename", { window: find(ctx, "window").window, name });
  return 0;
};

const renameSession: Handler = async (ctx) => {
  const name = ctx.cmd.args[0];
  if (!name) throw new TmuxFailure("command rename-session: too few arguments (need at least 1)");
  await ctx.call("session.rename", { session: find(ctx, "session").session, name });
  return 0;
};

const selectWindow: Handler = async (ctx) => {
  await ctx.call("window.select", { window: find(ctx, "window").window });
  return 0;
};

const selectLayout: Handler = async (ctx) => {
  const t = find(ctx, "window");
  const name = ctx.cmd.args[0];
  if (!name) return 0;
  try {
    await ctx.call("layout.apply_preset", {
      window: t.window,
      preset: name.replaceAll("-", "_"),
    });
  } catch {
    throw new TmuxFailure(`invalid layout: ${name}`);
  }
  return 0;
};

const notForwarded: Handler = (ctx) => {
  throw new TmuxFailure(`${ctx.cmd.name}: not supported by weft's tmux yet`);
};

/** The window and session commands by tmux name. */
export const WINDOW_COMMANDS: Record<string, Handler> = {
  "list-panes": listPanes,
  "list-windows": listWindows,
  "list-sessions": listSessions,
  "has-session": hasSession,
  "new-session": newSession,
  "new-window": newWindow,
  "kill-window": killWindow,
  "kill-session": killSession,
  "rename-window": renameWindow,
  "rename-session": renameSession,
  "select-window": selectWindow,
  "select-layout": selectLayout,
  "kill-server": notForwarded,
};
