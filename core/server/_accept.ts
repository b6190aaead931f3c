/**
 * The control socket's accept loop: one {@link Connection} per client, capped and deadlined.
 *
 * @module
 */

import type { Bus } from "../bus/mod.ts";
import type { Model } from "../model/mod.ts";
import type { AttachedSizes } from "./attached_sizes.ts";
import { Connection } from "./connection.ts";
import type { FlowLimits } from "./_outbox.ts";
import { paneScreenOf } from "./_pane_screen.ts";

/**
 * Serves the control socket's clients: at most `maxClients` at once (one past it is closed as it
 * comes), each closed if it sends nothing for `firstRequestMs` after connecting. An accept that
 * fails (out of descriptors) is logged and tried again; only closing the listener ends the loop.
 */
export async function acceptLoop(
  listener: Deno.Listener,
  connections: Set<Connection>,
  deps: {
    bus: Bus;
    model: Model;
    sizes: AttachedSizes;
    maxLineBytes: number;
    info: Record<string, unknown>;
    flow: Partial<FlowLimits> | undefined;
    paneKey: (id: string, key: string) => boolean;
    maxClients: number;
    firstRequestMs: number;
  },
): Promise<void> {
  let n = 0;
  let failing = 0;
  for (;;) {
    let conn: Deno.Conn;
    try {
      conn = await listener.accept();
      failing = 0;
    } catch (err) {
      // The listener was closed: the server is stopping.
      if (err instanceof Deno.errors.BadResource || err instanceof Deno.errors.Interrupted) return;
      if (failing++ === 0) console.error(`weft: cannot accept a client (${err}); trying again`);
      await new Promise((resolve) => setTimeout(resolve, Math.min(50 * failing, 1_000)));
      continue;
    }
    if (connections.size >= deps.maxClients) {
      conn.close();
      continue;
    }
    const connection = new Connection(conn, {
      bus: deps.bus,
      id: `c${++n}`,
      maxLineBytes: deps.maxLineBytes,
      firstRequestMs: deps.firstRequestMs,
      ...(deps.flow ? { flow: deps.flow } : {}),
      hello: () => ({ ...deps.info }),
      paneExists: (id) => deps.model.panes.has(id),
      paneKey: deps.paneKey,
      sizes: deps.sizes,
      paneScreen: paneScreenOf(deps.model),
    });
    connections.add(connection);
    connection.serve().finally(() => connections.delete(connection));
  }
}
