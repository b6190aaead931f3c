/**
 * The session model: sessions → windows → panes, names, focus and each window's layout tree.
 * It owns the state; commands change it only through these methods.
 *
 * @module
 */

import { WeftError } from "../../protocols/bus/errors.ts";
import { checkName, type CheckNameOptions, type Kind, lookup, type Named } from "./_names.ts";
import type { Direction, LayoutNode, Size } from "../layout/mod.ts";
import { layoutRects, leaf, panesOf, removePane, splitPane } from "../layout/mod.ts";
import { IdAllocator } from "./ids.ts";
import { type AgentKind, guessAgentKind } from "./agent_kind.ts";
import type { ForegroundProcess, SpawnOptions } from "../pty/mod.ts";
import { Pane, type PaneExit, type PaneInfo, type PaneLaunch } from "./pane.ts";
import type { AgentSession, StateReport, StateSource } from "./agent_state.ts";
import { statusReport } from "./_status.ts";
import { acceptProbe, fromSpeaker } from "./_status_gate.ts";
import type { StatusMessage } from "../../protocols/status/mod.ts";
import type { ForegroundTracker } from "./foreground.ts";
import { followForeground, type ForegroundOptions, trackForeground } from "./_pane_current.ts";
import type { SessionInfo, SessionRecord, WindowInfo, WindowRecord } from "./records.ts";
import type { ModelProcesses, SpawnPty } from "./pane_pty.ts";
import { type Clock, systemClock } from "./clock.ts";
import { newPaneKey } from "./pane_key.ts";
import { SIDEBAND_KEY_ENV } from "../../protocols/sideband/key.ts";
import { movePane, type MoveTarget } from "./_move_pane.ts";
import { canvasLaunch } from "./canvas_pty.ts";
import { deferredLaunch, type DeferredPty } from "./deferred_pty.ts";

/** What the model needs from its surroundings. */
export interface ModelOptions {
  /** Publishes an event (the bus's event hub). */
  publish: (topic: string, data: unknown, pane?: string) => void;
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

/** What {@link Model.restoreSession} brought back, and what it could not start. */
export interface RestoreResult {
  panes: Pane[];
  failed: { pane: string; command: string; error: unknown }[];
  /** With `defer`: the panes' programs, to start (`DeferredPty.start`) once the server listens. */
  deferred: DeferredPty[];
}

/** What {@link Model.changePane} may change. */
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

/**
 * The session model.
 */
export class Model {
  readonly ids = new IdAllocator();
  readonly sessions = new Map<string, SessionRecord>();
  readonly windows = new Map<string, WindowRecord>();
  readonly panes = new Map<string, Pane>();
  /** The clock panes' output times are on; compare {@link Pane.lastOutputAt} with its `now()`. */
  readonly clock: Clock;
  #options: ModelOptions;
  #current: string | undefined;
  #stopSweeper: () => void;
  #processes: ModelProcesses;
  #stopping = false;
  #foreground: ForegroundTracker<ForegroundProcess> | undefined;

