/**
 * What a pane needs from a PTY, the function that starts one, and what the model needs from the
 * process reaper. The model is handed both (the server gives it `Pty.spawn` and
 * `ProcessGroups`), so the model and the commands run in tests with fake PTYs and no processes.
 *
 * @module
 */

import type { ExitInfo, PaneProcesses, SpawnOptions } from "../pty/mod.ts";

/**
 * A program on a pseudo-terminal, as a pane uses it: `Pty` from `core/pty` is one.
 *
 * @example
 * ```ts
 * import type { PanePty } from "./pane_pty.ts";
 * import { Pty } from "../pty/mod.ts";
 * const pty: PanePty = Pty.spawn({ argv: ["true"], cwd: "/", env: {}, cols: 80, rows: 24 });
 * pty.onExit((info) => console.assert(info.code === 0));
 * ```
 */
export interface PanePty {
  /** The child's process id. */
  readonly pid: number;
  /** Sends input; ignored after the program ended. */
  write(data: string | Uint8Array): void;
  /** Changes the terminal size the program sees. */
  resize(cols: number, rows: number): void;
  /** Sends a signal by name ("SIGHUP", "SIGTERM", …); ignored after the program ended. */
  kill(signal?: string): void;
  /** Calls `listener` with each chunk of output; returns an unsubscriber. */
  onBytes(listener: (data: Uint8Array) => void): () => void;
  /** Calls `listener` once when the program ended and its output was delivered. */
  onExit(listener: (info: ExitInfo) => void): () => void;
  /** Stops reading output (back-pressure). */
  pause(): void;
  /** Reads output again. */
  resume(): void;
  /** Bytes of input written so far: a mark that input happened. */
  readonly inputBytes: number;
  /**
   * The terminal's foreground process group (undefined once closed, or for a PTY that runs no
   * process): where the model looks for what runs in the pane.
   */
  foregroundGroup(): number | undefined;
}

/** Starts a program on a PTY; throws `SPAWN_FAILED` when it cannot. */
export type SpawnPty = (options: SpawnOptions) => PanePty;

/** What the model needs from the process reaper (`ProcessGroups`): panes' part, and a wait. */
export interface ModelProcesses extends PaneProcesses {
  /** Resolves when no pane's processes are still ending. */
  settled(): Promise<void>;
}
