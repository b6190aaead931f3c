/**
 * Ending a pane's processes for real. A PTY child is a session leader; what it starts lives in
 * its session (a shell's jobs each in their own process group). Closing a pane or stopping the
 * server signals every process group of that session: SIGHUP, then SIGTERM halfway through the
 * grace period, then SIGKILL, checking `/proc` between steps without blocking the event loop.
 * The leaders are recorded in a file (pid and start time, so a recycled pid is never signalled)
 * until they are gone, so the next server can end what a killed one left.
 *
 * @module
 */

import { bootId, type ProcStat, readStat, scanProcesses } from "./_proc.ts";

/** What a pane needs from the process reaper. */
export interface PaneProcesses {
  /** Records a PTY child (a session leader) right after it started. */
  track(pid: number): void;
  /** Ends every process of the leader's session; resolves when they are gone (or given up). */
  end(pid: number): Promise<void>;
}

/** Options of {@link ProcessGroups}. */
export interface ProcessGroupsOptions {
  /** Where the tracked leaders are recorded (mode 0600); none: not recorded. */
  file?: string;
  /** Time from SIGHUP to SIGKILL, in ms (SIGTERM comes halfway). Default 2000. */
  graceMs?: number;
  /** How often the processes are checked while some are ending, in ms. Default 50. */
  tickMs?: number;
}

interface Leader {
  pid: number;
  /** Clock ticks after boot (`/proc/PID/stat`), or -1 where unknown. */
  startTime: number;
}

interface Ending {
  since: number;
  /** Process group → the last step sent to it (0 HUP, 1 TERM, 2 KILL). */
  sent: Map<number, number>;
  done: () => void;
  promise: Promise<void>;
}

/** The file's shape. */
interface Saved {
  bootId: string;
  server: Leader;
  groups: Leader[];
}

const STEPS = ["SIGHUP", "SIGTERM", "SIGKILL"] as const;
/** After SIGKILL, how long to wait for the kernel before giving up (a process stuck in D). */
const GIVE_UP_MS = 3000;

/**
 * The pane processes of one server.
 *
 * @example
 * ```ts ignore
 * import { ProcessGroups } from "./process_groups.ts";
 * const groups = new ProcessGroups({ file: ".weft/pids.json", graceMs: 2000 });
 * await groups.adoptLeftovers(); // what a killed server left
 * groups.track(pty.pid);
 * await groups.end(pty.pid);     // HUP, TERM, KILL until the session is empty
 * ```
 */
export class ProcessGroups implements PaneProcesses {
  #file: string | undefined;
  #graceMs: number;
  #tickMs: number;
  #leaders = new Map<number, Leader>();
  /** Leaders tracked in this task, not yet read and saved. */
  #unread = new Set<number>();
  #ending = new Map<number, Ending>();
  #loop: Promise<void> | undefined;
  #self = readStat(Deno.pid);
  #boot = bootId();

  constructor(options: ProcessGroupsOptions = {}) {
    this.#file = options.file;
    this.#graceMs = options.graceMs ?? 2000;
    this.#tickMs = options.tickMs ?? 50;
  }

