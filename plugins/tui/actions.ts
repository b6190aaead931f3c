/**
 * What each bound key does: one function per action, looked up by the binding table's action
 * name. Every change goes through a bus command; the view follows from the events it causes.
 *
 * @module
 */

import type { WeftClient } from "../client/mod.ts";
import { neighbour, panesOf, type Side, swapPanes } from "../../protocols/layout/tree/mod.ts";
import type { Action } from "./bindings.ts";
import { type AttachExit, detachedExit } from "./attach_options.ts";
import type { AttachState, LayoutInfo } from "./session_state.ts";
import { needLine, nextNeed } from "./next_need.ts";

/** How long the question of the agent jumped to stays in the status bar. */
const NEED_NOTICE_MS = 15_000;

/** What actions may touch. */
export interface ActionContext {
  client: WeftClient;
  state: () => AttachState;
  /** Opens a mode of the client. */
  enter: (mode: "copy" | "prompt" | "help" | "confirm-close") => void;
  /** Opens the tree chooser. */
  openTree: (sessionsOnly: boolean) => void;
  /** Opens a prompt that renames the window or the session, starting from `text`. */
  rename: (what: "window" | "session", text: string) => void;
  /** Follows another session. */
  switchSession: (session: string) => Promise<void>;
  /** The window and pane focused before the current ones. */
  last: () => { window: string | undefined; pane: string | undefined };
  detach: () => void;
  redraw: () => void;
  /** Sends the prefix key itself to the focused pane. */
  sendPrefix: () => void;
  /** Shows `text` in the status bar for `ms` (default 4 s). */
  notice: (text: string, error?: boolean, ms?: number) => void;
}

/** What {@link actionContextOf} reads of the client. */
export interface ActionApp {
  readonly client: WeftClient;
  readonly state: AttachState;
  finish(exit: AttachExit): void;
  redraw(): void;
  notice(text: string, error?: boolean, ms?: number): void;
  switchSession(session: string): Promise<void>;
}

/** The context actions run in: the client `app`, its modes (the input handler), `last`. */
export function actionContextOf(
  app: ActionApp,
  modes: () => Pick<ActionContext, "enter" | "openTree" | "rename" | "sendPrefix">,
  last: ActionContext["last"],
): ActionContext {
  return {
    get client() {
      return app.client;
    },
    state: () => app.state,
    enter: (mode) => modes().enter(mode),
    detach: () => app.finish(detachedExit(app.state)),
    redraw: () => app.redraw(),
    sendPrefix: () => modes().sendPrefix(),
    notice: (text, error, ms) => app.notice(text, error, ms),
    openTree: (sessionsOnly) => modes().openTree(sessionsOnly),
    rename: (what, text) => modes().rename(what, text),
    switchSession: (session) => app.switchSession(session),
    last,
  };
}

type Handler = (ctx: ActionContext, arg: string | number | undefined) => Promise<unknown> | void;

function current(ctx: ActionContext): { layout: LayoutInfo; focused: string } | undefined {
  const layout = ctx.state().layout;
  if (!layout?.layout) return undefined;
  const focused = layout.focused ?? panesOf(layout.layout)[0];
  return focused ? { layout, focused } : undefined;
}

async function selectWindowAt(ctx: ActionContext, step: number | undefined, index?: number) {
  const { windows, layout } = ctx.state();
  if (!windows.length) return;
  let target = index !== undefined ? windows.find((w) => w.index === index) : undefined;
  if (step !== undefined) {
    const at = Math.max(0, windows.findIndex((w) => w.id === layout?.window));
    target = windows[(at + step + windows.length) % windows.length];
  }
  if (!target) return ctx.notice(`No window ${index}`, true);
  await ctx.client.call("window.select", { window: target.id });
}

