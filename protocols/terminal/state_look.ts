/**
 * How each agent state looks, once for every door: its symbol and its colours as ANSI palette
 * indices (the TUI draws them in the terminal's own palette; the web page in xterm.js's
 * default one, {@link XTERM_ANSI}, so its badges match the panes it draws).
 *
 * @module
 */

import type { PaneState } from "../bus/records.ts";

/** One state's look: symbol, foreground and background (ANSI indices; null: the default). */
export interface StateLook {
  symbol: string;
  fg: number;
  bg: number | null;
  bold: boolean;
}

/** Every state's look. */
export const STATE_LOOK: Record<PaneState, StateLook> = {
  working: { symbol: "●", fg: 3, bg: null, bold: false },
  idle: { symbol: "○", fg: 2, bg: null, bold: false },
  blocked: { symbol: "◆", fg: 15, bg: 1, bold: true },
  done: { symbol: "✓", fg: 6, bg: null, bold: false },
  error: { symbol: "✗", fg: 1, bg: null, bold: true },
  exited: { symbol: "✗", fg: 8, bg: null, bold: false },
  unknown: { symbol: "?", fg: 8, bg: null, bold: false },
};

/** xterm.js's default 16 ANSI colours (what the page's terminals draw). */
export const XTERM_ANSI = [
  "#000000",
  "#cd3131",
  "#0dbc79",
  "#e5e510",
  "#2472c8",
  "#bc3fbc",
  "#11a8cd",
  "#e5e5e5",
  "#666666",
  "#f14c4c",
  "#23d18b",
  "#f5f543",
  "#3b8eea",
  "#d670d6",
  "#29b8db",
  "#e5e5e5",
] as const;

/**
 * The page's badge rules (`.badge.STATE`) from {@link STATE_LOOK}.
 *
 * @example
 * ```ts
 * import { stateCss } from "./state_look.ts";
 * console.assert(stateCss().includes(".badge.blocked{color:#e5e5e5;background:#cd3131;"));
 * ```
 */
export function stateCss(): string {
  return Object.entries(STATE_LOOK).map(([state, look]) =>
    `.badge.${state}{color:${XTERM_ANSI[look.fg]};` +
    `background:${look.bg === null ? "transparent" : XTERM_ANSI[look.bg]};` +
    `font-weight:${look.bold ? "bold" : "normal"}}\n` +
    `.badge.${state}::before{content:"${look.symbol} "}\n`
  ).join("");
}
