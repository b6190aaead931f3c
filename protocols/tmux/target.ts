/**
 * tmux targets (`-t`/`-s`): `%N`, `@N`, `$N`, `session:window.pane`, names, indexes, `{last}`,
 * `:.+`, omitted. Parsing is pure; {@link resolveTarget} picks objects from a snapshot.
 *
 * @module
 */

/** A target split into its session, window and pane parts; null when a part is not given. */
export interface TmuxTarget {
  session: string | null;
  window: string | null;
  pane: string | null;
}

/**
 * Splits a target the way tmux's cmd-find does: a `%N` is a pane, an `@N` a window
 * (optionally `.pane`), otherwise `session:window.pane` where each part may be missing.
 * A bare word without `:` or `.` is kept as `pane` when it looks like a pane, else as `window`
 * for a window target and `session` for a session target.
 *
 * @example
 * ```ts
 * import { parseTarget } from "./target.ts";
 * parseTarget("main:1.2", "pane"); // { session: "main", window: "1", pane: "2" }
 * ```
 */
export function parseTarget(
  text: string | undefined,
  kind: "pane" | "window" | "session",
): TmuxTarget {
  const t: TmuxTarget = { session: null, window: null, pane: null };
  if (text === undefined || text === "") return t;
  if (text.startsWith("%")) return { ...t, pane: text };
  if (text.startsWith("{") && text.endsWith("}")) {
    return kind === "session"
      ? { ...t, session: text }
      : kind === "window"
      ? { ...t, window: text }
      : { ...t, pane: text };
  }
  const colon = text.indexOf(":");
  let rest = text;
  if (colon >= 0) {
    t.session = text.slice(0, colon) || null;
    rest = text.slice(colon + 1);
  } else if (kind === "session" || text.startsWith("$")) {
    return { ...t, session: text };
  }
  if (rest.startsWith("@") || colon >= 0 || kind !== "pane" || rest.includes(".")) {
    const dot = rest.indexOf(".");
    const win = dot >= 0 ? rest.slice(0, dot) : rest;
    t.window = win || null;
    if (dot >= 0) t.pane = rest.slice(dot + 1) || null;
    if (colon < 0 && kind === "window" && !rest.startsWith("@") && dot < 0) t.window = rest;
    return t;
  }
  // A bare word for a pane target: tmux tries it as a pane, then a window, then a session.
  return { ...t, pane: rest };
}

/** The slice of the world a target resolves against (tmux numbering). */
export interface TargetWorld {
  sessions: readonly { id: number; name: string }[];
  windows: readonly { id: number; session: number; index: number; name: string; active: boolean }[];
  panes: readonly { id: number; window: number; index: number; active: boolean; title?: string }[];
  /** The calling pane (from `TMUX_PANE`), if any. */
  current?: number | undefined;
}

/** What a target resolved to, by tmux number; an error text tmux would print when not found. */
export type Resolved =
  | { ok: true; session: number; window: number; pane: number }
  | { ok: false; error: string };

function pickSession(w: TargetWorld, s: string | null, cur: Current): number | undefined {
  if (s === null) return cur.session ?? w.sessions[0]?.id;
  if (s.startsWith("$")) return w.sessions.find((x) => `$${x.id}` === s)?.id;
  return (w.sessions.find((x) => x.name === s) ?? w.sessions.find((x) => x.name.startsWith(s)))
    ?.id;
}

function pickWindow(w: TargetWorld, session: number, s: string | null, cur: Current) {
  const mine = w.windows.filter((x) => x.session === session).sort((a, b) => a.index - b.index);
  if (s === null) {
    return (session === cur.session ? cur.window : undefined) ?? mine.find((x) => x.active)?.id ??
      mine[0]?.id;
  }
  if (s.startsWith("@")) return w.windows.find((x) => `@${x.id}` === s)?.id;
  const active = mine.findIndex((x) => x.active);
  if (s === "{last}" || s === "!") return mine[active]?.id;
  if (s === "+" || s === "-" || s === "{next}" || s === "{previous}") {
    const step = s === "+" || s === "{next}" ? 1 : -1;
    return mine[(active + step + mine.length) % mine.length]?.id;
  }
  if (/^\d+$/.test(s)) return mine.find((x) => x.index === Number(s))?.id;
  return (mine.find((x) => x.name === s) ?? mine.find((x) => x.name.startsWith(s)))?.id;
}

