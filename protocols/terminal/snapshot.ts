/**
 * Rebuilds a pane's screen in a fresh headless terminal from two reads: the lines above the
 * screen (for scroll mode; taken just before, so under heavy output a few may be missing), and
 * the exact visible screen with its cursor and input modes (from a snapshot subscription).
 *
 * @module
 */

/** The visible screen, as a snapshot subscription returns it. */
export interface VisibleSnapshot {
  /** One line per row, with SGR sequences. */
  text: string;
  /** Number of the screen's top row, counted from the start of the pane. */
  firstLine: number;
  cursor: { x: number; y: number; visible: boolean };
  modes?: {
    bracketedPaste?: boolean;
    applicationCursor?: boolean;
    applicationKeypad?: boolean;
    mouse?: boolean;
    mouseTracking?: "none" | "x10" | "vt200" | "drag" | "any";
    mouseEncoding?: "default" | "sgr" | "sgr-pixels";
    alternateScreen?: boolean;
    focusEvents?: boolean;
  } | undefined;
}

/** Lines read with `mode: "recent"`: numbered from `firstLine`. */
export interface HistoryRead {
  text: string;
  firstLine: number;
}

/** Tracking modes by name, as DECSET numbers. */
const TRACKING = { x10: 9, vt200: 1000, drag: 1002, any: 1003 } as const;

/**
 * The DECSET sequences that turn a fresh terminal's mouse reports on as the program asked:
 * the same tracking mode and encoding, so a program that reads bytes (X10) does not get SGR.
 * A server that does not say which (older) gets the common pair, 1000 and 1006.
 *
 * @example
 * ```ts
 * import { mouseModes } from "./snapshot.ts";
 * console.assert(mouseModes({ mouse: true, mouseTracking: "drag", mouseEncoding: "default" }) === "\x1b[?1002h");
 * console.assert(mouseModes({ mouse: false }) === "");
 * ```
 */
export function mouseModes(m: NonNullable<VisibleSnapshot["modes"]>): string {
  if (!m.mouse) return "";
  if (!m.mouseTracking || m.mouseTracking === "none" || !m.mouseEncoding) {
    return "\x1b[?1000h\x1b[?1006h";
  }
  const encoding = m.mouseEncoding === "sgr"
    ? "\x1b[?1006h"
    : m.mouseEncoding === "sgr-pixels"
    ? "\x1b[?1016h"
    : "";
  return `\x1b[?${TRACKING[m.mouseTracking]}h${encoding}`;
}

/**
 * The bytes that make a fresh terminal show `visible` with `history` above it.
 *
 * @example
 * ```ts
 * import { snapshotBytes } from "./snapshot.ts";
 * const bytes = snapshotBytes(
 *   { text: "$ ls\nfile", firstLine: 10, cursor: { x: 0, y: 2, visible: true } },
 *   { text: "old 8\nold 9\n$ ls", firstLine: 8 },
 *   3,
 * );
 * console.assert(bytes.startsWith("old 8\r\nold 9"));
 * ```
 */
export function snapshotBytes(
  visible: VisibleSnapshot,
  history: HistoryRead | undefined,
  rows: number,
): string {
  let out = "";
  if (history) {
    const above = history.text.split("\n").slice(
      0,
      Math.max(0, visible.firstLine - history.firstLine),
    );
    // Each history line ends up above the screen: write them, then scroll them off.
    if (above.length) out += above.join("\r\n") + "\x1b[0m" + "\r\n".repeat(rows);
  }
  const m = visible.modes ?? {};
  if (m.alternateScreen) out += "\x1b[?1049h";
  out += "\x1b[H\x1b[2J";
  visible.text.split("\n").slice(0, rows).forEach((line, y) => {
    if (line) out += `\x1b[${y + 1};1H\x1b[0m${line}`;
  });
  out += "\x1b[0m";
  if (m.applicationCursor) out += "\x1b[?1h";
  if (m.applicationKeypad) out += "\x1b=";
  if (m.bracketedPaste) out += "\x1b[?2004h";
  if (m.focusEvents) out += "\x1b[?1004h";
  out += mouseModes(m);
  out += `\x1b[${visible.cursor.y + 1};${visible.cursor.x + 1}H`;
  out += visible.cursor.visible ? "\x1b[?25h" : "\x1b[?25l";
  return out;
}
