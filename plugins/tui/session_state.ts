/**
 * What the attach client knows about the server: its session, that session's windows, the
 * current window's layout, and every pane (labels, states, the blocked count). Fetched through
 * the bus; refreshed when structural events arrive.
 *
 * @module
 */

import type { WeftClient } from "../client/mod.ts";
import type { WeftEvent } from "../../protocols/bus/events.ts";
import { WeftError } from "../../protocols/bus/errors.ts";
import type { LayoutInfo, PaneInfo, SessionInfo, WindowInfo } from "../../protocols/bus/records.ts";
import type { WindowView } from "./chrome.ts";
import { hostOf, loadRemoteState } from "./remote_state.ts";

/** What `window.layout` returns (the contract's record). */
export type { LayoutInfo };

/** One consistent picture of the attached session. */
export interface AttachState {
  session: SessionInfo;
  /** The session's windows in order. */
  windows: WindowInfo[];
  /** The current window's layout; undefined while the session has no window. */
  layout: LayoutInfo | undefined;
  /** Every pane of the server, by id. */
  panes: Map<string, PaneInfo>;
}

/**
 * Loads the state of session `ref` (id or name), or of the current session when `ref` is
 * undefined. Throws `TARGET_NOT_FOUND` when there is no such session. A `ref` naming another
 * host (`buildbox/main`) is read there (see `remote_state.ts`); `known` is its record as read
 * before.
 */
export async function loadState(
  client: WeftClient,
  ref: string | undefined,
  known?: Pick<SessionInfo, "id" | "name">,
): Promise<AttachState> {
  if (ref !== undefined && hostOf(ref)) return await loadRemoteState(client, ref, known);
  const [{ sessions }, { panes }] = await Promise.all([
    client.call("session.list"),
    client.call("pane.list"),
  ]);
  const session = ref === undefined
    ? sessions.find((s) => s.current) ?? sessions[0]
    : sessions.find((s) => s.id === ref || s.name === ref);
  if (!session) {
    const known = sessions.map((s) => s.name ?? s.id).join(", ") || "none";
    throw new WeftError(
      "TARGET_NOT_FOUND",
      ref === undefined
        ? "Cannot attach: the server has no session; start one with `weft new`"
        : `Cannot attach to session "${ref}": no such session (have: ${known})`,
    );
  }
  const { windows } = await client.call("window.list", {
    session: session.id,
  });
  windows.sort((a, b) => a.index - b.index);
  const current = session.currentWindow ?? windows[0]?.id;
  const layout = current ? await client.call("window.layout", { window: current }) : undefined;
  return { session, windows, layout, panes: new Map(panes.map((p) => [p.id, p])) };
}

/**
 * Applies a structural event to `state`: `patched` when the event's data was enough (a pane's
 * agent state, what runs in it), `closed` when it closed this session, `reload` when the state
 * must be read again.
 *
 * @example
 * ```ts ignore
 * if (applyEvent(state, event) === "reload") state = await loadState(client, state.session.id);
 * ```
 */
export function applyEvent(state: AttachState, event: WeftEvent): "patched" | "closed" | "reload" {
  if (event.topic === "pane.state") {
    const data = event.data as {
      pane: string;
      state: PaneInfo["state"];
      source: PaneInfo["stateSource"];
      kind: string | null;
      progress: number | null;
      message: string | null;
    };
    const pane = state.panes.get(data.pane);
    if (pane) {
      pane.state = data.state;
      pane.stateSource = data.source;
      pane.stateKind = data.kind ?? null;
      pane.stateProgress = data.progress ?? null;
      pane.stateMessage = data.message ?? null;
    }
    return "patched";
  }
  if (event.topic === "pane.current") {
    const data = event.data as { pane: string; current: PaneInfo["current"] };
    const pane = state.panes.get(data.pane);
    if (pane) pane.current = data.current;
    return "patched";
  }
  if (event.topic === "pane.changed") {
    // Its metadata now (a mute must hold for a wait that follows at once), then a reload.
    const data = event.data as { pane: string; meta?: PaneInfo["meta"] };
    const pane = state.panes.get(data.pane);
    if (pane && data.meta) pane.meta = data.meta;
  }
  const closed = (event.data as { session?: string }).session === state.session.id;
  return event.topic === "session.closed" && closed ? "closed" : "reload";
}

/**
 * How many panes (of any session) are blocked waiting for a human.
 *
 * @example
 * ```ts
 * import { blockedCount } from "./session_state.ts";
 * const panes = new Map([["p1", { state: "blocked" }], ["p2", { state: "idle" }]]);
 * console.assert(blockedCount(panes) === 1);
 * ```
 */
export function blockedCount(panes: ReadonlyMap<string, { state: string }>): number {
  let n = 0;
  for (const p of panes.values()) if (p.state === "blocked") n++;
  return n;
}

/**
 * The text of a copy event this client's terminal clipboard gets: a program copied (OSC 52
 * as the project allows, `pane.clipboard`, only from this session's panes; or
 * `tmux load-buffer -w`, `tmux.clipboard`, from anywhere). Undefined when it is not for it.
 */
export function copiedText(state: AttachState, event: WeftEvent): string | undefined {
  const { pane, text } = event.data as { pane: string | null; text: string };
  const theirs = pane && state.panes.get(pane)?.session !== state.session.id;
  return event.topic === "pane.clipboard" && theirs ? undefined : text;
}

/** The current window as drawn, or undefined while it has no layout. */
export function windowView(state: AttachState): WindowView | undefined {
  const l = state.layout;
  if (!l?.layout) return undefined;
  return {
    tree: l.layout,
    size: { cols: l.cols, rows: l.rows },
    zoomed: l.zoomed,
    focused: l.focused,
  };
}
