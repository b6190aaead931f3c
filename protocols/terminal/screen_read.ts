/**
 * What a read of a pane's screen gives, and the terminal modes that change what input should look
 * like: the core's screen returns them and `pane.read` (protocols/bus/calls.ts) carries them.
 *
 * @module
 */

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
