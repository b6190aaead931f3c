/**
 * The PTY reader thread. One Worker reads every pane's PTY master with poll(2) and read(2)
 * through FFI, so reading goes on while the main thread parses: the program never waits on
 * the parser, and a busy main thread gets bigger batches instead of many small ones.
 *
 * Protocol (see `_pty_reader.ts`): the main thread bumps `seq` and posts a message, then writes
 * a byte to the wake pipe; a byte alone (no message) means "look at the pause flags again".
 * Per pane, `ctl[0]` counts bytes posted but not yet received by the main thread and `ctl[1]`
 * is the pause flag.
 *
 * @module
 */

/// <reference lib="deno.worker" />

import { EAGAIN, EINTR, errno, libc } from "./_libc.ts";
import { INFLIGHT_CAP } from "./_reader_limits.ts";

interface Pane {
  id: number;
  fd: number;
  ctl: Int32Array;
  held: Uint8Array[];
  heldBytes: number;
  /** "eof": the PTY closed; "drain": the main thread asked for a last read then an end. */
  ending?: "eof" | "drain";
}

/** Messages from the main thread. */
export type ToReader =
  | { op: "init"; wakeFd: number; seq: SharedArrayBuffer }
  | { op: "add"; id: number; fd: number; ctl: SharedArrayBuffer }
  | { op: "drain"; id: number }
  | { op: "remove"; id: number }
  | { op: "stop" };

/** Messages to the main thread: bytes read, or the end of a pane. */
export type FromReader =
  | { id: number; data: Uint8Array }
  | { id: number; end: "eof" | "drain" };

/** Post at most this much in one message; hold a pane's reads up to it while the main thread is busy. */
const HOLD_MAX = 256 * 1024;
/** While holding data, look again this often (ms) for the main thread to catch up. */
const HOLD_POLL_MS = 1;
/** Wake at least this often (ms) so a terminated Worker never sits in poll for long. */
const IDLE_POLL_MS = 1000;

const panes = new Map<number, Pane>();
const scratch = new Uint8Array(64 * 1024);
let wakeFd = -1;
let seq: Int32Array | undefined;
let processed = 0;
let onProcessed: (() => void) | undefined;
let stopped = false;

self.onmessage = (event: MessageEvent<ToReader>) => {
  const msg = event.data;
  if (msg.op === "init") {
    wakeFd = msg.wakeFd;
    seq = new Int32Array(msg.seq);
    run();
    return;
  }
  handle(msg);
  processed++;
  onProcessed?.();
};

function handle(msg: Exclude<ToReader, { op: "init" }>): void {
  if (msg.op === "add") {
    panes.set(msg.id, {
      id: msg.id,
      fd: msg.fd,
      ctl: new Int32Array(msg.ctl),
      held: [],
      heldBytes: 0,
    });
  } else if (msg.op === "drain") {
    const pane = panes.get(msg.id);
    if (pane && !pane.ending) {
      readPane(pane, Infinity);
      pane.ending ??= "drain";
    }
  } else if (msg.op === "remove") {
    panes.delete(msg.id);
  } else {
    stopped = true;
  }
}

async function run(): Promise<void> {
  const pollBuf = new Uint8Array(8 * 256);
  const view = new DataView(pollBuf.buffer);
  let polled: Pane[] = [];
  for (;;) {
    // Awaiting here also returns to the event loop, the only place a terminate() takes effect.
    while (processed < Atomics.load(seq!, 0)) {
      await new Promise<void>((resolve) => onProcessed = resolve);
      onProcessed = undefined;
    }
    if (stopped) return;
    flushAll();
    polled = [];
    let holding = false;
    for (const pane of panes.values()) {
      if (pane.heldBytes) holding = true;
      if (pane.ending || !readable(pane)) continue;
      polled.push(pane);
    }
    const need = 8 * (polled.length + 1);
    const buf = need <= pollBuf.length ? pollBuf : new Uint8Array(need);
    const dv = buf === pollBuf ? view : new DataView(buf.buffer);
    setPollFd(dv, 0, wakeFd);
    polled.forEach((pane, i) => setPollFd(dv, i + 1, pane.fd));
    const n = libc().poll(buf, BigInt(polled.length + 1), holding ? HOLD_POLL_MS : IDLE_POLL_MS);
    if (n <= 0) continue;
    if (dv.getInt16(6, true)) drainWake();
    for (let i = 0; i < polled.length; i++) {
      if (dv.getInt16(8 * (i + 1) + 6, true)) readPane(polled[i]!, HOLD_MAX);
    }
  }
}

function setPollFd(dv: DataView, index: number, fd: number): void {
  dv.setInt32(8 * index, fd, true);
  dv.setInt16(8 * index + 4, 1, true); // POLLIN
  dv.setInt16(8 * index + 6, 0, true);
}

function readable(pane: Pane): boolean {
  return Atomics.load(pane.ctl, 1) === 0 && Atomics.load(pane.ctl, 0) < INFLIGHT_CAP &&
    pane.heldBytes < HOLD_MAX;
}

function drainWake(): void {
  while (Number(libc().read(wakeFd, scratch, BigInt(scratch.length))) > 0) {
    // the bytes carry no data
  }
}

/** Reads until the PTY has nothing more right now, or `limit` bytes are held. */
function readPane(pane: Pane, limit: number): void {
  while (pane.heldBytes < limit) {
    const n = Number(libc().read(pane.fd, scratch, BigInt(scratch.length)));
    if (n > 0) {
      pane.held.push(scratch.slice(0, n));
      pane.heldBytes += n;
      continue;
    }
    const e = n < 0 ? errno() : 0;
    if (e === EINTR) continue;
    if (e !== EAGAIN) pane.ending = "eof"; // 0 or EIO: every slave side is closed
    return;
  }
}

function flushAll(): void {
  for (const pane of panes.values()) {
    const idle = Atomics.load(pane.ctl, 0) === 0;
    if (pane.heldBytes && (idle || pane.heldBytes >= HOLD_MAX || pane.ending)) post(pane);
    if (pane.ending && !pane.heldBytes) {
      panes.delete(pane.id);
      self.postMessage({ id: pane.id, end: pane.ending } satisfies FromReader);
    }
  }
}

function post(pane: Pane): void {
  let data: Uint8Array;
  if (pane.held.length === 1) data = pane.held[0]!;
  else {
    data = new Uint8Array(pane.heldBytes);
    let at = 0;
    for (const part of pane.held) {
      data.set(part, at);
      at += part.length;
    }
  }
  pane.held = [];
  pane.heldBytes = 0;
  Atomics.add(pane.ctl, 0, data.length);
  self.postMessage({ id: pane.id, data } satisfies FromReader, [data.buffer as ArrayBuffer]);
}
