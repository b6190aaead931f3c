/**
 * A control-socket connection as a pane view's source (see `core/sdk/pane_view.ts`): the same
 * snapshot subscription a plugin's context offers, over `subscribe` with a `snapshot`. The
 * socket tells events dropped for the whole connection (`WeftClient.onDropped`), not per
 * subscription: its owner resyncs its views there.
 *
 * @module
 */

import type { PaneSnapshot, PaneSource } from "../../core/sdk/pane_view.ts";
import type { WeftClient } from "./client.ts";

/**
 * The source of pane views over `client` (or over the connection it will be).
 *
 * @example
 * ```ts ignore
 * const view = new PaneView(clientPaneSource(client), "p1", viewer, options);
 * ```
 */
export function clientPaneSource(client: WeftClient | Promise<WeftClient>): PaneSource {
  return {
    subscribeFrom: async (read, filter, listener) => {
      const connection = await client;
      let snapshot: PaneSnapshot | undefined;
      // The snapshot is the first event, handed over before any output of the subscription.
      const unsubscribe = await connection.subscribe({ ...filter, snapshot: read }, (event) => {
        if (event.topic === "snapshot") snapshot = event.data as PaneSnapshot;
        else listener(event);
      });
      const off = () => void unsubscribe().catch(() => {});
      if (snapshot) return { snapshot, off };
      off();
      throw new Error(`Cannot follow pane ${read.pane}: the server sent no snapshot`);
    },
    call: async (name, input) => (await client).call(name, input),
  };
}
