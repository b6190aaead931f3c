/**
 * Typing into a pane as the doors need it: in pieces that leave room for the pane's echo,
 * after a typing human pauses, and with Enter only once the program has taken the text in.
 *
 * @module
 */

import { WeftError } from "../../protocols/bus/errors.ts";
import type { Pane } from "./pane.ts";

const CHUNK = 4096;
/** Agent TUIs drop an Enter that arrives in the same burst as pasted text. */
const SUBMIT_SETTLE_MS = 120;
/** How long the screen must be still, after it answered the typing, before Enter. */
const SUBMIT_QUIET_MS = 40;
/** The longest wait for a screen that never answers the typing (echo off). */
const SUBMIT_MAX_WAIT_MS = 1500;

/** Writes `data` to `pane`'s program in pieces; returns how many bytes it was. */
export async function typeInto(pane: Pane, data: string, signal: AbortSignal): Promise<number> {
  // Someone types: a flood in any other pane is parsed in short slices for a while, so the
  // echo of this input is not kept waiting behind it (this pane's own output goes at full pace).
  pane.screen.inputArrived();
  for (let i = 0; i < data.length; i += CHUNK) {
    signal.throwIfAborted();
    pane.pty.write(data.slice(i, i + CHUNK));
    if (data.length > CHUNK) await new Promise((r) => setTimeout(r, 0));
  }
  return new TextEncoder().encode(data).length;
}

/** Writes raw bytes to `pane`'s program at once; returns how many. */
export function writeBytes(pane: Pane, bytes: Uint8Array): number {
  pane.screen.inputArrived();
  pane.pty.write(bytes);
  return bytes.length;
}

/** Notes that a human typed into `pane` now (agents' input then waits for a pause). */
export function humanTyped(pane: Pane): void {
  pane.lastHumanInputAt = performance.now();
}

/**
 * Resolves once the program has taken typed text in, so Enter arrives on its own: at least
 * {@link SUBMIT_SETTLE_MS}, and when the screen answers the typing (an echo, a redraw), until
 * it has been still for {@link SUBMIT_QUIET_MS}. A program that is slow to read (a loaded
 * machine, a busy TUI) would otherwise read the text and the Enter in one burst, as a paste
 * whose Enter is a newline; one that never answers gets {@link SUBMIT_MAX_WAIT_MS}. `before`
 * is the screen's revision before the typing.
 */
export function typingTaken(pane: Pane, before: number, signal: AbortSignal): Promise<void> {
  return new Promise<void>((resolve) => {
    const started = performance.now();
    let quiet: ReturnType<typeof setTimeout> | undefined;
    const finish = () => {
      clearTimeout(quiet);
      clearTimeout(ceiling);
      stop();
      signal.removeEventListener("abort", finish);
      resolve();
    };
    const answered = () => {
      clearTimeout(quiet);
      const wait = Math.max(SUBMIT_QUIET_MS, SUBMIT_SETTLE_MS - (performance.now() - started));
      quiet = setTimeout(finish, wait);
    };
    const stop = pane.screen.onChange(answered);
    const ceiling = setTimeout(finish, SUBMIT_MAX_WAIT_MS);
    signal.addEventListener("abort", finish, { once: true });
    if (pane.screen.revision !== before) answered();
  });
}

/**
 * Waits until nobody has typed into `pane` for `quietMs`, at most `waitMs`; then fails with
 * `BUSY_HUMAN` rather than interleave with a human's keystrokes.
 */
export async function humanPaused(
  pane: Pane,
  limits: { quietMs: number; waitMs: number },
  signal: AbortSignal,
): Promise<void> {
  const deadline = performance.now() + limits.waitMs;
  while (true) {
    const now = performance.now();
    const busyFor = pane.lastHumanInputAt + limits.quietMs - now;
    if (busyFor <= 0) return;
    if (now >= deadline) {
      const ago = Math.round(now - pane.lastHumanInputAt);
      throw new WeftError(
        "BUSY_HUMAN",
        `Cannot write to pane "${pane.id}": a human is typing in it (last key ${ago} ms ago); ` +
          `try again after ${limits.quietMs} ms without keys`,
        { pane: pane.id, lastKeyMsAgo: ago, quietMs: limits.quietMs },
      );
    }
    signal.throwIfAborted();
    await new Promise((r) => setTimeout(r, Math.min(busyFor, deadline - now, 100)));
  }
}
