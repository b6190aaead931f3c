/**
 * Listening for the guarded server: on loopback, again after the listener failed, and a probe
 * that tells a stuck listener.
 *
 * @module
 */

import type http from "node:http";

/** Listens on 127.0.0.1:`port` (0: any); resolves with the port. */
export function listenOnce(server: http.Server, port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const failed = (err: Error & { code?: string }) => {
      server.off("listening", listening);
      reject(
        err.code === "EADDRINUSE"
          ? new Deno.errors.AddrInUse(`Cannot listen on 127.0.0.1:${port}: it is in use`)
          : err,
      );
    };
    const listening = () => {
      server.off("error", failed);
      resolve((server.address() as { port: number }).port);
    };
    server.once("error", failed);
    server.once("listening", listening);
    server.listen(port, "127.0.0.1");
  });
}

/** Listens on `port` again, trying every `ms` (doubling to 5 s) until it works or closes. */
export function relisten(
  server: http.Server,
  port: number,
  ms: number,
  closing: () => boolean,
  say: (text: string) => void,
  state: { relistening: boolean },
): void {
  state.relistening = true;
  server.close();
  setTimeout(async () => {
    if (closing()) return;
    try {
      await listenOnce(server, port);
      state.relistening = false;
      say(`listening again on port ${port}`);
    } catch (err) {
      say(`cannot listen on port ${port} yet (${(err as Error).message})`);
      relisten(server, port, Math.min(ms * 2, 5_000), closing, say, state);
    }
  }, ms);
}

/**
 * Connects to the door: true when the server accepted nothing within a second (the listener is
 * stuck); false when it accepted this or any connection, or when this process cannot even
 * connect (no descriptor to spare: too soon to tell). The server closes the probe as it would
 * any idle client's.
 */
export async function acceptStuck(port: number, accepts: { count: number }): Promise<boolean> {
  const before = accepts.count;
  let conn: Deno.TcpConn;
  try {
    conn = await Deno.connect({ hostname: "127.0.0.1", port });
  } catch {
    return false;
  }
  const end = performance.now() + 1_000;
  while (accepts.count === before && performance.now() < end) {
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  conn.close();
  return accepts.count === before;
}
