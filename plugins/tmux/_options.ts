/**
 * The option commands of the shim: set-option, show-options, show-window-options. A value set
 * on a pane (`-p`) or a window (`-w`, kept on each of its panes) lives in the pane's metadata as
 * `tmux.OPTION` (the TUI reads border styles and titles there); global and server values set
 * with `-g`/`-s` are kept in the plugin's state, over tmux's defaults (protocols/tmux/options.ts).
 *
 * @module
 */

import { optionDef, optionLine, type OptionScope, TMUX_OPTIONS } from "../../protocols/tmux/mod.ts";
import { type Ctx, find, type Handler, TmuxFailure } from "./_context.ts";

/** A global (`-g`/`-s`) value: set (`-a` appends, `-u` unsets) in the plugin's state. */
function setGlobal(ctx: Ctx, option: string, value: string | undefined): number {
  const f = ctx.cmd.flags;
  if (!optionDef(option)) {
    // tmux accepts array options it has (terminal-features, …) that this table leaves out.
    if (f.q || f.a) return 0;
    throw new TmuxFailure(`invalid option: ${option}`);
  }
  const options = ctx.shared.options;
  if (f.u) options.delete(option);
  else options.set(option, (f.a ? globalValue(ctx, option) : "") + (value ?? ""));
  return 0;
}

/** An option's global value: what `set -g` set, else tmux's default (`$SHELL` for the shell). */
export function globalValue(ctx: Ctx, name: string): string {
  const set = ctx.shared.options.get(name);
  if (set !== undefined) return set;
  if (name === "default-shell" && ctx.shell?.startsWith("/")) return ctx.shell;
  return optionDef(name)?.value ?? "";
}

/** `set-option -p|-w`: kept in pane meta as `tmux.OPTION`; -g/-s (and session options) globally. */
const setOption: Handler = async (ctx) => {
  const f = ctx.cmd.flags;
  const [option, value] = ctx.cmd.args;
  if (!option) throw new TmuxFailure("command set-option: too few arguments (need at least 1)");
  const scope = f.p ? "pane" : f.w ? "window" : optionDef(option)?.scope;
  if (f.g || f.s || (scope !== "pane" && scope !== "window")) {
    return setGlobal(ctx, option, value);
  }
  const t = find(ctx, scope === "pane" ? "pane" : "window");
  // A window's option is its own: teammates on other hosts (in windows there) keep theirs.
  const panes = scope === "pane"
    ? [t.pane]
    : ctx.world.windows.find((w) => w.id === t.window)!.panes.filter((p) =>
      !ctx.shared.remote.has(p)
    );
  for (const pane of panes) {
    const had = ctx.world.panes.find((p) => p.id === pane)?.meta[`tmux.${option}`];
    const v = f.u ? null : f.a ? (had ?? "") + (value ?? "") : value ?? "";
    await ctx.call("pane.set", { pane, meta: { [`tmux.${option}`]: v } });
  }
  return 0;
};

/** Where `show-options` looks: the option's own scope when named, else the flags'. */
function scopeOf(ctx: Ctx, name: string | undefined, windowFlag: boolean): OptionScope | "pane" {
  const f = ctx.cmd.flags;
  if (f.p) return "pane";
  if (name) return optionDef(name)?.scope ?? "session";
  return f.s ? "server" : windowFlag ? "window" : "session";
}

/** The value set on the pane (or, for a window, its active pane), if any. */
function localValue(ctx: Ctx, scope: OptionScope | "pane", name: string): string | undefined {
  if (scope !== "pane" && scope !== "window") return undefined;
  const t = find(ctx, "pane");
  const pane = scope === "pane"
    ? t.pane
    : ctx.world.panes.find((p) => p.window === t.window && p.focused)?.id ?? t.pane;
  return ctx.world.panes.find((p) => p.id === pane)?.meta[`tmux.${name}`];
}

/** One option's line, or null when nothing is set at the level asked (tmux prints nothing). */
function showOne(ctx: Ctx, name: string, scope: OptionScope | "pane"): string | null {
  const f = ctx.cmd.flags;
  const def = optionDef(name);
  const local = f.g ? undefined : localValue(ctx, scope, name);
  if (local !== undefined) return optionLine(name, local, f.v === true);
  const user = name.startsWith("@") ? ctx.shared.options.get(name) : undefined;
  if (user !== undefined) return optionLine(name, user, f.v === true);
  if (name.startsWith("@") || !def) {
    if (f.q) return null;
    throw new TmuxFailure(`invalid option: ${name}`);
  }
  // Server options have one level; the others show their global value with -g, or -A.
  const value = globalValue(ctx, name);
  if (def.scope === "server" || f.g) return optionLine(name, value, f.v === true);
  if (f.A) return optionLine(f.v ? name : `${name}*`, value, f.v === true);
  return null;
}

function showOptions(windowFlag: boolean): Handler {
  return (ctx) => {
    const name = ctx.cmd.args[0];
    const scope = scopeOf(ctx, name, windowFlag || ctx.cmd.flags.w === true);
    // User options (`@name`, set with -g) come first, sorted, as tmux lists them.
    const users = scope === "session" && ctx.cmd.flags.g
      ? [...ctx.shared.options.keys()].filter((n) => n.startsWith("@")).sort()
      : [];
    const names = name ? [name] : [
      ...users,
      ...Object.keys(TMUX_OPTIONS).filter((n) =>
        TMUX_OPTIONS[n]!.scope === (scope === "pane" ? "window" : scope)
      ),
    ];
    const lines = names.map((n) => showOne(ctx, n, scope)).filter((l) => l !== null);
    ctx.out(lines.map((l) => `${l}\n`).join(""));
    return Promise.resolve(0);
  };
}

/** The option commands by tmux name. */
export const OPTION_COMMANDS: Record<string, Handler> = {
  "set-option": setOption,
  "show-options": showOptions(false),
  "show-window-options": showOptions(true),
};