/** The handler of every {@link Action}. */
export const ACTIONS: Record<Action, Handler> = {
  "window-new": (ctx) => {
    const cwd = focusedCwd(ctx);
    return ctx.client.call("window.create", {
      session: ctx.state().session.id,
      ...(cwd ? { cwd } : {}),
    });
  },
  "window-next": (ctx) => selectWindowAt(ctx, 1),
  "window-previous": (ctx) => selectWindowAt(ctx, -1),
  "window-select": (ctx, arg) => selectWindowAt(ctx, undefined, Number(arg)),
  split: (ctx, arg) => {
    const at = current(ctx);
    if (!at) return;
    const cwd = focusedCwd(ctx);
    return ctx.client.call("pane.create", {
      split: at.focused,
      direction: arg === "vertical" ? "vertical" : "horizontal",
      ...(cwd ? { cwd } : {}),
    });
  },
  "focus-move": (ctx, arg) => {
    const at = current(ctx);
    if (!at || at.layout.zoomed) return;
    const size = { cols: at.layout.cols, rows: at.layout.rows };
    const next = neighbour(at.layout.layout!, size, at.focused, arg as Side);
    if (next) return ctx.client.call("pane.focus", { pane: next });
  },
  "focus-next": (ctx) => {
    const at = current(ctx);
    if (!at) return;
    const panes = panesOf(at.layout.layout!);
    const next = panes[(panes.indexOf(at.focused) + 1) % panes.length];
    if (next && next !== at.focused) return ctx.client.call("pane.focus", { pane: next });
  },
  "pane-close": (ctx) => ctx.enter("confirm-close"),
  zoom: (ctx) => {
    const at = current(ctx);
    if (!at) return;
    return ctx.client.call("window.zoom", { pane: at.focused, zoomed: !at.layout.zoomed });
  },
  "layout-next": async (ctx) => {
    const window = ctx.state().layout?.window;
    try {
      await ctx.client.call("layout.cycle", window ? { window } : {});
    } catch (err) {
      const missing = (err as { code?: string }).code === "NOT_FOUND";
      if (!missing) throw err;
      ctx.notice("Cannot cycle layouts: the layout plugin is not enabled", true);
    }
  },
  detach: (ctx) => ctx.detach(),
  "copy-mode": (ctx) => ctx.enter("copy"),
  prompt: (ctx) => ctx.enter("prompt"),
  help: (ctx) => ctx.enter("help"),
  "send-prefix": (ctx) => ctx.sendPrefix(),
  redraw: (ctx) => ctx.redraw(),
  "choose-tree": (ctx, arg) => ctx.openTree(arg === "sessions"),
  "paste-buffer": async (ctx) => {
    const at = current(ctx);
    if (!at) return;
    const r = await ctx.client.call<{ code: number; err: string }>("tmux.exec", {
      argv: ["paste-buffer"],
      pane: at.focused,
    });
    if (r.code !== 0) ctx.notice(r.err.trim() || "Cannot paste", true);
  },
  "rename-window": (ctx) => {
    const w = ctx.state().windows.find((w) => w.id === ctx.state().layout?.window);
    if (w) ctx.rename("window", w.name ?? "");
  },
  "rename-session": (ctx) => ctx.rename("session", ctx.state().session.name ?? ""),
  resize: (ctx, arg) => {
    const at = current(ctx);
    if (!at) return;
    // As tmux's resize-pane -L/-R/-U/-D: the border moves that way; the pane's right (lower)
    // border when it has one, else its left (upper) one.
    const [side, by] = String(arg).split(":") as [Side, string];
    const horizontal = side === "left" || side === "right";
    const size = { cols: at.layout.cols, rows: at.layout.rows };
    const after = neighbour(at.layout.layout!, size, at.focused, horizontal ? "right" : "down");
    const toward = side === "left" || side === "up" ? -1 : 1;
    const cells = Number(by) * toward * (after ? 1 : -1);
    return ctx.client.call("pane.resize", { pane: at.focused, [horizontal ? "dx" : "dy"]: cells });
  },
  "swap-pane": (ctx, arg) => {
    const at = current(ctx);
    if (!at) return;
    const panes = panesOf(at.layout.layout!);
    const other = panes[(panes.indexOf(at.focused) + Number(arg) + panes.length) % panes.length];
    if (!other || other === at.focused) return;
    const layout = swapPanes(at.layout.layout!, at.focused, other);
    return ctx.client.call("window.set_layout", { window: at.layout.window, layout });
  },
  "break-pane": (ctx) => {
    const at = current(ctx);
    if (!at) return;
    if (panesOf(at.layout.layout!).length < 2) {
      return ctx.notice("Cannot break the only pane", true);
    }
    return ctx.client.call("pane.move", { pane: at.focused, session: ctx.state().session.id });
  },
  "window-last": (ctx) => {
    const { window } = ctx.last();
    if (!window) return ctx.notice("No last window", true);
    return ctx.client.call("window.select", { window });
  },
  "pane-last": (ctx) => {
    const { pane } = ctx.last();
    if (!pane) return ctx.notice("No last pane", true);
    return ctx.client.call("pane.focus", { pane });
  },
  "next-blocked": async (ctx) => {
    const { needs } = await ctx.client.call("pane.needs", {});
    const state = ctx.state();
    const next = nextNeed(needs, state.layout?.focused);
    if (!next) return ctx.notice("No agent needs you");
    if (next.session !== state.session.id) await ctx.switchSession(next.session);
    await ctx.client.call("window.select", { window: next.window });
    await ctx.client.call("pane.focus", { pane: next.pane });
    ctx.notice(needLine(next), false, NEED_NOTICE_MS);
  },
};

function focusedCwd(ctx: ActionContext): string | undefined {
  const focused = ctx.state().layout?.focused;
  return focused ? ctx.state().panes.get(focused)?.cwd : undefined;
}
