/**
 * The attach client's picture of a session on another host of the fabric (`weft attach
 * buildbox/main`): read with the calls whose targets name that host (`window.list` and
 * `pane.list` of the session, `window.layout` of its current window), which the bus's routing
 * step carries there; their ids come back qualified (`buildbox/p3`), so every later call made
 * with them (`pane.write`, `pane.focus`, `window.select`, a pane mirror's subscription) goes
 * there too. Another host's structure events do not reach this server: the client reads the
 * state again on a timer ({@link REMOTE_REFRESH_MS}) and once each of its own actions ended.
 *
 * @module
 */

import type { WeftClient } from "../client/mod.ts";
import { WeftError } from "../../protocols/bus/errors.ts";
import { parseHostRef, qualifyRef } from "../../protocols/bus/host_id.ts";
import type { LayoutNode } from "../../protocols/layout/tree/mod.ts";
import type { LayoutInfo, SessionInfo } from "../../protocols/bus/records.ts";
import type { AttachState } from "./session_state.ts";
import { CHROME_ROWS } from "./compose.ts";

/** How often a remote session's state is read again (no structure events cross hosts). */
export const REMOTE_REFRESH_MS = 500;

/**
 * The host a session reference names (`buildbox/main` → `buildbox`), undefined for a plain
 * one. Throws `INVALID_INPUT` for a malformed one (`a/b/c`).
 *
 * @example
 * ```ts
 * import { hostOf } from "./remote_state.ts";
 * console.assert(hostOf("buildbox/main") === "buildbox");
 * console.assert(hostOf("main") === undefined);
 * ```
 */
export function hostOf(ref: string | undefined): string | undefined {
  return ref === undefined ? undefined : parseHostRef(ref).host;
}

/** Whether the attached session is on another host of the fabric. */
export function isRemote(state: AttachState): boolean {
  return hostOf(state.session.id) !== undefined;
}

/**
 * Loads the state of session `ref` on another host (`HOST/ID` or `HOST/NAME`). `known` is the
 * session as read before (its name: a remote session's record is not read, only its windows).
 * Errors keep their code (`HOST_UNREACHABLE`, `UNKNOWN_HOST`, `DENIED`, `TARGET_NOT_FOUND`)
 * and say it first, with the session (the status bar shows a message's start).
 */
export async function loadRemoteState(
  client: WeftClient,
  ref: string,
  known?: Pick<SessionInfo, "id" | "name">,
): Promise<AttachState> {
  try {
    const [{ windows }, { panes }] = await Promise.all([
      client.call("window.list", { session: ref }),
      client.call("pane.list", { session: ref }),
    ]);
    windows.sort((a, b) => a.index - b.index);
    const current = windows.find((w) => w.current) ?? windows[0];
    const layout = current
      ? qualifyLayout(await client.call("window.layout", { window: current.id }))
      : undefined;
    const id = current?.session ?? known?.id ?? ref;
    const given = parseHostRef(ref).ref;
    const name = known?.id === id ? known.name : /^s\d+$/.test(given) ? null : ref;
    const session: SessionInfo = {
      id,
      name,
      windows: windows.map((w) => w.id),
      currentWindow: current?.id ?? null,
      current: false,
      createdAt: "",
    };
    return { session, windows, layout, panes: new Map(panes.map((p) => [p.id, p])) };
  } catch (err) {
    if (!(err instanceof WeftError)) throw err;
    throw new WeftError(
      err.code,
      `Session "${ref}" (${err.code}): ${err.message}`,
      err.data,
    );
  }
}

/**
 * A remote window's layout with the pane ids of its tree qualified as its other ids are
 * (the fabric qualifies the record's id fields, not the tree inside it).
 */
export function qualifyLayout(info: LayoutInfo): LayoutInfo {
  const host = parseHostRef(info.window).host;
  if (!host || !info.layout) return info;
  const q = (node: LayoutNode): LayoutNode =>
    node.type === "pane"
      ? { type: "pane", pane: qualifyRef(host, node.pane) }
      : { ...node, children: node.children.map((c) => ({ ...c, node: q(c.node) })) };
  return { ...info, layout: q(info.layout) };
}

/**
 * Sizes another host's window to this terminal when it is shown (`window.resize` there, which
 * needs that host's `control` grant; refused, the window keeps its size and is drawn clipped).
 * Asks once per window and size: another client there sizing it back is not fought.
 */
export class RemoteFit {
  #asked = new Map<string, string>();

  fit(client: WeftClient, state: AttachState, terminal: { cols: number; rows: number }): void {
    const layout = state.layout;
    if (!layout || !isRemote(state)) return;
    const size = {
      cols: Math.max(2, terminal.cols),
      rows: Math.max(2, terminal.rows - CHROME_ROWS),
    };
    const key = `${size.cols}x${size.rows}`;
    if (
      (layout.cols === size.cols && layout.rows === size.rows) ||
      this.#asked.get(layout.window) === key
    ) return;
    this.#asked.set(layout.window, key);
    client.call("window.resize", { window: layout.window, ...size }).catch(() => {});
  }
}
