/**
 * What the PTY host reads from Linux's `/proc` to end a pane's processes: each process's
 * session, process group, state and start time. The start time (clock ticks since boot) tells a
 * recycled pid from the process weft started; the boot id tells a record of an earlier boot.
 * Elsewhere `/proc` is missing and these return nothing.
 *
 * @module
 */

/** One process, from `/proc/PID/stat`. */
export interface ProcStat {
  pid: number;
  /** One letter: R, S, D, T, Z (zombie), X (dead), … */
  state: string;
  pgid: number;
  sid: number;
  /** The foreground process group of the process's terminal (-1 or 0 without one). */
  tpgid: number;
  /** Clock ticks after boot when the process started. */
  startTime: number;
}

/**
 * Parses a `/proc/PID/stat` line. The command name (field 2) may hold spaces and parentheses,
 * so the fields are counted from the last `)`.
 *
 * @example
 * ```ts
 * import { parseStat } from "./_proc.ts";
 * const line = "42 (a (b) c) S 1 42 42 0 -1 4194560 " + "0 ".repeat(8) + "20 0 1 0 777 0";
 * console.assert(parseStat(line)?.startTime === 777);
 * ```
 */
export function parseStat(line: string): ProcStat | undefined {
  const close = line.lastIndexOf(")");
  const pid = Number.parseInt(line, 10);
  if (close < 0 || !Number.isInteger(pid)) return undefined;
  // Fields from 3 on: state ppid pgrp session tty_nr tpgid flags minflt cminflt majflt cmajflt
  // utime stime cutime cstime priority nice num_threads itrealvalue starttime …
  const f = line.slice(close + 2).split(" ");
  const startTime = Number(f[19]);
  if (f.length < 20 || !Number.isFinite(startTime)) return undefined;
  const [state, , pgid, sid, , tpgid] = f;
  return {
    pid,
    state: state!,
    pgid: Number(pgid),
    sid: Number(sid),
    tpgid: Number(tpgid),
    startTime,
  };
}

/** The process `pid` now, or undefined when it does not exist (or there is no `/proc`). */
export function readStat(pid: number): ProcStat | undefined {
  try {
    return parseStat(Deno.readTextFileSync(`/proc/${pid}/stat`));
  } catch {
    return undefined;
  }
}

/**
 * Every process, read without blocking the event loop; undefined where there is no `/proc`.
 */
export async function scanProcesses(): Promise<ProcStat[] | undefined> {
  const pids: string[] = [];
  try {
    for await (const entry of Deno.readDir("/proc")) {
      if (/^\d+$/.test(entry.name)) pids.push(entry.name);
    }
  } catch {
    return undefined;
  }
  const stats = await Promise.all(pids.map(async (pid) => {
    try {
      return parseStat(await Deno.readTextFile(`/proc/${pid}/stat`));
    } catch {
      return undefined; // it ended meanwhile
    }
  }));
  return stats.filter((s): s is ProcStat => s !== undefined);
}

/** This boot's id, or "" where there is none. */
export function bootId(): string {
  try {
    return Deno.readTextFileSync("/proc/sys/kernel/random/boot_id").trim();
  } catch {
    return "";
  }
}
