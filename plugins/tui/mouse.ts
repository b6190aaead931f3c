/**
 * Mouse reports for a pane's program, in the encoding and tracking mode it asked for, with
 * coordinates relative to the pane.
 *
 * @module
 */

import type { MouseEvent } from "./input.ts";

/** The program's mouse modes (xterm's `mouseTrackingMode`, and SGR encoding on or off). */
export interface MouseModes {
  mode: "none" | "x10" | "vt200" | "drag" | "any";
  sgr: boolean;
}

const WANTS: Record<MouseModes["mode"], ReadonlySet<MouseEvent["action"]>> = {
  none: new Set(),
  x10: new Set(["press"]),
  vt200: new Set(["press", "release", "wheel-up", "wheel-down"]),
  drag: new Set(["press", "release", "wheel-up", "wheel-down", "drag"]),
  any: new Set(["press", "release", "wheel-up", "wheel-down", "drag", "move"]),
};

/**
 * The bytes that report `event` at pane cell `at` (0-based), or undefined when the program
 * did not ask for this kind of event or the position cannot be encoded.
 *
 * @example
 * ```ts
 * import { mouseBytes } from "./mouse.ts";
 * const click = { type: "mouse", action: "press", button: 0, x: 9, y: 9, shift: false, alt: false, ctrl: false, raw: "" } as const;
 * console.assert(mouseBytes(click, { x: 2, y: 3 }, { mode: "vt200", sgr: true }) === "\x1b[<0;3;4M");
 * console.assert(mouseBytes(click, { x: 2, y: 3 }, { mode: "none", sgr: true }) === undefined);
 * ```
 */
export function mouseBytes(
  event: MouseEvent,
  at: { x: number; y: number },
  modes: MouseModes,
): string | undefined {
  if (!WANTS[modes.mode].has(event.action) || at.x < 0 || at.y < 0) return undefined;
  let code = event.action === "wheel-up" ? 64 : event.action === "wheel-down" ? 65 : event.button;
  if (event.action === "drag") code += 32;
  if (event.action === "move") code = 35;
  if (modes.mode !== "x10") {
    code += (event.shift ? 4 : 0) + (event.alt ? 8 : 0) + (event.ctrl ? 16 : 0);
  }
  if (modes.sgr) {
    return `\x1b[<${code};${at.x + 1};${at.y + 1}${event.action === "release" ? "m" : "M"}`;
  }
  if (event.action === "release") code = (code & ~3) | 3;
  if (at.x + 1 > 223 || at.y + 1 > 223) return undefined;
  return `\x1b[M${String.fromCharCode(32 + code, 33 + at.x, 33 + at.y)}`;
}
