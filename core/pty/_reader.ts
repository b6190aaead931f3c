/**
 * The main-thread side of the PTY reader Worker: hands PTY masters to it, routes the bytes and
 * ends it posts back to each pane, and passes pause/resume through shared flags. The Worker is
 * started with the first pane and stopped when the last one ends, so an idle process holds no
 * thread and tests leak nothing.
 *
 * @module
 */

import { makePipe, writeSome } from "./_libc.ts";
import type { FromReader, ToReader } from "./_reader_worker.ts";
import { INFLIGHT_CAP } from "./_reader_limits.ts";

/** What a pane hears from the reader. */
export interface ReaderClient {
  /** Bytes read from the PTY, in order. */
  data(bytes: Uint8Array): void;
  /** The reader let go of the PTY: "eof" when it closed, "drain" after {@link ReaderHandle.drain}. */
  end(reason: "eof" | "drain"): void;
}

/** A pane's hold on the reader. */
export interface ReaderHandle {
  pause(): void;
  resume(): void;
  /** Read what the PTY holds now, deliver it, then end with "drain". */
  drain(): void;
  /** Stop reading without an end notice. */
  detach(): void;
}

interface Entry {
  client: ReaderClient;
  ctl: Int32Array;
}

const WAKE = new Uint8Array([1]);
let wakePipe: [number, number] | undefined;
let current: Reader | undefined;
let nextId = 1;

/** Starts reading `fd` (a non-blocking PTY master) for `client`. */
export function attachReader(fd: number, client: ReaderClient): ReaderHandle {
  current ??= new Reader();
  return current.attach(fd, client);
}

class Reader {
  #worker: Worker;
  #seq = new Int32Array(new SharedArrayBuffer(4));
  #entries = new Map<number, Entry>();
  #wakeFd: number;

  constructor() {
    // The pipe lives as long as the process: closing it under a Worker that may still sit in
    // poll(2) could hand its number to another file.
    wakePipe ??= makePipe();
    this.#wakeFd = wakePipe[1];
    this.#worker = new Worker(new URL("./_reader_worker.ts", import.meta.url), {
      type: "module",
      name: "weft-pty-reader",
    });
    this.#worker.onmessage = (event: MessageEvent<FromReader>) => this.#receive(event.data);
    this.#worker.onerror = (event) => {
      event.preventDefault();
      console.error(`weft: the PTY reader failed: ${event.message}`);
      for (const [id, entry] of this.#entries) {
        this.#entries.delete(id);
        entry.client.end("eof");
      }
      this.#stopIfIdle();
    };
    this.#worker.postMessage(
      { op: "init", wakeFd: wakePipe[0], seq: this.#seq.buffer } as ToReader,
    );
  }

  attach(fd: number, client: ReaderClient): ReaderHandle {
    const id = nextId++;
    const ctl = new Int32Array(new SharedArrayBuffer(8));
    this.#entries.set(id, { client, ctl });
    this.#send({ op: "add", id, fd, ctl: ctl.buffer as SharedArrayBuffer });
    return {
      pause: () => Atomics.store(ctl, 1, 1),
      resume: () => {
        if (Atomics.exchange(ctl, 1, 0) === 1) this.#wake();
      },
      drain: () => {
        if (this.#entries.has(id)) this.#send({ op: "drain", id });
      },
      detach: () => {
        if (!this.#entries.delete(id)) return;
        this.#send({ op: "remove", id });
        this.#stopIfIdle();
      },
    };
  }

  #receive(msg: FromReader): void {
    const entry = this.#entries.get(msg.id);
    if ("data" in msg) {
      if (!entry) return;
      const before = Atomics.sub(entry.ctl, 0, msg.data.length);
      // A pane at its cap is left out of the reader's poll; without a wake it would sit
      // there until the reader's idle timeout (a second), not until this catch-up.
      if (before >= INFLIGHT_CAP && before - msg.data.length < INFLIGHT_CAP) this.#wake();
      entry.client.data(msg.data);
      return;
    }
    if (!entry) return;
    this.#entries.delete(msg.id);
    entry.client.end(msg.end);
    this.#stopIfIdle();
  }

  #send(msg: ToReader): void {
    Atomics.add(this.#seq, 0, 1);
    this.#worker.postMessage(msg);
    this.#wake();
  }

  #wake(): void {
    writeSome(this.#wakeFd, WAKE);
  }

  #stopIfIdle(): void {
    if (this.#entries.size || current !== this) return;
    current = undefined;
    // The stop message wakes the thread out of poll(2) and into its event loop, where the
    // terminate takes effect; a thread busy in FFI calls would not see it otherwise.
    this.#send({ op: "stop" });
    this.#worker.terminate();
  }
}