  constructor(options: ModelOptions) {
    this.#options = options;
    this.#processes = options.processes;
    this.clock = options.clock ?? systemClock;
    this.#stopSweeper = this.clock.every(Math.min(250, options.idleMs), () => this.#sweepIdle());
    this.#foreground = trackForeground(this.panes, options.publish, {
      clock: this.clock,
      ...options.foreground,
    });
  }

  /** Creates a session with one window holding one pane. */
  createSession(launch: LaunchRequest, names: { session?: string; window?: string } = {}) {
    if (names.session) this.#checkName("session", names.session);
    if (names.window) this.#checkName("window", names.window, { role: "the new session's window" });
    // A launch's name is the pane's: say so, as a caller creating a session may mean the session.
    if (launch.name) this.#checkName("pane", launch.name, { role: "the new session's pane" });
    const id = this.ids.next("s");
    const session: SessionRecord = {
      id,
      name: names.session ?? null,
      windows: [],
      currentWindow: null,
      createdAt: Date.now(),
    };
    this.sessions.set(id, session);
    try {
      const { window, pane } = this.createWindow(id, launch, names.window);
      this.#current = id;
      this.#options.publish("session.created", this.sessionInfo(id));
      return { session, window, pane };
    } catch (err) {
      this.sessions.delete(id);
      throw err;
    }
  }

  /** Creates a window in a session, holding one pane. */
  createWindow(sessionId: string, launch: LaunchRequest, name?: string) {
    const session = this.#session(sessionId);
    if (name) this.#checkName("window", name);
    if (launch.name) this.#checkName("pane", launch.name, { role: "the new window's pane" });
    const id = this.ids.next("w");
    const window: WindowRecord = {
      id,
      name: name ?? null,
      session: sessionId,
      layout: null,
      focused: null,
      zoomed: null,
      size: { ...this.#options.size },
    };
    this.windows.set(id, window);
    try {
      const pane = this.#spawn(window, launch, this.#options.size);
      window.layout = leaf(pane.id);
      window.focused = pane.id;
      session.windows.push(id);
      session.currentWindow = id;
      this.#options.publish("window.created", this.windowInfo(id));
      return { window, pane };
    } catch (err) {
      this.windows.delete(id);
      throw err;
    }
  }

  /** Creates a pane by splitting a pane of a window. */
  createPane(windowId: string, launch: LaunchRequest, placement: Placement = {}): Pane {
    const window = this.#window(windowId);
    const splitId = placement.split ?? window.focused ?? panesOf(window.layout!)[0]!;
    const target = this.pane(splitId);
    if (target.window !== windowId) {
      throw new WeftError(
        "INVALID_INPUT",
        `Cannot split pane "${splitId}": it is in window "${target.window}", not "${windowId}"`,
      );
    }
    const rects = layoutRects(window.layout!, window.size);
    const rect = rects.get(splitId) ?? { cols: window.size.cols, rows: window.size.rows };
    const direction = placement.direction ??
      (rect.cols >= rect.rows * 2.2 ? "horizontal" : "vertical");
    const ratio = placement.ratio ?? 0.5;
    if (!(ratio > 0 && ratio < 1)) {
      throw new WeftError(
        "INVALID_INPUT",
        `Cannot split pane "${splitId}": ratio must be between 0 and 1`,
      );
    }
    const id = this.ids.next("p");
    const tree = splitPane(window.layout!, splitId, id, {
      direction,
      ratio,
      before: placement.before ?? false,
    });
    const size = layoutRects(tree, window.size).get(id) ?? window.size;
    const pane = this.#spawn(window, launch, size, id);
    window.layout = tree;
    window.zoomed = null;
    if (placement.focus !== false) window.focused = id;
    this.relayout(windowId);
    return pane;
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
    const pane = this.pane(paneId);
    const window = this.#window(pane.window);
    this.panes.delete(paneId);
    this.#foreground?.unwatch(paneId);
    void pane.dispose();
    this.#options.publish("pane.closed", { pane: paneId, window: window.id }, paneId);
    window.layout = window.layout ? removePane(window.layout, paneId) : null;
    if (window.zoomed === paneId) window.zoomed = null;
    if (!window.layout) return this.killWindow(window.id);
    if (window.focused === paneId) window.focused = panesOf(window.layout)[0] ?? null;
    this.relayout(window.id);
  }

  /**
   * Starts a new process in a pane, in place: same id, place in the layout, size, name, tags
   * and metadata (tmux's `respawn-pane -k`). The old process is ended once the new one runs;
   * when the new one cannot start, the pane keeps the old one.
   */
  respawnPane(paneId: string, launch: LaunchRequest): Pane {
    const old = this.pane(paneId);
    const window = this.#window(old.window);
    this.#foreground?.unwatch(paneId);
    this.panes.delete(paneId);
    let pane: Pane;
    try {
      pane = this.#spawn(
        window,
        {
          ...launch,
          ...(old.name ? { name: old.name } : {}),
          tags: old.tags,
          meta: old.meta,
          ...(old.createdBy ? { createdBy: old.createdBy } : {}),
        },
        { cols: old.launch.cols, rows: old.launch.rows },
        paneId,
      );
    } catch (err) {
      this.panes.set(paneId, old);
      this.#foreground?.watch(paneId);
      throw err;
    }
    void old.dispose();
    return pane;
  }

  /**
   * Moves a pane, process and all, beside a pane of any window or into a new window of a
   * session (tmux's `join-pane`, `break-pane`); a window it leaves empty goes. Returns the
   * pane's window now.
   */
  movePane(paneId: string, to: MoveTarget): WindowRecord {
    return movePane(
      {
        pane: (id) => this.pane(id),
        window: (id) => this.#window(id),
        session: (id) => this.#session(id),
        windows: this.windows,
        newWindowId: () => this.ids.next("w"),
        checkWindowName: (name) => this.#checkName("window", name),
        publish: this.#options.publish,
        relayout: (id) => this.relayout(id),
        killWindow: (id) => this.killWindow(id),
        windowInfo: (id) => this.windowInfo(id),
      },
      paneId,
      to,
    );
  }

  /** Kills a window and its panes; drops the session when it was the last window. */
  killWindow(windowId: string): void {
    const window = this.#window(windowId);
    for (const paneId of window.layout ? panesOf(window.layout) : []) {
      const pane = this.panes.get(paneId);
      if (!pane) continue;
      this.panes.delete(paneId);
      this.#foreground?.unwatch(paneId);
      void pane.dispose();
      this.#options.publish("pane.closed", { pane: paneId, window: windowId }, paneId);
    }
    window.layout = null;
    this.windows.delete(windowId);
    const session = this.sessions.get(window.session);
    this.#options.publish("window.closed", { window: windowId, session: window.session });
    if (!session) return;
    session.windows = session.windows.filter((w) => w !== windowId);
    if (session.currentWindow === windowId) session.currentWindow = session.windows.at(-1) ?? null;
    if (!session.windows.length) this.killSession(session.id);
  }

  /** Kills a session and everything in it. */
  killSession(sessionId: string): void {
    const session = this.#session(sessionId);
    this.sessions.delete(sessionId);
    for (const w of [...session.windows]) if (this.windows.has(w)) this.killWindow(w);
    if (this.#current === sessionId) this.#current = [...this.sessions.keys()].at(-1);
    this.#options.publish("session.closed", { session: sessionId });
  }

  /** Focuses a pane: it becomes its window's focused pane, its window and session current. */
  focus(paneId: string): void {
    const pane = this.pane(paneId);
    const window = this.#window(pane.window);
    const session = this.#session(pane.session);
    window.focused = paneId;
    if (window.zoomed && window.zoomed !== paneId) {
      window.zoomed = null;
      this.relayout(window.id);
    }
    session.currentWindow = window.id;
    this.#current = session.id;
    this.#options.publish(
      "focus.changed",
      { pane: paneId, window: window.id, session: session.id },
      paneId,
    );
  }

  /** Makes a window its session's current one and the session current. */
  selectWindow(windowId: string): void {
    const window = this.#window(windowId);
    const session = this.#session(window.session);
    session.currentWindow = windowId;
    this.#current = session.id;
    this.#options.publish("focus.changed", {
      pane: window.focused,
      window: windowId,
      session: session.id,
    }, window.focused ?? undefined);
  }

  /** Renames a session, window or pane; names are unique within their kind; null clears. */
  rename(kind: Kind, id: string, name: string | null): void {
    if (name !== null) this.#checkName(kind, name, { self: id });
    const record = kind === "pane"
      ? this.pane(id)
      : kind === "window"
      ? this.#window(id)
      : this.#session(id);
    if (record.name === name) return;
    record.name = name;
    // One event per kind for any change of a record's own properties: `pane.changed`, …
    this.#options.publish(
      `${kind}.changed`,
      { [kind]: id, name },
      kind === "pane" ? id : undefined,
    );
  }

  /**
   * Changes a pane's agent kind, tags, metadata (null removes a key) or display filter, and
   * publishes `pane.changed` with the new value of each property that changed (`meta`: the
   * whole map); nothing when nothing changed.
   */
  changePane(paneId: string, changes: PaneChanges): void {
    const pane = this.pane(paneId);
    const changed: Record<string, unknown> = {};
    // A kind given is kept: it no longer follows what runs in the pane.
    if (changes.agent !== undefined) pane.agentExplicit = true;
    if (changes.agent !== undefined && changes.agent !== pane.agent) {
      changed.agent = pane.agent = changes.agent;
    }
    if (changes.tags && JSON.stringify(changes.tags) !== JSON.stringify(pane.tags)) {
      pane.tags = [...changes.tags];
      changed.tags = [...pane.tags];
    }
    const had = (k: string) => (Object.hasOwn(pane.meta, k) ? pane.meta[k] : undefined);
    const meta = Object.entries(changes.meta ?? {}).filter(([k, v]) => had(k) !== (v ?? undefined));
    for (const [k, v] of meta) {
      if (v === null) delete pane.meta[k];
      else pane.meta[k] = v;
    }
    if (meta.length) changed.meta = { ...pane.meta };
    if (changes.displayFilter !== undefined && changes.displayFilter !== pane.displayFilter) {
      pane.setDisplayFilter(changes.displayFilter);
      changed.displayFilter = changes.displayFilter;
    }
    if (Object.keys(changed).length) {
      this.#options.publish("pane.changed", { pane: paneId, ...changed }, paneId);
    }
  }

  /**
   * Reports a pane's state; tells subscribers (`pane.state`) when it changed. Returns false
   * when a more trusted source holds the state (see {@link AgentState.accepts}).
   */
  setState(paneId: string, report: StateReport): boolean {
    const pane = this.pane(paneId);
    const exited = pane.exit !== null;
    if (!pane.agentState.report(report, exited)) return false;
    this.#publishState(pane);
    return true;
  }

  /** A source lets its state go (a status `clear`, an agent session's end). */
  releaseState(paneId: string, source: StateSource): void {
    this.pane(paneId).agentState.release(source);
  }

  /** Records the agent session a pane runs (from hooks); `pane.changed` tells of a new one. */
  setAgentSession(paneId: string, session: AgentSession): void {
    const state = this.pane(paneId).agentState;
    const same = state.session?.id === session.id ? state.session : null;
    // Later events of a session do not say how it started: keep what its first one said.
    const next: AgentSession = {
      id: session.id,
      transcriptPath: session.transcriptPath ?? same?.transcriptPath ?? null,
      source: session.source ?? same?.source ?? null,
    };
    if (JSON.stringify(state.session) === JSON.stringify(next)) return;
    state.session = next;
    this.#options.publish("pane.changed", { pane: paneId, agentSession: { ...next } }, paneId);
  }

  #publishState(pane: Pane): void {
    const s = pane.agentState.info();
    this.#options.publish("pane.state", {
      pane: pane.id,
      state: s.state,
      source: s.stateSource,
      message: s.stateMessage,
      kind: s.stateKind,
      progress: s.stateProgress,
      since: s.stateSince,
      tasks: s.tasks,
    }, pane.id);
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
    const session = this.#current ? this.sessions.get(this.#current) : undefined;
    const window = session?.currentWindow ? this.windows.get(session.currentWindow) : undefined;
    return {
      ...(session ? { session: session.id } : {}),
      ...(window ? { window: window.id } : {}),
      ...(window?.focused ? { pane: window.focused } : {}),
    };
  }

  /**
   * Resolves an id or unique name of `kind` to a canonical id. With no reference, uses the
   * caller's pane (or its window/session), then the current one.
   */
  resolve(kind: Kind, ref: string | undefined, callerPane?: string, useCaller = true): string {
    if (ref !== undefined) return lookup(kind, this.#records(kind), ref);
    const from = useCaller && callerPane ? this.panes.get(callerPane) : undefined;
    const cur = this.current();
    const id = from
      ? (kind === "pane" ? from.id : kind === "window" ? from.window : from.session)
      : cur[kind];
    if (!id) {
      throw new WeftError(
        "TARGET_NOT_FOUND",
        `Cannot find a current ${kind}: there is none; name one`,
      );
    }
    return id;
  }

  /** The cloneable description of a pane. */
  paneInfo(id: string): PaneInfo {
    const pane = this.pane(id);
    return pane.info(this.#window(pane.window).focused === id);
  }

  /** The cloneable description of a window. */
  windowInfo(id: string): WindowInfo {
    const w = this.#window(id);
    const session = this.sessions.get(w.session);
    return {
      id: w.id,
      name: w.name,
      session: w.session,
      index: session ? session.windows.indexOf(id) : 0,
      panes: w.layout ? panesOf(w.layout) : [],
      focused: w.focused,
      zoomed: w.zoomed,
      current: session?.currentWindow === id,
      cols: w.size.cols,
      rows: w.size.rows,
    };
  }

  /** The cloneable description of a session. */
  sessionInfo(id: string): SessionInfo {
    const s = this.#session(id);
    return {
      id: s.id,
      name: s.name,
      windows: [...s.windows],
      currentWindow: s.currentWindow,
      current: this.#current === id,
      createdAt: new Date(s.createdAt).toISOString(),
    };
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
    const result: RestoreResult = { panes: [], failed: [], deferred: [] };
    const deferred = options.defer && this.#options.checkSpawn ? result.deferred : undefined;
    // Held panes wait for `DeferredPty.start` on their `pty`, whatever `defer` says.
    const held: DeferredPty[] = [];
    const record: SessionRecord = { ...session, windows: [] };
    this.sessions.set(session.id, record);
    for (const saved of windows) {
      if (!saved.layout) continue;
      const window: WindowRecord = { ...saved, session: session.id, size: { ...saved.size } };
      this.windows.set(window.id, window);
      const rects = layoutRects(saved.layout, window.size);
      let tree: LayoutNode | null = saved.layout;
      for (const paneId of panesOf(saved.layout)) {
        const size = rects.get(paneId) ?? window.size;
        const launches = launchesOf(paneId);
        const into = options.hold?.has(paneId) ? held : deferred;
        const pane = this.#spawnFirst(window, paneId, size, launches, result.failed, into);
        if (pane) result.panes.push(pane);
        else tree = tree && removePane(tree, paneId);
      }
      if (!tree) {
        this.windows.delete(window.id);
        continue;
      }
      const left = panesOf(tree);
      window.layout = tree;
      if (!window.focused || !left.includes(window.focused)) window.focused = left[0] ?? null;
      if (window.zoomed && !left.includes(window.zoomed)) window.zoomed = null;
      record.windows.push(window.id);
      this.relayout(window.id);
      this.#options.publish("window.created", this.windowInfo(window.id));
    }
    if (!record.windows.length) {
      this.sessions.delete(session.id);
      return result;
    }
    if (!record.currentWindow || !record.windows.includes(record.currentWindow)) {
      record.currentWindow = record.windows.at(-1)!;
    }
    this.#current ??= session.id;
    this.#options.publish("session.created", this.sessionInfo(session.id));
    return result;
  }

  #spawnFirst(
    window: WindowRecord,
    id: string,
    size: Size,
    launches: LaunchRequest[],
    failed: RestoreResult["failed"],
    deferred: DeferredPty[] | undefined,
  ): Pane | undefined {
    for (const launch of launches) {
      try {
        return this.#spawn(window, launch, size, id, deferred);
      } catch (error) {
        failed.push({ pane: id, command: launch.command, error });
      }
    }
    return undefined;
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
    const env: Record<string, string> = {
      ...this.#options.baseEnv(),
      ...(launch.env ?? {}),
      TERM: "xterm-256color",
      COLORTERM: "truecolor",
      WEFT_PANE: id,
      WEFT_WINDOW: window.id,
      WEFT_SESSION: window.session,
      WEFT_SOCKET: this.#options.socketPath(),
      ...(this.#options.httpAddress ? { WEFT_HTTP: this.#options.httpAddress() } : {}),
      // Known only to the pane's own processes: the OSC form of sideband needs it.
      [SIDEBAND_KEY_ENV]: newPaneKey(),
    };
    Object.assign(env, this.#options.paneEnv?.({ pane: id, session: window.session }, env));
    const full: PaneLaunch = {
      argv: launch.argv,
      command: launch.command,
      cwd: launch.cwd,
      env,
      cols: Math.max(1, size.cols),
      rows: Math.max(1, size.rows),
      historyBytes: this.#options.historyBytes,
    };
    const agent = launch.agent ??
      (launch.canvas ? "program" : guessAgentKind(launch.command.split(/\s+/)));
    let later: ReturnType<typeof deferredLaunch> | undefined;
    if (deferred && !launch.canvas) {
      this.#options.checkSpawn?.({ ...full, argv: [...full.argv] });
      later = deferredLaunch(this.#options.spawn, this.#processes);
    }
    const pane = new Pane({ id, session: window.session, window: window.id }, full, {
      agent,
      ...(launch.canvas ? this.#canvas(id, launch.canvas) : later ?? {
        spawn: this.#options.spawn,
        processes: this.#processes,
      }),
      now: () => this.clock.now(),
      ...(this.#options.declaredTags ? { declaredTags: this.#options.declaredTags } : {}),
      hooks: {
        activity: (p) => this.#onActivity(p),
        output: (p, data) => this.#onOutput(p, data),
        wantsOutput: (p) => this.#options.wants("pane.output", p.id),
        exit: (p, exit) => this.#onExit(p, exit),
        status: (p, message) => this.#onStatus(p, message),
        answersStatus: (p) => this.#options.statusProtocol !== false && acceptProbe(p),
        screenState: (p, report) => this.#live(p) && this.setState(p.id, report),
      },
    });
    pane.name = launch.name ?? null;
    pane.tags = [...(launch.tags ?? [])];
    pane.meta = { ...(launch.meta ?? {}) };
    pane.createdBy = launch.createdBy ?? null;
    pane.givenEnv = { ...(launch.env ?? {}) };
    pane.agentExplicit = launch.agent !== undefined;
    if (later) deferred!.push(later.pty);
    this.panes.set(id, pane);
    this.#foreground?.watch(id);
    this.#options.publish("pane.created", pane.info(false), id);
    return pane;
  }

  /** A canvas pane's stand-in PTY: typed input and new sizes become events for its owner. */
  #canvas(id: string, owner: string) {
    const publish = this.#options.publish;
    return canvasLaunch(owner, {
      input: (data) => publish("pane.canvas.input", { pane: id, owner, data }, id),
      resized: (cols, rows) => publish("pane.canvas.resized", { pane: id, owner, cols, rows }, id),
    });
  }

  /** How many looks the foreground tracking made and their milliseconds (off: null). */
  foregroundStats(): { looks: number; lookMs: number } | null {
    return this.#foreground?.stats() ?? null;
  }

  #onActivity(pane: Pane): void {
    if (pane.state === "idle" && this.#outputOwns(pane)) {
      this.setState(pane.id, { state: "working", source: "output" });
    }
  }

  /** Output activity speaks for a pane nobody better speaks for. */
  #outputOwns(pane: Pane): boolean {
    const { source, held } = pane.agentState;
    return source === "output" || source === "process" || (!held && source !== "screen");
  }

  #onStatus(pane: Pane, message: StatusMessage): void {
    if (!this.#live(pane) || (message.type === "report" && !fromSpeaker(pane))) return;
    const state = pane.agentState;
    const tasks = JSON.stringify(state.tasks);
    if (!state.status.apply(message)) return;
    const report = statusReport(state.status);
    if (!report) state.release("status");
    const changed = this.setState(pane.id, report ?? { state: "idle", source: "output" });
    if (!changed && JSON.stringify(state.tasks) !== tasks) this.#publishState(pane);
  }

  #onOutput(pane: Pane, data: string): void {
    if (this.#live(pane)) {
      this.#options.publish("pane.output", { pane: pane.id, data }, pane.id);
    }
  }

  #onExit(pane: Pane, exit: PaneExit): void {
    if (!this.#live(pane)) return;
    if (this.#foreground?.unwatch(pane.id)) followForeground(pane, null, this.#options.publish);
    this.setState(pane.id, {
      state: "exited",
      source: "process",
      message: exit.signal ?? `exit ${exit.code}`,
    });
    this.#options.publish("pane.exited", { pane: pane.id, ...exit }, pane.id);
  }

  /** Whether this pane object is still the model's (a respawned pane's old self is not). */
  #live(pane: Pane): boolean {
    return this.panes.get(pane.id) === pane;
  }

  #sweepIdle(): void {
    const now = this.clock.now();
    for (const pane of this.panes.values()) {
      const quiet = now - pane.lastOutputAt >= this.#options.idleMs;
      if (quiet && pane.state === "working" && this.#outputOwns(pane)) {
        this.setState(pane.id, { state: "idle", source: "output" });
      }
    }
  }

  #records(kind: Kind): ReadonlyMap<string, Named> {
    return kind === "pane" ? this.panes : kind === "window" ? this.windows : this.sessions;
  }

  #checkName(kind: Kind, name: string, options?: CheckNameOptions): void {
    checkName(kind, this.#records(kind), name, options);
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
