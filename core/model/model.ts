/**
 * The session model: sessions → windows → panes, names, focus and each window's layout tree.
 * It owns the state; commands change it only through these methods.
 *
 * @module
 */

import { ParseLoop } from "../screen/mod.ts";
import { WeftError } from "../../protocols/bus/errors.ts";
import { checkName, type CheckNameOptions, type Kind, type Named } from "./_names.ts";
import type { LayoutNode, Size } from "../../protocols/layout/tree/mod.ts";
import { layoutRects, panesOf } from "../../protocols/layout/tree/mod.ts";
import { IdAllocator } from "./ids.ts";
import type { ForegroundProcess } from "../pty/mod.ts";
import type { Pane, PaneExit, PaneHooks, PaneInfo } from "./pane.ts";
import type { AgentSession, StateReport, StateSource } from "./agent_state.ts";
import type { ForegroundTracker } from "./foreground.ts";
import { followForeground, trackForeground } from "./_pane_current.ts";
import type { SessionInfo, SessionRecord, WindowInfo, WindowRecord } from "./records.ts";
import { sessionInfoOf, windowInfoOf } from "./records.ts";
import type { ModelProcesses } from "./pane_pty.ts";
import { type Clock, systemClock } from "./clock.ts";
import { clipboardCopied } from "./_clipboard.ts";
import { movePane, type MoveTarget } from "./_move_pane.ts";
import { ReservedNames } from "./_reserved_names.ts";
import type { DeferredPty } from "./deferred_pty.ts";
import { newPane, type SpawnContext } from "./_spawn.ts";
import type { ModelParts } from "./_parts.ts";
import { createPane, createSession, createWindow, respawnPane } from "./_create.ts";
import { changePane, rename } from "./_change.ts";
import { current, focus, resolve, selectWindow } from "./_focus.ts";
import { closePane, killSession, killWindow } from "./_close.ts";
import { PaneStates } from "./_states.ts";
import { restoreSession } from "./_restore.ts";
import { acceptProbe } from "./_status_gate.ts";
import type {
  LaunchRequest,
  ModelOptions,
  PaneChanges,
  Placement,
  RestoreResult,
} from "./model_options.ts";

/**
 * The session model.
 */
export class Model {
  readonly ids = new IdAllocator();
  readonly sessions = new Map<string, SessionRecord>();
  readonly windows = new Map<string, WindowRecord>();
  readonly panes = new Map<string, Pane>();
  /** Names no pane may take (identities that are not panes). */
  readonly reserved = new ReservedNames();
  /** The loop that parses every pane's output in turn (one per server, not per process). */
  readonly parseLoop = new ParseLoop();
  /** The clock panes' output times are on; compare {@link Pane.lastOutputAt} with its `now()`. */
  readonly clock: Clock;
  #options: ModelOptions;
  #stopSweeper: () => void;
  #processes: ModelProcesses;
  #stopping = false;
  #foreground: ForegroundTracker<ForegroundProcess> | undefined;
  #states: PaneStates;
  #spawnContext: SpawnContext;
  #parts: ModelParts;

