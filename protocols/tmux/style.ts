/**
 * The foreground colour in a tmux style (`fg=blue,bg=default`, `fg=colour33`, `fg=#ff8800`),
 * the part `weft attach` shows of the border styles Claude Code's teammates set.
 *
 * @module
 */

const NAMES = ["black", "red", "green", "yellow", "blue", "magenta", "cyan", "white"];

/** A colour: an xterm palette index or a 0xRRGGBB value. */
export type TmuxColour = { palette: number } | { rgb: number };

/**
 * The `fg=` colour of a tmux style, or null when it has none (or `default`).
 *
 * @example
 * ```ts
 * import { styleForeground } from "./style.ts";
 * styleForeground("bg=default,fg=blue"); // { palette: 4 }
 * styleForeground("fg=#ff8800"); // { rgb: 0xff8800 }
 * ```
 */
export function styleForeground(style: string): TmuxColour | null {
  let found: TmuxColour | null = null;
  for (const part of style.split(/[,\s]+/)) {
    const m = /^fg=(.+)$/i.exec(part.trim());
    if (m) found = colour(m[1]!.toLowerCase());
  }
  return found;
}

function colour(name: string): TmuxColour | null {
  const hex = /^#([0-9a-f]{6})$/.exec(name);
  if (hex) return { rgb: parseInt(hex[1]!, 16) };
  const indexed = /^colou?r(\d{1,3})$/.exec(name);
  if (indexed) return Number(indexed[1]) < 256 ? { palette: Number(indexed[1]) } : null;
  const bright = name.startsWith("bright") ? 8 : 0;
  const i = NAMES.indexOf(name.slice(bright ? 6 : 0));
  return i >= 0 ? { palette: i + bright } : null;
}
