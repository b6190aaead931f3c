/**
 * How the attach client behaves, why it ended, and the events it follows.
 *
 * @module
 */

import type { WeftClient } from "../client/mod.ts";

/** How the client behaves. */
export interface AttachOptions {
  /** Session id or name; default: the server's current session. */
  session?: string;
  /** The prefix key, tmux-style (`C-b`). */
  prefix: string;
  /** History lines each pane mirror keeps for scroll mode. */
  scrollback: number;
  /** Shortest time between two frames. */
  frameMs: number;
  /** How long a lone ESC waits to be the start of a sequence. */
  escapeMs: number;
  /** Copy mode's keys, as tmux's `mode-keys`. */
  modeKeys: "vi" | "emacs";
  /**
   * Connects to the project's server again; given, the client outlives a server restart and
   * comes back to its session. Not given, the client ends when the server goes away.
   */
  reconnect?: () => Promise<WeftClient>;
  /** The user's config file (`[attach]` bindings and theme), followed while attached. */
  userConfig?: string;
}

/** Defaults of {@link AttachOptions}. */
export const ATTACH_DEFAULTS: AttachOptions = {
  prefix: "C-b",
  scrollback: 2000,
  frameMs: 16,
  escapeMs: 25,
  modeKeys: "vi",
};

/** Why the client ended. */
export interface AttachExit {
  reason: "detached" | "server-gone" | "session-closed" | "error";
  message: string;
}

/** What a client follows: the session's structure, unread counts and copies. */
export const STRUCTURE_TOPICS = [
  "layout.changed",
  "focus.changed",
  "pane.created",
  "pane.closed",
  "pane.exited",
  "pane.changed",
  "pane.state",
  "pane.current",
  "window.*",
  "session.*",
  "message.unread",
  "tmux.clipboard",
  "pane.clipboard",
];

/** The exit of a client whose session closed. */
export function sessionClosed(state: { session: { id: string; name: string | null } }): AttachExit {
  return {
    reason: "session-closed",
    message: `session ${state.session.name ?? state.session.id} closed`,
  };
}

/** The exit of a client detached by its user. */
export function detachedExit(state: { session: { id: string; name: string | null } }): AttachExit {
  return {
    reason: "detached",
    message: `detached (from session ${state.session.name ?? state.session.id})`,
  };
}