  /**
   * Records a PTY child (a session leader) right after it started, in the file by the end of
   * the task that started it: the children a task starts (a restore starts fifty) are read and
   * saved together, once their `exec` is done. Reading `/proc/<pid>/stat` while the child is
   * still in `exec` waits for it (~2 ms), and each save is a write and a rename.
   */
  track(pid: number): void {
    this.#leaders.set(pid, { pid, startTime: -1 });
    this.#unread.add(pid);
    if (this.#unread.size === 1) queueMicrotask(() => this.#record());
  }

  #record(): void {
    if (!this.#unread.size) return;
    for (const pid of this.#unread) {
      const leader = this.#leaders.get(pid);
      if (leader) leader.startTime = readStat(pid)?.startTime ?? -1;
    }
    this.#unread.clear();
    this.#save();
  }

  /** Ends every process of the leader's session; resolves when they are gone (or given up). */
  end(pid: number): Promise<void> {
    this.#record();
    const leader = this.#leaders.get(pid);
    if (!leader) return Promise.resolve();
    const known = this.#ending.get(pid);
    if (known) return known.promise;
    let done!: () => void;
    const promise = new Promise<void>((resolve) => (done = resolve));
    const ending: Ending = { since: performance.now(), sent: new Map(), done, promise };
    this.#ending.set(pid, ending);
    // While the leader is the process we started, its group cannot be a recycled one: it hears
    // SIGHUP now; the rest of its session on the first scan.
    const now = readStat(pid);
    if (now && now.startTime === leader.startTime && now.state !== "Z") {
      signalGroup(pid, 0, this.#self?.pgid);
      ending.sent.set(pid, 0);
    }
    this.#run();
    return promise;
  }

  /** Resolves when nothing is ending any more. */
  async settled(): Promise<void> {
    while (this.#loop) await this.#loop;
  }

  /**
   * Ends the sessions a server that died (`kill -9`) recorded in the file and that still run,
   * and records them until they are gone; returns how many were found. Does nothing when the
   * file is from another boot, or its server still runs.
   */
  async adoptLeftovers(): Promise<number> {
    const saved = this.#read();
    if (!saved || !this.#boot || saved.bootId !== this.#boot) return 0;
    const server = readStat(saved.server.pid);
    if (saved.server.pid !== Deno.pid && server?.startTime === saved.server.startTime) return 0;
    const procs = await scanProcesses();
    if (!procs) return 0;
    const alive = saved.groups.filter((g) =>
      g.startTime >= 0 && !this.#leaders.has(g.pid) && members(g, procs).length > 0
    );
    for (const g of alive) this.#leaders.set(g.pid, g);
    this.#save();
    for (const g of alive) void this.end(g.pid);
    return alive.length;
  }

  /** Waits for what is ending; removes the file when nothing is left to record. */
  async close(): Promise<void> {
    await this.settled();
    this.#record();
    if (!this.#file) return;
    if (this.#leaders.size) return this.#save();
    try {
      Deno.removeSync(this.#file);
    } catch { /* never written */ }
  }

  #run(): void {
    this.#loop ??= (async () => {
      try {
        while (this.#ending.size) {
          const procs = await scanProcesses();
          const now = performance.now();
          for (const [pid, ending] of [...this.#ending]) this.#step(pid, ending, procs, now);
          if (this.#ending.size) await new Promise((r) => setTimeout(r, this.#tickMs));
        }
      } finally {
        this.#loop = undefined;
      }
    })();
  }

  #step(pid: number, ending: Ending, procs: ProcStat[] | undefined, now: number): void {
    const leader = this.#leaders.get(pid)!;
    const groups = procs
      ? new Set(members(leader, procs).map((p) => p.pgid))
      : new Set(groupExists(pid) ? [pid] : []);
    if (!groups.size) return this.#finish(pid, ending, true);
    const elapsed = now - ending.since;
    if (elapsed >= this.#graceMs + GIVE_UP_MS) {
      console.error(
        `weft: cannot end the processes of pane process ${pid}: they survived SIGKILL for ${GIVE_UP_MS} ms`,
      );
      return this.#finish(pid, ending, false);
    }
    const step = elapsed >= this.#graceMs ? 2 : elapsed >= this.#graceMs / 2 ? 1 : 0;
    for (const group of groups) {
      if (step < 2 && (ending.sent.get(group) ?? -1) >= step) continue;
      // The scan took a while: its processes may have ended since, and their number gone to
      // another process.
      if (procs && !stillOurs(group, leader)) continue;
      signalGroup(group, step, this.#self?.pgid);
      ending.sent.set(group, step);
    }
  }

  #finish(pid: number, ending: Ending, gone: boolean): void {
    this.#ending.delete(pid);
    // Given up: still recorded, so the next server tries again.
    if (gone) {
      this.#leaders.delete(pid);
      this.#save();
    }
    ending.done();
  }

  #save(): void {
    if (!this.#file) return;
    const saved: Saved = {
      bootId: this.#boot,
      server: { pid: Deno.pid, startTime: this.#self?.startTime ?? -1 },
      groups: [...this.#leaders.values()],
    };
    const tmp = `${this.#file}.${Deno.pid}.tmp`;
    try {
      Deno.writeTextFileSync(tmp, JSON.stringify(saved) + "\n", { mode: 0o600 });
      Deno.renameSync(tmp, this.#file);
    } catch (err) {
      console.error(
        `weft: cannot record pane processes in ${this.#file}: ${(err as Error).message}`,
      );
    }
  }

  #read(): Saved | undefined {
    if (!this.#file) return undefined;
    try {
      const value = JSON.parse(Deno.readTextFileSync(this.#file)) as Partial<Saved>;
      const groups = Array.isArray(value.groups) ? value.groups.filter(isLeader) : [];
      if (typeof value.bootId !== "string" || !isLeader(value.server)) return undefined;
      return { bootId: value.bootId, server: value.server, groups };
    } catch {
      return undefined;
    }
  }
}

/**
 * The live processes of a leader's session (or group), started no earlier than the leader. None
 * once the leader's pid is another process's: the number was recycled, and a session or group
 * of that number is the new process's (a newer process passes the start-time test).
 */
function members(leader: Leader, procs: ProcStat[]): ProcStat[] {
  const holder = procs.find((p) => p.pid === leader.pid);
  if (holder && holder.startTime !== leader.startTime) return [];
  return procs.filter((p) =>
    (p.sid === leader.pid || p.pgid === leader.pid) && p.startTime >= leader.startTime &&
    p.state !== "Z" && p.state !== "X"
  );
}

/**
 * Whether process group `group`, seen in the leader's session by a scan, still is: its leader
 * now (when it lives) is the pane's leader itself, or a process of the pane's session.
 */
function stillOurs(group: number, leader: Leader): boolean {
  const now = readStat(group);
  // No process has its number: not recycled (a group of a recycled number begins with a
  // process of that pid).
  if (!now) return true;
  return group === leader.pid ? now.startTime === leader.startTime : now.sid === leader.pid;
}

function signalGroup(pgid: number, step: number, own: number | undefined): void {
  if (pgid <= 1 || pgid === own) return;
  const signal = STEPS[step]!;
  try {
    Deno.kill(-pgid, signal);
    // A stopped process acts on SIGHUP and SIGTERM only once it runs again.
    if (signal !== "SIGKILL") Deno.kill(-pgid, "SIGCONT");
  } catch { /* the group is gone */ }
}

/** Without `/proc`: whether any process is in the group (SIGCONT harms none of them). */
function groupExists(pgid: number): boolean {
  try {
    Deno.kill(-pgid, "SIGCONT");
    return true;
  } catch {
    return false;
  }
}

function isLeader(value: unknown): value is Leader {
  const v = value as Leader | undefined;
  return !!v && Number.isInteger(v.pid) && v.pid > 1 && typeof v.startTime === "number";
}
