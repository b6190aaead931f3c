/**
 * The server's sessions, windows and panes as tmux sees them: `%N`/`@N`/`$N` numbers for weft's
 * `pN`/`wN`/`sN`, indexes, and the format variables of each pane.
 *
 * @module
 */

import type { Call } from "./_context.ts";
import {
  formatOption,
  type FormatVars,
  type TargetWorld,
  TMUX_OPTIONS,
} from "../../protocols/tmux/mod.ts";

/** What the shim reads of a pane (`pane.list`'s rows). */
export interface PaneRow {
  id: string;
  session: string;
  window: string;
  command: string;
  cwd: string;
  pid: number;
  cols: number;
  rows: number;
  title: string;
  focused: boolean;
  meta: Record<string, string>;
  exit: { code: number | null; signal: string | null } | null;
  current?: { pid: number; program: string; cwd: string | null } | null;
}

interface WindowRow {
  id: string;
  name: string | null;
  session: string;
  index: number;
  panes: string[];
  current: boolean;
  cols: number;
  rows: number;
}

interface SessionRow {
  id: string;
  name: string | null;
  windows: string[];
  current: boolean;
  createdAt: string;
}

/** A pane's cell rectangle in its window. */
export interface Rect {
  x: number;
  y: number;
  cols: number;
  rows: number;
}

/** A snapshot of the server, with tmux numbers. */
export interface World {
  sessions: SessionRow[];
  windows: WindowRow[];
  panes: PaneRow[];
  target: TargetWorld;
  /** Pane rectangles, read only when a format asks for them ({@link loadGeometry}). */
  rects: Map<string, Rect>;
  /** Global option values set with `set -g`/`-s` (the tmux plugin's), over tmux's defaults. */
  globals?: ReadonlyMap<string, string>;
}

const GEOMETRY = /pane_(top|left|right|bottom|at_)/;

/** Reads the rectangles of the windows' panes when `format` shows pane positions. */
export async function loadGeometry(
  call: Call,
  world: World,
  format: string,
  windows: readonly string[],
): Promise<void> {
  if (!GEOMETRY.test(format)) return;
  const wanted = [...new Set(windows)].filter((w) =>
    !world.panes.some((p) => p.window === w && world.rects.has(p.id))
  );
  const layouts = await Promise.all(
    wanted.map((window) => call("window.layout", { window })),
  );
  for (const l of layouts) for (const { pane, ...r } of l.panes) world.rects.set(pane, r);
}

/** The number in a weft id (`p3` → 3); -1 for ids of another shape. */
export function num(id: string): number {
  const m = /^[a-z]+(\d+)$/.exec(id);
  return m ? Number(m[1]) : -1;
}

/** Reads the server's state once, relative to the calling pane (`%N`, or a weft id). */
export async function loadWorld(call: Call, caller: string | undefined): Promise<World> {
  const [s, w, p] = await Promise.all([
    call("session.list", {}),
    call("window.list", {}),
    call("pane.list", {}),
  ]);
  const current = caller === undefined ? undefined : num(caller.replace(/^%/, "p"));
  const target: TargetWorld = {
    sessions: s.sessions.map((x) => ({ id: num(x.id), name: sessionName(x) })),
    windows: w.windows.map((x) => ({
      id: num(x.id),
      session: num(x.session),
      index: x.index,
      name: windowName(x, p.panes),
      active: x.current,
    })),
    panes: p.panes.map((x) => ({
      id: num(x.id),
      window: num(x.window),
      index: w.windows.find((win) => win.id === x.window)?.panes.indexOf(x.id) ?? 0,
      active: x.focused,
      title: paneTitle(x),
    })),
    current,
  };
  return { sessions: s.sessions, windows: w.windows, panes: p.panes, target, rects: new Map() };
}

function sessionName(s: SessionRow): string {
  return s.name ?? String(num(s.id));
}

function paneTitle(p: PaneRow): string {
  return p.meta["tmux.title"] ?? p.title;
}

function program(p: PaneRow): string {
  return p.current?.program ?? p.command.split(/\s+/)[0]?.split("/").at(-1) ?? "";
}

/** tmux names an unnamed window after what runs in its active pane. */
function windowName(w: WindowRow, panes: readonly PaneRow[]): string {
  if (w.name) return w.name;
  const active = panes.find((p) => p.window === w.id && p.focused) ??
    panes.find((p) => p.window === w.id);
  return active ? program(active) : "";
}

/** The format variables of one pane (and its window and session). */
export function paneVars(world: World, paneId: string): FormatVars {
  const p = world.panes.find((x) => x.id === paneId)!;
  const w = world.windows.find((x) => x.id === p.window)!;
  const s = world.sessions.find((x) => x.id === p.session)!;
  return {
    ...optionVars(p, world.globals),
    ...windowVars(world, w.id),
    pane_id: `%${num(p.id)}`,
    pane_index: w.panes.indexOf(p.id),
    pane_pid: p.pid,
    pane_current_command: program(p),
    pane_current_path: p.current?.cwd ?? p.cwd,
    pane_title: paneTitle(p),
    pane_width: p.cols,
    pane_height: p.rows,
    pane_active: p.focused,
    pane_start_command: p.command,
    ...geometryVars(world, p, w),
    session_windows: s.windows.length,
  };
}

/** `pane_top` and the like, when the rectangles were read. */
function geometryVars(world: World, p: PaneRow, w: WindowRow): FormatVars {
  const r = world.rects.get(p.id);
  if (!r) return {};
  return {
    pane_top: r.y,
    pane_left: r.x,
    pane_bottom: r.y + r.rows - 1,
    pane_right: r.x + r.cols - 1,
    pane_at_top: r.y === 0,
    pane_at_left: r.x === 0,
    pane_at_bottom: r.y + r.rows >= w.rows,
    pane_at_right: r.x + r.cols >= w.cols,
  };
}

/** Options as format variables (`#{focus-events}` is 0): a pane's own, global, default values. */
function optionVars(p: PaneRow, globals: ReadonlyMap<string, string> | undefined): FormatVars {
  const vars: Record<string, string> = {};
  for (const [name, value] of globals ?? []) if (name.startsWith("@")) vars[name] = value;
  for (const [name, def] of Object.entries(TMUX_OPTIONS)) {
    vars[name] = formatOption(name, p.meta[`tmux.${name}`] ?? globals?.get(name) ?? def.value);
  }
  for (const [key, value] of Object.entries(p.meta)) {
    if (key.startsWith("tmux.@")) vars[key.slice(5)] = value;
  }
  return vars;
}

/** The format variables of one window (and its session). */
export function windowVars(world: World, windowId: string): FormatVars {
  const w = world.windows.find((x) => x.id === windowId)!;
  return {
    ...sessionVars(world, w.session),
    window_id: `@${num(w.id)}`,
    window_index: w.index,
    window_name: windowName(w, world.panes),
    window_active: w.current,
    window_flags: w.current ? "*" : "",
    window_panes: w.panes.length,
    window_width: w.cols,
    window_height: w.rows,
  };
}

/** The format variables of one session. */
export function sessionVars(world: World, sessionId: string): FormatVars {
  const s = world.sessions.find((x) => x.id === sessionId)!;
  return {
    session_id: `$${num(s.id)}`,
    session_name: sessionName(s),
    session_windows: s.windows.length,
    session_attached: 0,
    session_created: Math.floor(Date.parse(s.createdAt) / 1000),
  };
}
