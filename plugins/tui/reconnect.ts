/**
 * Coming back after the server went away (`weft stop` then `weft serve`, a crash and a
 * restart): try to connect again, sooner at first, then every two seconds, until a server
 * answers and shows the session the client followed (restore keeps ids), else its current one.
 *
 * @module
 */

import type { WeftClient } from "../client/mod.ts";
import { type AttachState, loadState } from "./session_state.ts";

/** What {@link reconnect} needs. */
export interface ReconnectOptions {
  /** Opens a connection to the project's server (throws while there is none). */
  connect: () => Promise<WeftClient>;
  /** The session to come back to: its id, then its name. */
  session: { id: string; name: string | null };
  /** False once the client ends: the loop stops. */
  alive: () => boolean;
  /** Milliseconds before each try (default: 100, doubling up to 2000). */
  delays?: Iterable<number>;
}

function* backoff(): Iterable<number> {
  for (let ms = 100;; ms = Math.min(2000, ms * 2)) yield ms;
}

/**
 * Connects again; resolves with the new connection and the state of the same session (or the
 * server's current one when that session is gone, `same` false), or undefined when the client
 * ended meanwhile.
 *
 * @example
 * ```ts ignore
 * const back = await reconnect({ connect, session: { id: "s1", name: "main" }, alive });
 * if (back) use(back.client, back.state);
 * ```
 */
export async function reconnect(
  options: ReconnectOptions,
): Promise<{ client: WeftClient; state: AttachState; same: boolean } | undefined> {
  for (const ms of options.delays ?? backoff()) {
    if (!options.alive()) return undefined;
    await new Promise((r) => setTimeout(r, ms));
    if (!options.alive()) return undefined;
    let client: WeftClient | undefined;
    try {
      client = await options.connect();
      for (const ref of [options.session.id, options.session.name]) {
        if (ref === null) continue;
        const state = await loadState(client, ref).catch(() => undefined);
        if (state) return { client, state, same: true };
      }
      return { client, state: await loadState(client, undefined), same: false };
    } catch {
      client?.close();
    }
  }
  return undefined;
}

/** What the status bar says once the client is back (`back` from {@link reconnect}). */
export function reconnectedNotice(
  back: { state: AttachState; same: boolean },
  session: { id: string; name: string | null },
): string {
  const was = session.name ?? session.id;
  if (back.same) return `reconnected to the weft server: session ${was}`;
  return `reconnected: session ${was} is gone, showing ${
    back.state.session.name ?? back.state.session.id
  }`;
}
