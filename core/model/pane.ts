/**
 * A pane: a PTY process plus its live headless screen, and what weft knows about it.
 *
 * @module
 */

import type { ParseLoop } from "../screen/mod.ts";
import type { ForegroundProcess, PaneProcesses } from "../pty/mod.ts";
import { Screen } from "../screen/mod.ts";
import { pipe } from "./pane_io.ts";
import { DisplayFilter } from "./display_filter.ts";
import type { AgentKind } from "../../protocols/agents/mod.ts";
import { AgentState, type PaneState, type StateReport, type StateSource } from "./agent_state.ts";
import { watchScreenState } from "./screen_watch.ts";
import type { StatusMessage } from "../../protocols/status/mod.ts";
import type { PanePty, SpawnPty } from "./pane_pty.ts";
import { canvasOwner } from "./canvas_pty.ts";
import type { CurrentInfo, PaneExit, PaneInfo } from "../../protocols/bus/records.ts";

export { PANE_STATES } from "./agent_state.ts";
export type { PaneState, StateSource } from "./agent_state.ts";

export type { CurrentInfo, PaneExit, PaneInfo } from "../../protocols/bus/records.ts";

/** What it takes to start a pane's process. */
export interface PaneLaunch {
  argv: string[];
  /** The command as the user wrote it (a shell string, or argv joined). */
  command: string;
  cwd: string;
  env: Record<string, string>;
  cols: number;
  rows: number;
  historyBytes: number;
}

/** Hooks the model gives a pane to report what happens. */
export interface PaneHooks {
  /** Output arrived (called for every chunk; keep it cheap). */
  activity: (pane: Pane) => void;
  /** Output as text, only while {@link wantsOutput} says someone listens. */
  output: (pane: Pane, data: string) => void;
  wantsOutput: (pane: Pane) => boolean;
  exit: (pane: Pane, exit: PaneExit) => void;
  /** The program reported its status (OSC 7501). */
  status: (pane: Pane, message: StatusMessage) => void;
  /** Whether to answer the program's status probe (say the terminal takes its reports). */
  answersStatus: (pane: Pane) => boolean;
  /** The screen heuristics saw a state (see `screen_watch.ts`). */
  screenState: (pane: Pane, report: StateReport) => void;
  /** The program set the clipboard (OSC 52). */
  clipboard?: (pane: Pane, text: string) => void;
}

/** What a pane is given to start: its PTY factory, its process reaper, its clock, its hooks. */
export interface PaneOptions {
  agent: AgentKind;
  hooks: PaneHooks;
  /** Starts the process (the server's is `Pty.spawn`). */
  spawn: SpawnPty;
  /** Records the process and ends its whole session when the pane goes (`ProcessGroups`). */
  processes: PaneProcesses;
  /** Monotonic milliseconds, for {@link Pane.lastOutputAt}. */
  now: () => number;
  /** The sideband tags commands declare, which the display filter hides too. */
  declaredTags?: () => ReadonlySet<string>;
  /** The loop that parses the model's panes in turn; its own when absent (a lone pane). */
  parseLoop?: ParseLoop;
}

/**
 * A live pane. The model creates it and owns its place in sessions and windows.
 */
export class Pane {
  readonly id: string;
  readonly launch: PaneLaunch;
  readonly pty: PanePty;
  readonly screen: Screen;
  name: string | null = null;
  session: string;
  window: string;
  agent: AgentKind;
  /** Its state, who reported it, since when; the rule for who may replace it. */
  readonly agentState: AgentState;
  /** The kind guessed at launch (or given); a foreground program that is no agent means this. */
  launchAgent: AgentKind;
  /** The kind was given (launch `agent`, `pane.set`): it no longer follows the foreground. */
  agentExplicit = false;
  /** What runs in the foreground, as last seen. */
  current: ForegroundProcess | null = null;
  tags: string[] = [];
  meta: Record<string, string> = {};
  createdBy: string | null = null;
  /** Variables the pane was given explicitly (launch `env`), not the ones it inherited. */
  givenEnv: Record<string, string> = {};
  exit: PaneExit | null = null;
  /** When output last arrived, on the model's clock. */
  lastOutputAt: number;
  /** Monotonic time of the last key a human typed into this pane (for arbitration). */
  lastHumanInputAt = -Infinity;
  #unpipe: () => void;
  #unwatch: () => void;
  #display: DisplayFilter | undefined;
  #exited: Promise<PaneExit>;
  #processes: PaneProcesses;
  #declaredTags: (() => ReadonlySet<string>) | undefined;

