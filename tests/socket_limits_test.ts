/**
 * The control socket's own limits: a client that connects and says nothing is closed, clients
 * past the cap are closed as they come, and the server answers the others all along.
 */

import assert from "node:assert/strict";
import { E2E, withServer } from "./helpers/server.ts";

async function closedByServer(conn: Deno.Conn): Promise<boolean> {
  try {
    return await conn.read(new Uint8Array(64)) === null;
  } catch {
    return true;
  } finally {
    conn.close();
  }
}

Deno.test(
  "control socket: a client that never sends is closed; one past the cap is refused",
  E2E,
  async () => {
    await withServer(async ({ server, client }) => {
      const path = server.paths.socket;
      const silent = await Deno.connect({ transport: "unix", path });
      assert.equal(await closedByServer(silent), true, "the silent client is closed");
      // The fixture's client is one of the 4; three more fill the cap.
      const held = await Promise.all(
        [1, 2, 3].map(() => Deno.connect({ transport: "unix", path })),
      );
      for (const c of held) await c.write(new TextEncoder().encode("\n"));
      const extra = await Deno.connect({ transport: "unix", path });
      assert.equal(await closedByServer(extra), true, "the fifth client is closed at once");
      for (const c of held) c.close();
      assert.equal((await client.call<{ pid: number }>("server.status", {})).pid, Deno.pid);
    }, { socket: { maxClients: 4, firstRequestMs: 300 } });
  },
);
