/**
 * A cheap park for a parse loop in a flood: the runtime polls sockets only when it has nothing
 * ready to run, so a loop that always has work must let it go idle now and then. A 0 ms timer
 * does that but fires after 1–2 ms: parking after every 5 ms slice left the parser idle ~45 %
 * of the time (a 5 ms-slice loop measured 0.53 busy). Instead, the loop writes a byte into a
 * connected pair of Unix sockets whose other end has a read waiting: the read can only finish
 * after the runtime polled I/O (epoll), which it does at once since the byte is there, and
 * every other ready socket is seen in the same poll. The same loop measured 0.87–0.90 busy with
 * a socket answered in 0.3 ms (p50); parking every third slice by timer instead gave 0.77 busy
 * and 15 ms.
 *
 * The pair exists only during a flood: opened when a loop has had work for a while, closed
 * when it runs out, so an idle process holds no sockets and no pending read. Where it cannot
 * be made (no write permission, no Unix sockets), parks stay 0 ms timers.
 *
 * @module
 */

const ONE = new Uint8Array([1]);

/** Parks through a socket pair while open, through a 0 ms timer otherwise. */
export class SocketPark {
  #write: Deno.UnixConn | undefined;
  #read: Deno.UnixConn | undefined;
  #state: "closed" | "opening" | "open" | "failed" = "closed";
  #wanted = false;
  #next: (() => void) | undefined;
  #settled: (() => void)[] = [];
  /** Parks so far, by way. */
  readonly counts = { socket: 0, timer: 0 };

  /** Whether the pair is open (or being made). */
  get open(): boolean {
    return this.#state === "open" || this.#state === "opening";
  }

  /** Calls `fn` after the runtime has polled I/O. */
  park(fn: () => void): void {
    if (this.#state !== "open" || this.#next) {
      this.counts.timer++;
      setTimeout(fn, 0);
      return;
    }
    this.counts.socket++;
    this.#next = fn;
    this.#write!.write(ONE).catch(() => this.#wake());
  }

  /** Makes the pair (once it is made, {@link park} uses it). */
  start(): void {
    this.#wanted = true;
    if (this.#state === "closed") this.#start();
  }

  /** Drops the pair (a park waiting on it runs by timer). */
  close(): void {
    this.#wanted = false;
    if (this.#state === "open") this.#shut();
  }

  /** Calls `fn` once the pair is not being made (so nothing of it is left pending). */
  settled(fn: () => void): void {
    if (this.#state === "opening") this.#settled.push(fn);
    else fn();
  }

  async #start(): Promise<void> {
    this.#state = "opening";
    let pair: [Deno.UnixConn, Deno.UnixConn] | undefined;
    try {
      pair = await connectedPair();
    } catch {
      // no Unix sockets or no place for one: timers it is
    }
    if (!pair) this.#state = "failed";
    else {
      [this.#write, this.#read] = pair;
      this.#state = "open";
      this.#reads(pair[1]);
      if (!this.#wanted) this.#shut();
    }
    for (const fn of this.#settled.splice(0)) fn();
  }

  async #reads(conn: Deno.UnixConn): Promise<void> {
    const buf = new Uint8Array(64);
    for (;;) {
      const n = await conn.read(buf).catch(() => null);
      if (n === null) return;
      this.#wake();
    }
  }

  #wake(): void {
    const fn = this.#next;
    this.#next = undefined;
    fn?.();
  }

  #shut(): void {
    this.#state = "closed";
    this.#write?.close();
    this.#read?.close();
    this.#write = this.#read = undefined;
    const fn = this.#next;
    this.#next = undefined;
    if (fn) setTimeout(fn, 0);
  }
}

/** Two connected Unix sockets, made through a socket file in a fresh private directory. */
async function connectedPair(): Promise<[Deno.UnixConn, Deno.UnixConn]> {
  const dir = Deno.makeTempDirSync({ prefix: "weft-park-" });
  try {
    const listener = Deno.listen({ transport: "unix", path: `${dir}/s` });
    const accepting = listener.accept();
    try {
      const a = await Deno.connect({ transport: "unix", path: `${dir}/s` });
      return [a, await accepting.catch((err) => (a.close(), Promise.reject(err)))];
    } finally {
      listener.close();
      await accepting.catch(() => {});
    }
  } finally {
    Deno.removeSync(dir, { recursive: true });
  }
}