  constructor(
    ids: { id: string; session: string; window: string },
    launch: PaneLaunch,
    options: PaneOptions,
  ) {
    this.id = ids.id;
    this.session = ids.session;
    this.window = ids.window;
    this.launch = launch;
    this.agent = this.launchAgent = options.agent;
    this.lastOutputAt = options.now();
    this.agentState = new AgentState({ now: () => Date.now(), mono: options.now });
    this.pty = options.spawn({
      argv: launch.argv,
      cwd: launch.cwd,
      env: launch.env,
      cols: launch.cols,
      rows: launch.rows,
      command: launch.command,
    });
    this.#processes = options.processes;
    this.#declaredTags = options.declaredTags;
    this.#processes.track(this.pty.pid);
    this.screen = new Screen({
      cols: launch.cols,
      rows: launch.rows,
      historyBytes: launch.historyBytes,
      reply: (data) => this.pty.write(data),
      ...(options.parseLoop ? { parseLoop: options.parseLoop } : {}),
      status: {
        answer: () => options.hooks.answersStatus(this),
        report: (message) => options.hooks.status(this, message),
      },
      clipboard: (text) => options.hooks.clipboard?.(this, text),
    });
    const { hooks } = options;
    this.#unpipe = pipe(this.pty, this.screen, {
      display: () =>
        this.#display && ((text, bytes) => {
          if (this.#display!.passes(text)) this.screen.write(bytes);
          else this.#display!.push(text);
        }),
      onActivity: () => {
        this.lastOutputAt = options.now();
        hooks.activity(this);
      },
      onOutput: (data) => hooks.output(this, data),
      wantsText: () => hooks.wantsOutput(this),
    });
    this.#unwatch = watchScreenState(this, (report) => hooks.screenState(this, report), {
      mono: options.now,
    });
    this.#exited = new Promise((resolve) => {
      this.pty.onExit((info) => {
        this.exit = { code: info.code, signal: info.signal };
        hooks.exit(this, this.exit);
        resolve(this.exit);
      });
    });
  }

  /**
   * Hides recognised sideband commands from what the screen shows (plain-stream panes, FEAT-019
   * passthrough), or shows everything again; held text is let through when turned off.
   */
  setDisplayFilter(kind: "sideband" | null): void {
    if (kind === null) {
      this.#display?.dispose();
      this.#display = undefined;
    } else {
      const declared = this.#declaredTags;
      this.#display ??= new DisplayFilter({
        write: (text) => this.screen.write(text),
        ...(declared ? { declared } : {}),
      });
    }
  }

  /** Which display filter is on. */
  get displayFilter(): "sideband" | null {
    return this.#display ? "sideband" : null;
  }

  /** The state (see {@link agentState}). */
  get state(): PaneState {
    return this.agentState.state;
  }

  /** Who reported the state. */
  get stateSource(): StateSource {
    return this.agentState.source;
  }

  /** What the state means, for humans. */
  get stateMessage(): string | null {
    return this.agentState.message;
  }

  /** Resolves when the process has exited. */
  get exited(): Promise<PaneExit> {
    return this.#exited;
  }

  /** Resizes the PTY and the screen together. */
  resize(cols: number, rows: number): void {
    if (cols === this.launch.cols && rows === this.launch.rows) return;
    this.launch.cols = cols;
    this.launch.rows = rows;
    this.screen.resize(cols, rows);
    this.pty.resize(cols, rows);
  }

  /**
   * Ends the pane's processes (its whole session: SIGHUP, SIGTERM, SIGKILL) and frees the
   * screen; resolves when the processes are gone.
   */
  dispose(): Promise<void> {
    this.#display?.dispose();
    this.#unpipe();
    this.#unwatch();
    const ended = this.#processes.end(this.pty.pid);
    this.screen.dispose();
    return ended;
  }

  /** The cloneable description. */
  info(focused: boolean): PaneInfo {
    return {
      id: this.id,
      name: this.name,
      session: this.session,
      window: this.window,
      command: this.launch.command,
      argv: [...this.launch.argv],
      cwd: this.screen.cwd ?? this.launch.cwd,
      pid: this.pty.pid,
      cols: this.launch.cols,
      rows: this.launch.rows,
      title: this.screen.title,
      agent: this.agent,
      current: this.current && currentInfo(this.current),
      ...this.agentState.info(),
      exit: this.exit,
      tags: [...this.tags],
      meta: { ...this.meta },
      createdBy: this.createdBy,
      focused,
      revision: this.screen.revision,
      canvas: canvasOwner(this.pty),
    };
  }
}

/** The part of a foreground process that commands show. */
export function currentInfo(p: ForegroundProcess): CurrentInfo {
  return { pid: p.pid, program: p.program, argv: [...p.argv], cwd: p.cwd };
}