  constructor(options: ModelOptions) {
    this.#options = options;
    this.#processes = options.processes;
    this.clock = options.clock ?? systemClock;
    this.#states = new PaneStates({
      panes: this.panes,
      publish: options.publish,
      clock: this.clock,
      idleMs: options.idleMs,
    });
    const { parseLoop, clock } = this;
    const hooks = this.#paneHooks();
    this.#spawnContext = { options, processes: this.#processes, clock, hooks, parseLoop };
    this.#stopSweeper = this.clock.every(
      Math.min(250, options.idleMs),
      () => this.#states.sweep(),
    );
    this.#foreground = trackForeground(this.panes, options.publish, {
      clock: this.clock,
      ...options.foreground,
    });
    this.#parts = this.#makeParts();
  }

  /** Creates a session with one window holding one pane. */
  createSession(launch: LaunchRequest, names: { session?: string; window?: string } = {}) {
    return createSession(this.#parts, launch, names);
  }

  /** Creates a window in a session, holding one pane. */
  createWindow(sessionId: string, launch: LaunchRequest, name?: string) {
    return createWindow(this.#parts, sessionId, launch, name);
  }

  /** Creates a pane by splitting a pane of a window. */
  createPane(windowId: string, launch: LaunchRequest, placement: Placement = {}): Pane {
    return createPane(this.#parts, windowId, launch, placement);
  }

  /** Replaces a window's layout tree; it must hold exactly the window's panes. */
  setLayout(windowId: string, tree: LayoutNode): void {
    const window = this.#window(windowId);
    const want = new Set(panesOf(window.layout!));
    const got = panesOf(tree);
    const same = got.length === want.size && got.every((p) => want.has(p));
    if (!same) {
      throw new WeftError(
        "INVALID_INPUT",
        `Cannot set the layout of window "${windowId}": it must hold exactly its panes ` +
          `(${[...want].join(", ")}), got ${got.join(", ") || "none"}`,
      );
    }
    window.layout = tree;
    this.relayout(windowId);
  }

  /** Resizes a window (a client's terminal size) and its panes. */
  resizeWindow(windowId: string, size: Size): void {
    const window = this.#window(windowId);
    window.size = { cols: Math.max(1, size.cols), rows: Math.max(1, size.rows) };
    this.relayout(windowId);
  }

  /** Recomputes pane rectangles and resizes PTYs whose rectangle changed. */
  relayout(windowId: string): void {
    const window = this.#window(windowId);
    if (!window.layout) return;
    const rects = window.zoomed
      ? new Map([[window.zoomed, { x: 0, y: 0, ...window.size }]])
      : layoutRects(window.layout, window.size);
    for (const [paneId, rect] of rects) {
      this.panes.get(paneId)?.resize(Math.max(1, rect.cols), Math.max(1, rect.rows));
    }
    this.#options.publish("layout.changed", { window: windowId, layout: window.layout });
  }

  /** Closes a pane: kills its process, takes it out of the layout, drops empty windows. */
  closePane(paneId: string): void {
    closePane(this.#parts, paneId);
  }

  /**
   * Starts a new process in a pane, in place: same id, place in the layout, size, name, tags
   * and metadata (tmux's `respawn-pane -k`). The old process is ended once the new one runs;
   * when the new one cannot start, the pane keeps the old one.
   */
  respawnPane(paneId: string, launch: LaunchRequest): Pane {
    return respawnPane(this.#parts, paneId, launch);
  }

  /**
   * Moves a pane, process and all, beside a pane of any window or into a new window of a
   * session (tmux's `join-pane`, `break-pane`); a window it leaves empty goes. Returns the
   * pane's window now.
   */
  movePane(paneId: string, to: MoveTarget): WindowRecord {
    return movePane(this.#parts, paneId, to);
  }

  /** Kills a window and its panes; drops the session when it was the last window. */
  killWindow(windowId: string): void {
    killWindow(this.#parts, windowId);
  }

  /** Kills a session and everything in it. */
  killSession(sessionId: string): void {
    killSession(this.#parts, sessionId);
  }

  /** Focuses a pane: it becomes its window's focused pane, its window and session current. */
  focus(paneId: string): void {
    focus(this.#parts, paneId);
  }

  /** Makes a window its session's current one and the session current. */
  selectWindow(windowId: string): void {
    selectWindow(this.#parts, windowId);
  }

  /** Renames a session, window or pane; names are unique within their kind; null clears. */
  rename(kind: Kind, id: string, name: string | null): void {
    rename(this.#parts, kind, id, name);
  }

  /**
   * Changes a pane's agent kind, tags, metadata (null removes a key) or display filter, and
   * publishes `pane.changed` with the new value of each property that changed (`meta`: the
   * whole map); nothing when nothing changed.
   */
  changePane(paneId: string, changes: PaneChanges): void {
    changePane(this.#parts, paneId, changes);
  }

  /**
   * Reports a pane's state; tells subscribers (`pane.state`) when it changed. Returns false
   * when a more trusted source holds the state (see {@link AgentState.accepts}).
   */
  setState(paneId: string, report: StateReport): boolean {
    return this.#states.set(this.pane(paneId), report);
  }

  /** A source lets its state go (a status `clear`, an agent session's end). */
  releaseState(paneId: string, source: StateSource): void {
    this.pane(paneId).agentState.release(source);
  }

  /** Records the agent session a pane runs (from hooks); `pane.changed` tells of a new one. */
  setAgentSession(paneId: string, session: AgentSession): void {
    this.#states.setSession(this.pane(paneId), session);
  }

  /** The pane with this id; throws `TARGET_NOT_FOUND`. */
  pane(id: string): Pane {
    const pane = this.panes.get(id);
    if (!pane) throw new WeftError("TARGET_NOT_FOUND", `Cannot find pane "${id}"`);
    return pane;
  }

  /** The record of a window; throws `TARGET_NOT_FOUND`. */
  window(id: string): WindowRecord {
    return this.#window(id);
  }

  /** The record of a session; throws `TARGET_NOT_FOUND`. */
  session(id: string): SessionRecord {
    return this.#session(id);
  }

  /** The current session, window and pane (what a client without a target means). */
  current(): { session?: string; window?: string; pane?: string } {
    return current(this.#parts);
  }

  /**
   * Resolves an id or unique name of `kind` to a canonical id. With no reference, uses the
   * caller's pane (or its window/session), then the current one.
   */
  resolve(kind: Kind, ref: string | undefined, callerPane?: string, useCaller = true): string {
    return resolve(this.#parts, kind, ref, callerPane, useCaller);
  }

  /** The cloneable description of a pane. */
  paneInfo(id: string): PaneInfo {
    const pane = this.pane(id);
    return pane.info(this.#window(pane.window).focused === id);
  }

  /** The cloneable description of a window. */
  windowInfo(id: string): WindowInfo {
    const w = this.#window(id);
    return windowInfoOf(w, this.sessions.get(w.session));
  }

  /** The cloneable description of a session. */
  sessionInfo(id: string): SessionInfo {
    return sessionInfoOf(this.#session(id), this.#parts.current === id);
  }

  /**
   * Puts back a session a store kept: its windows in order, each with its layout (exact
   * ratios), focus, zoom and size, and a process for each pane of a layout, with the same ids
   * (the id counters are the caller's: {@link IdAllocator.reserve}). Each pane's launches are
   * tried in order; a pane none of them starts is left out of its layout, a window left with no
   * pane is dropped, and so is a session left with no window. With `defer` (and the model's
   * `checkSpawn`), each program is checked now and started when the caller starts
   * `result.deferred`: the tree is whole at once, the `fork`s come after. The panes in `hold`
   * are not started at all until their `pty` (a {@link DeferredPty}) is (a store this user's
   * weft did not record: see `core/store/seal.ts`).
   */
  restoreSession(
    session: SessionRecord,
    windows: readonly WindowRecord[],
    launchesOf: (paneId: string) => LaunchRequest[],
    options: { defer?: boolean; hold?: ReadonlySet<string> } = {},
  ): RestoreResult {
    return restoreSession(this.#parts, session, windows, launchesOf, options);
  }

  /**
   * Ends every pane's processes for a server stop and resolves once they are gone. Sessions,
   * windows and layouts stay as they are: a stopping server is not a closed session (clients
   * see the server go away, not their sessions close; the store keeps them for the next start).
   */
  async dispose(): Promise<void> {
    this.#stopping = true;
    this.#stopSweeper();
    this.#foreground?.dispose();
    for (const pane of this.panes.values()) void pane.dispose();
    await this.#processes.settled();
  }

  /** Starts a pane's program, or with `deferred`, checks it can and collects its start. */
  #spawn(
    window: WindowRecord,
    launch: LaunchRequest,
    size: Size,
    id = this.ids.next("p"),
    deferred?: DeferredPty[],
  ): Pane {
    if (this.#stopping) {
      throw new WeftError("UNAVAILABLE", "Cannot start a pane: the server is stopping");
    }
    if (launch.name) this.#checkName("pane", launch.name);
    const pane = newPane(this.#spawnContext, { id, window, launch, size, deferred });
    this.panes.set(id, pane);
    this.#foreground?.watch(id);
    this.#options.publish("pane.created", pane.info(false), id);
    return pane;
  }

  #makeParts(): ModelParts {
    return {
      options: this.#options,
      ids: this.ids,
      sessions: this.sessions,
      windows: this.windows,
      panes: this.panes,
      foreground: this.#foreground,
      current: undefined,
      pane: (id) => this.pane(id),
      window: (id) => this.#window(id),
      session: (id) => this.#session(id),
      checkName: (kind, name, options) => this.#checkName(kind, name, options),
      records: (kind) => this.#records(kind),
      spawn: (window, launch, size, id, deferred) =>
        this.#spawn(window, launch, size, id, deferred),
      relayout: (id) => this.relayout(id),
      windowInfo: (id) => this.windowInfo(id),
      sessionInfo: (id) => this.sessionInfo(id),
    };
  }

  /** What the model's panes report to it. */
  #paneHooks(): PaneHooks {
    return {
      activity: (p) => this.#states.activity(p),
      output: (p, data) =>
        this.#live(p) && this.#options.publish("pane.output", { pane: p.id, data }, p.id),
      wantsOutput: (p) => this.#options.wants("pane.output", p.id),
      exit: (p, exit) => this.#onExit(p, exit),
      status: (p, message) => this.#live(p) && this.#states.status(p, message),
      answersStatus: (p) => this.#options.statusProtocol !== false && acceptProbe(p),
      screenState: (p, report) => this.#live(p) && this.setState(p.id, report),
      clipboard: (p, text) => this.#live(p) && clipboardCopied(this.#options, p, text),
    };
  }

  /** How many looks the foreground tracking made and their milliseconds (off: null). */
  foregroundStats(): { looks: number; lookMs: number } | null {
    return this.#foreground?.stats() ?? null;
  }

  #onExit(pane: Pane, exit: PaneExit): void {
    if (!this.#live(pane)) return;
    if (this.#foreground?.unwatch(pane.id)) followForeground(pane, null, this.#options.publish);
    this.#states.exited(pane, exit);
    this.#options.publish("pane.exited", { pane: pane.id, ...exit }, pane.id);
  }

  /** Whether this pane object is still the model's (a respawned pane's old self is not). */
  #live(pane: Pane): boolean {
    return this.panes.get(pane.id) === pane;
  }

  #records(kind: Kind): ReadonlyMap<string, Named> {
    return kind === "pane" ? this.panes : kind === "window" ? this.windows : this.sessions;
  }

  #checkName(kind: Kind, name: string, options?: CheckNameOptions): void {
    checkName(kind, this.#records(kind), name, options);
    if (kind === "pane") this.reserved.check(name, options?.role ?? "a pane");
  }

  #session(id: string): SessionRecord {
    const s = this.sessions.get(id);
    if (!s) throw new WeftError("TARGET_NOT_FOUND", `Cannot find session "${id}"`);
    return s;
  }

  #window(id: string): WindowRecord {
    const w = this.windows.get(id);
    if (!w) throw new WeftError("TARGET_NOT_FOUND", `Cannot find window "${id}"`);
    return w;
  }
}
