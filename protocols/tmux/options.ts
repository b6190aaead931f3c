/**
 * tmux's options, the ones programs ask about (`show -gv focus-events`, `show-options -Av
 * default-shell`, `#{pane-border-style}` in a format): each option's scope and its default as
 * tmux 3.3 with no configuration file has it. Values a program sets on a pane or window are
 * kept by the shim; this table answers for the rest.
 *
 * @module
 */

/** Where an option lives: the server, a session, or a window (and its panes). */
export type OptionScope = "server" | "session" | "window";

/** One option: its scope, its default, and whether it is a flag (`on`/`off`). */
export interface OptionDef {
  scope: OptionScope;
  value: string;
  flag?: boolean;
}

const on = (scope: OptionScope, value: boolean): OptionDef => ({
  scope,
  value: value ? "on" : "off",
  flag: true,
});

/** The options the shim knows, by name, with tmux 3.3's defaults. */
export const TMUX_OPTIONS: Readonly<Record<string, OptionDef>> = {
  "escape-time": { scope: "server", value: "500" },
  "exit-empty": on("server", true),
  "extended-keys": { scope: "server", value: "off" },
  "focus-events": on("server", false),
  "history-file": { scope: "server", value: "" },
  "set-clipboard": { scope: "server", value: "external" },
  "base-index": { scope: "session", value: "0" },
  "default-command": { scope: "session", value: "" },
  "default-shell": { scope: "session", value: "/bin/sh" },
  "destroy-unattached": on("session", false),
  "history-limit": { scope: "session", value: "2000" },
  "mouse": on("session", false),
  "prefix": { scope: "session", value: "C-b" },
  "prefix2": { scope: "session", value: "None" },
  "renumber-windows": on("session", false),
  "set-titles": on("session", false),
  "status": { scope: "session", value: "on" },
  "status-position": { scope: "session", value: "bottom" },
  "aggressive-resize": on("window", false),
  "allow-passthrough": { scope: "window", value: "off" },
  "allow-rename": on("window", false),
  "automatic-rename": on("window", true),
  "main-pane-height": { scope: "window", value: "24" },
  "main-pane-width": { scope: "window", value: "80" },
  "mode-keys": { scope: "window", value: "emacs" },
  "pane-active-border-style": {
    scope: "window",
    value: "#{?pane_in_mode,fg=yellow,#{?synchronize-panes,fg=red,fg=green}}",
  },
  "pane-base-index": { scope: "window", value: "0" },
  "pane-border-format": {
    scope: "window",
    value: '#{?pane_active,#[reverse],}#{pane_index}#[default] "#{pane_title}"',
  },
  "pane-border-status": { scope: "window", value: "off" },
  "pane-border-style": { scope: "window", value: "default" },
  "remain-on-exit": { scope: "window", value: "off" },
  "synchronize-panes": on("window", false),
  "window-active-style": { scope: "window", value: "default" },
  "window-style": { scope: "window", value: "default" },
};

/** An option's definition: a known option, a user option (`@name`), or undefined. */
export function optionDef(name: string): OptionDef | undefined {
  if (Object.hasOwn(TMUX_OPTIONS, name)) return TMUX_OPTIONS[name];
  return name.startsWith("@") ? { scope: "session", value: "" } : undefined;
}

/**
 * An option value as a format shows it: flags as `1`/`0`, others as they are.
 *
 * @example
 * ```ts
 * import { formatOption } from "./options.ts";
 * formatOption("focus-events", "off"); // "0"
 * formatOption("status-position", "bottom"); // "bottom"
 * ```
 */
export function formatOption(name: string, value: string): string {
  if (!optionDef(name)?.flag) return value;
  return value === "on" || value === "1" ? "1" : "0";
}

/**
 * An option line as `show-options` prints it: `NAME VALUE`, the value quoted when it is empty
 * or holds spaces or quotes (tmux's `options_to_string` with quoting), or the bare value (`-v`).
 *
 * @example
 * ```ts
 * import { optionLine } from "./options.ts";
 * optionLine("prefix", "C-b", false); // "prefix C-b"
 * optionLine("default-command", "", false); // "default-command ''"
 * ```
 */
export function optionLine(name: string, value: string, valueOnly: boolean): string {
  if (valueOnly) return value;
  if (value === "") return `${name} ''`;
  if (!/[\s"'#;$\\]/.test(value)) return `${name} ${value}`;
  return `${name} "${value.replace(/["\\$]/g, (c) => `\\${c}`)}"`;
}
