/**
 * The few libc calls the PTY host makes through FFI: non-blocking reads and writes on a PTY
 * master, poll, a wake-up pipe, the terminal's foreground process group, and the errno that goes
 * with them. Loaded lazily, once per
 * thread (the main thread and the reader Worker each open their own handle).
 *
 * @module
 */

const SYMBOLS = {
  read: { parameters: ["i32", "buffer", "usize"], result: "isize" },
  write: { parameters: ["i32", "buffer", "usize"], result: "isize" },
  close: { parameters: ["i32"], result: "i32" },
  poll: { parameters: ["buffer", "u64", "i32"], result: "i32" },
  pipe2: { parameters: ["buffer", "i32"], result: "i32" },
  fcntl: { parameters: ["i32", "i32", "i32"], result: "i32" },
  tcgetpgrp: { parameters: ["i32"], result: "i32" },
  __errno_location: { parameters: [], result: "pointer" },
} as const;

/** The bound libc functions. */
export type Libc = Deno.DynamicLibrary<typeof SYMBOLS>["symbols"];

/** errno values (Linux; the PTY host targets Linux). */
export const EINTR = 4;
/** I/O error: what a PTY master reads once every slave side is closed. */
export const EIO = 5;
/** No data right now on a non-blocking descriptor. */
export const EAGAIN = 11;

/** `poll` event bits. */
export const POLLIN = 0x1;

const F_SETFD = 2;
const FD_CLOEXEC = 1;
const O_NONBLOCK = 0o4000;
const O_CLOEXEC = 0o2000000;

let lib: Libc | undefined;

/** The libc functions, opened on first use. */
export function libc(): Libc {
  if (!lib) {
    const path = Deno.build.os === "darwin" ? "libSystem.dylib" : "libc.so.6";
    lib = Deno.dlopen(path, SYMBOLS).symbols;
  }
  return lib;
}

/** The calling thread's errno. */
export function errno(): number {
  const p = libc().__errno_location();
  return p ? new Deno.UnsafePointerView(p).getInt32() : 0;
}

/** Marks a descriptor close-on-exec so later children do not inherit it. */
export function setCloseOnExec(fd: number): void {
  libc().fcntl(fd, F_SETFD, FD_CLOEXEC);
}

/** A non-blocking, close-on-exec pipe: `[readEnd, writeEnd]`. */
export function makePipe(): [number, number] {
  const fds = new Int32Array(2);
  if (libc().pipe2(fds, O_NONBLOCK | O_CLOEXEC) !== 0) {
    throw new Error(`Cannot create a pipe: errno ${errno()}`);
  }
  return [fds[0]!, fds[1]!];
}

/**
 * Writes as much of `bytes` as the descriptor takes now; returns the count written, 0 when it
 * would block, or -1 on a hard error (the other side is gone).
 */
export function writeSome(fd: number, bytes: Uint8Array): number {
  for (;;) {
    const n = Number(libc().write(fd, bytes, BigInt(bytes.length)));
    if (n >= 0) return n;
    const e = errno();
    if (e === EINTR) continue;
    return e === EAGAIN ? 0 : -1;
  }
}

/** Closes a descriptor, ignoring errors. */
export function closeFd(fd: number): void {
  libc().close(fd);
}