function pickPane(w: TargetWorld, window: number, s: string | null, cur: Current) {
  const mine = w.panes.filter((x) => x.window === window).sort((a, b) => a.index - b.index);
  const base = mine.findIndex((x) => x.id === (window === cur.window ? cur.pane : undefined));
  const at = base >= 0 ? base : Math.max(0, mine.findIndex((x) => x.active));
  if (s === null) return mine[at]?.id;
  if (s.startsWith("%")) return w.panes.find((x) => `%${x.id}` === s)?.id;
  const rel = /^([+-])(\d*)$/.exec(s) ??
    (s === "{next}" ? ["", "+", ""] : s === "{previous}" || s === "{last}" ? ["", "-", ""] : null);
  if (rel) {
    const n = (rel[1] === "+" ? 1 : -1) * Number(rel[2] || 1);
    return mine[(((at + n) % mine.length) + mine.length) % mine.length]?.id;
  }
  if (/^\d+$/.test(s)) return mine.find((x) => x.index === Number(s))?.id;
  return mine.find((x) => x.title === s)?.id;
}

interface Current {
  session?: number | undefined;
  window?: number | undefined;
  pane?: number | undefined;
}

function current(w: TargetWorld): Current {
  const pane = w.panes.find((p) => p.id === w.current);
  const win = pane && w.windows.find((x) => x.id === pane.window);
  return { pane: pane?.id, window: win?.id, session: win?.session };
}

/**
 * Resolves a parsed target to a session, window and pane, relative to the calling pane.
 *
 * @example
 * ```ts
 * import { parseTarget, resolveTarget } from "./target.ts";
 * const world = { sessions: [{ id: 1, name: "a" }], windows: [{ id: 2, session: 1, index: 0, name: "w", active: true }], panes: [{ id: 3, window: 2, index: 0, active: true }] };
 * resolveTarget(parseTarget("a:0.0", "pane"), world, "pane"); // { ok: true, session: 1, window: 2, pane: 3 }
 * ```
 */
export function resolveTarget(
  t: TmuxTarget,
  w: TargetWorld,
  kind: "pane" | "window" | "session",
): Resolved {
  const cur = current(w);
  if (t.pane?.startsWith("%") && t.window === null) {
    const p = w.panes.find((x) => `%${x.id}` === t.pane);
    const win = p && w.windows.find((x) => x.id === p.window);
    if (!p || !win) return { ok: false, error: `can't find pane: ${t.pane}` };
    return { ok: true, session: win.session, window: win.id, pane: p.id };
  }
  if (t.window?.startsWith("@") && t.session === null) {
    const win = w.windows.find((x) => `@${x.id}` === t.window);
    if (!win) return { ok: false, error: `can't find window: ${t.window}` };
    return finish(w, win.session, win.id, t.pane, cur);
  }
  let tt = t;
  if (
    kind === "pane" && t.session === null && t.window === null && t.pane !== null &&
    !/^[+-]?\d*$|^\{/.test(t.pane)
  ) {
    // A bare name: tmux tries a window of that name, then a session.
    const asWin = resolveTarget({ session: null, window: t.pane, pane: null }, w, "window");
    if (asWin.ok) return asWin;
    tt = { session: t.pane, window: null, pane: null };
  }
  if (kind === "window" && t.session === null && t.pane === null && t.window !== null) {
    // A bare word for a window target: a window of the current session, else a session.
    const asWin = resolveTarget({ ...t, session: "" }, w, "pane");
    if (asWin.ok) return asWin;
    const asSession = resolveTarget({ session: t.window, window: null, pane: null }, w, "session");
    if (asSession.ok) return asSession;
    return { ok: false, error: `can't find window: ${t.window}` };
  }
  const session = pickSession(w, tt.session || null, cur);
  if (session === undefined) return { ok: false, error: `can't find session: ${tt.session ?? ""}` };
  const window = pickWindow(w, session, tt.window, cur);
  if (window === undefined) return { ok: false, error: `can't find window: ${tt.window ?? ""}` };
  return finish(w, session, window, tt.pane, cur);
}

function finish(
  w: TargetWorld,
  session: number,
  window: number,
  pane: string | null,
  cur: Current,
): Resolved {
  const p = pickPane(w, window, pane, cur);
  if (p === undefined) return { ok: false, error: `can't find pane: ${pane ?? ""}` };
  return { ok: true, session, window, pane: p };
}
