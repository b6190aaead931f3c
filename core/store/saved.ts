/**
 * What the store keeps of the model, as plain JSON-able records, and how a live session,
 * window or pane becomes one. Environment values are kept only when the pane was given them
 * explicitly, and never weft's own (`WEFT_*`: the pane key, the MCP token, ids and socket).
 *
 * @module
 */

import type { LayoutNode, Size } from "../../protocols/layout/tree/mod.ts";
import type { AgentKind, Pane, PaneExit, SessionRecord, WindowRecord } from "../model/mod.ts";
import { canvasOwner } from "../model/canvas_pty.ts";

/** A session as stored. */
export interface SavedSession {
  id: string;
  name: string | null;
  windows: string[];
  currentWindow: string | null;
  createdAt: number;
}

/** A window as stored. */
export interface SavedWindow {
  id: string;
  name: string | null;
  session: string;
  layout: LayoutNode;
  focused: string | null;
  zoomed: string | null;
  size: Size;
}

/** A pane as stored: how it was started, where it was, what it was. */
export interface SavedPane {
  id: string;
  session: string;
  window: string;
  name: string | null;
  argv: string[];
  command: string;
  /** The directory it was started in. */
  cwd: string;
  /** Where it was last seen: the foreground process's cwd, else OSC 7, else {@link cwd}. */
  lastCwd: string;
  /** Variables it was given explicitly (never `WEFT_*`). */
  env: Record<string, string>;
  agent: AgentKind;
  /** The kind was given (launch `agent`, `pane.set`), not guessed. */
  agentExplicit: boolean;
  /** The agent's own conversation id (Claude Code's `session_id`), when known. */
  agentSession: string | null;
  tags: string[];
  meta: Record<string, string>;
  createdBy: string | null;
  /** How its process ended, when it had. */
  exit: PaneExit | null;
  /** A canvas pane's owner (no process; see `pane.canvas`); absent for a program's pane. */
  canvas?: string;
  /** This user's seal over the rest (`seal.ts`); absent on a pane weft did not seal. */
  seal?: string;
}

/** The last screenful of a pane, with colours (SGR). */
export interface SavedScreen {
  cols: number;
  rows: number;
  ansi: string;
  savedAt: number;
}

/** Everything a store holds about a previous run. */
export interface SavedState {
  sessions: SavedSession[];
  windows: Map<string, SavedWindow>;
  panes: Map<string, SavedPane>;
  screens: Map<string, SavedScreen>;
  /** The current session. */
  current: string | null;
  /** The id counters per prefix (`s`, `w`, `p`): new ids continue after them. */
  counters: Record<string, number>;
  /** When the store was last written (ms since the epoch), 0 when never. */
  savedAt: number;
}

/** The stored form of a session. */
export function savedSession(s: SessionRecord): SavedSession {
  return {
    id: s.id,
    name: s.name,
    windows: [...s.windows],
    currentWindow: s.currentWindow,
    createdAt: s.createdAt,
  };
}

/** The stored form of a window; undefined while it has no layout (being torn down). */
export function savedWindow(w: WindowRecord): SavedWindow | undefined {
  if (!w.layout) return undefined;
  return {
    id: w.id,
    name: w.name,
    session: w.session,
    layout: w.layout,
    focused: w.focused,
    zoomed: w.zoomed,
    size: { cols: w.size.cols, rows: w.size.rows },
  };
}

/** The stored form of a pane. */
export function savedPane(pane: Pane): SavedPane {
  const env: Record<string, string> = {};
  for (const [k, v] of Object.entries(pane.givenEnv)) if (!k.startsWith("WEFT_")) env[k] = v;
  return {
    id: pane.id,
    session: pane.session,
    window: pane.window,
    name: pane.name,
    argv: [...pane.launch.argv],
    command: pane.launch.command,
    cwd: pane.launch.cwd,
    lastCwd: pane.current?.cwd ?? pane.screen.cwd ?? pane.launch.cwd,
    env,
    agent: pane.agent,
    agentExplicit: pane.agentExplicit,
    // Claude Code's session_id, which its hooks report (pane.changed with agentSession).
    agentSession: pane.agentState.session?.id ?? null,
    tags: [...pane.tags],
    meta: { ...pane.meta },
    createdBy: pane.createdBy,
    exit: pane.exit,
    ...(canvasOwner(pane.pty) ? { canvas: canvasOwner(pane.pty)! } : {}),
  };
}
