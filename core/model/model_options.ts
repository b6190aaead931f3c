/**
 * What the session model is given ({@link ModelOptions}) and the requests its methods take:
 * how to start a pane, where it goes, what may change.
 *
 * @module
 */

import type { Direction, Size } from "../../protocols/layout/tree/mod.ts";
import type { AgentKind } from "../../protocols/agents/mod.ts";
import type { SpawnOptions } from "../pty/mod.ts";
import type { Pane } from "./pane.ts";
import type { ForegroundOptions } from "./_pane_current.ts";
import type { ModelProcesses, SpawnPty } from "./pane_pty.ts";
import type { Clock } from "./clock.ts";
import type { DeferredPty } from "./deferred_pty.ts";
import type { PublishCore } from "../../protocols/bus/core_events.ts";

/** What the model needs from its surroundings. */
export interface ModelOptions {
  /** Publishes an event (the bus's event hub). */
  publish: PublishCore;
  /** Whether anyone listens to a topic for a pane (so costly events can be skipped). */
  wants: (topic: string, pane?: string) => boolean;
  /** Size of new windows until a client says otherwise. */
  size: Size;
  historyBytes: number;
  idleMs: number;
  /** Environment every pane starts with (before the `WEFT_*` variables). */
  baseEnv: () => Record<string, string>;
  /** The control socket path, given to children as `WEFT_SOCKET`. */
  socketPath: () => string;
  /** The HTTP door's `127.0.0.1:PORT`, given to children as `WEFT_HTTP` (hooks post there). */
  httpAddress?: () => string;
  /**
   * More variables for one pane, given its ids and the environment so far (the tmux shim's
   * `TMUX`, `TMUX_PANE`, `PATH`); they win over the launch's.
   */
  paneEnv?: (
    ids: { pane: string; session: string },
    env: Record<string, string>,
  ) => Record<string, string>;
  /** Starts a pane's process: `Pty.spawn` in the server, a fake PTY in tests. */
  spawn: SpawnPty;
  /**
   * Throws what {@link spawn} would for a program or directory that is not there, without
   * starting anything (`Pty.check`): a restore that starts its panes later needs it to pick a
   * fallback now. Without it, restored panes start at once.
   */
  checkSpawn?: (options: SpawnOptions) => void;
  /**
   * Tracks and ends panes' processes: `ProcessGroups` in the server; in tests, one that ends
   * the fake PTYs (never a real reaper with fake pids: it would signal real process groups).
   */
  processes: ModelProcesses;
  /** Time for idle detection (default: `performance.now()` and `setInterval`). */
  clock?: Clock;
  /**
   * What runs in panes: the shortest time between two looks at one pane (default 250 ms; 0
   * turns the tracking off) and how to look (default: the PTY's foreground group and `/proc`).
   */
  foreground?: ForegroundOptions;
  /** Answer programs' OSC 7501 status probes and take their reports (default true). */
  statusProtocol?: boolean;
  /**
   * A program's OSC 52 copy, as tmux's `set-clipboard`: `on` (default) reaches attached
   * terminals and weft's paste buffers, `external` only the terminals, `off` nowhere. Never
   * from a pane tagged `untrusted`.
   */
  clipboard?: "on" | "external" | "off";
  /** The sideband tags registered commands declare: the display filter hides them too. */
  declaredTags?: () => ReadonlySet<string>;
}

/** How to start a pane's process. */
export interface LaunchRequest {
  argv: string[];
  command: string;
  cwd: string;
  env?: Record<string, string>;
  name?: string;
  agent?: AgentKind;
  tags?: string[];
  meta?: Record<string, string>;
  createdBy?: string;
  /** A canvas pane with no process, drawn by this owner (`pane.draw`); `argv` is not run. */
  canvas?: string;
}

/** What `Model.restoreSession` brought back, and what it could not start. */
export interface RestoreResult {
  panes: Pane[];
  failed: { pane: string; command: string; error: unknown }[];
  /** With `defer`: the panes' programs, to start (`DeferredPty.start`) once the server listens. */
  deferred: DeferredPty[];
}

/** What `Model.changePane` may change. */
export interface PaneChanges {
  agent?: AgentKind | undefined;
  tags?: readonly string[] | undefined;
  /** Keys to set; null removes one. */
  meta?: Readonly<Record<string, string | null>> | undefined;
  displayFilter?: "sideband" | null | undefined;
}

/** Where a new pane goes in an existing window. */
export interface Placement {
  /** The pane to split; default: the window's focused pane. */
  split?: string;
  direction?: Direction;
  ratio?: number;
  before?: boolean;
  /** Make the new pane the window's focused one (default true). */
  focus?: boolean;
}
