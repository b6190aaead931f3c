/**
 * What a program speaking tmux set on a pane, as `weft attach` shows it: the title
 * (`select-pane -T`) and the colour of its border style (`set-option -p pane-border-style`,
 * `pane-active-border-style`, `window-style`, or `select-pane -P`), from the pane's `tmux.*`
 * metadata the shim keeps.
 *
 * @module
 */

import { styleForeground } from "../../protocols/tmux/style.ts";
import { palette, rgb } from "./cells.ts";

/** The keys looked at for a colour, first found wins. */
const STYLE_KEYS = [
  "tmux.pane-active-border-style",
  "tmux.pane-border-style",
  "tmux.window-style",
  "tmux.style",
];

/**
 * A pane's tmux title and colour (an encoded cell colour), null where none was set.
 *
 * @example
 * ```ts
 * import { tmuxLook } from "./tmux_look.ts";
 * tmuxLook({ "tmux.title": "researcher", "tmux.pane-border-style": "fg=blue" }).title; // "researcher"
 * ```
 */
export function tmuxLook(
  meta: Record<string, string> | undefined,
): { title: string | null; colour: number | null } {
  const m = meta ?? {};
  let fg = null;
  for (const key of STYLE_KEYS) {
    fg = m[key] ? styleForeground(m[key]) : null;
    if (fg) break;
  }
  return {
    title: m["tmux.title"] ?? null,
    colour: fg ? ("rgb" in fg ? rgb(fg.rgb) : palette(fg.palette)) : null,
  };
}
