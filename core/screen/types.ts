/**
 * What a screen (`screen.ts`) is built with, read with, and answers.
 *
 * @module
 */

import type { ParseLoop } from "./_queue.ts";
import type { StatusMessage } from "../../protocols/status/mod.ts";
import type { ScreenModes, ScreenRead } from "../../protocols/terminal/screen_read.ts";

export type { ScreenModes, ScreenRead };

/** How to build a screen. */
export interface ScreenOptions {
  cols: number;
  rows: number;
  /** Cap, in bytes, on the history kept beyond xterm's own few hundred lines. */
  historyBytes: number;
  /** Receives the terminal's answers to queries (cursor position, device attributes, …). */
  reply: (data: string) => void;
  /**
   * The loop that parses this screen's output in turn with the other screens it serves (the
   * model's, one per server); a loop of its own when absent.
   */
  parseLoop?: ParseLoop;
  /** `onDrain` fires once pending output falls to this many bytes (default 256 KiB). */
  lowWater?: number;
  /**
   * The Program Status Protocol (OSC 7501): whether to answer a program's probe (saying this
   * terminal takes its reports) and where its reports go. Without it, probes go unanswered.
   */
  status?: { answer: () => boolean; report: (message: StatusMessage) => void };
  /** The program set the clipboard (OSC 52); reads of it are never answered. */
  clipboard?: (text: string) => void;
}

/** What to read. */
export interface ReadOptions {
  /**
   * "visible" (default): the screen, every row; "recent": the last `lines`; "history":
   * everything kept. "recent" and "history" end at the last row with content.
   */
  mode?: "visible" | "recent" | "history";
  /** For "recent" (default: the screen height) and "history" (default: all): how many lines. */
  lines?: number;
  /** Keep colours and attributes as SGR sequences. */
  ansi?: boolean;
  /** Join soft-wrapped rows into the logical lines the program wrote. */
  joinWrapped?: boolean;
  /** Only the lines that changed after this revision. */
  since?: number;
}
