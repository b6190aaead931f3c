/**
 * What a screen (`screen.ts`) is built with, read with, and answers.
 *
 * @module
 */

import type { ParseLoop } from "./_queue.ts";
import type { StatusMessage } from "../../protocols/status/mod.ts";

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

/** The result of a read. */
export interface ScreenRead {
  /** Lines separated by "\n", trailing spaces trimmed. */
  text: string;
  revision: number;
  /** Number of the first row read, counted from the start of the pane. */
  firstLine: number;
  /** Rows covered (joined rows count each). */
  lineCount: number;
  /** Cursor position on the visible screen. */
  cursor: { x: number; y: number; visible: boolean };
  cols: number;
  rows: number;
  /** False when `since` was given and nothing in the window changed after it. */
  changed: boolean;
  title: string;
}

/** Terminal modes that change what input should look like. */
export interface ScreenModes {
  bracketedPaste: boolean;
  applicationCursor: boolean;
  applicationKeypad: boolean;
  /** The program asked for mouse reports (any tracking mode). */
  mouse: boolean;
  /** Which: press only (9), press and release (1000), with drags (1002), every move (1003). */
  mouseTracking: "none" | "x10" | "vt200" | "drag" | "any";
  /** How reports are encoded: bytes (the default), SGR (1006) or SGR in pixels (1016). */
  mouseEncoding: "default" | "sgr" | "sgr-pixels";
  alternateScreen: boolean;
  /** The program asked to hear when the terminal gains and loses focus (DECSET 1004). */
  focusEvents: boolean;
}
