/**
 * What runs in the front of a terminal: the leader of its foreground process group, read from
 * Linux's `/proc` (pid, argv, cwd, executable), as tmux's `pane_current_command` and
 * `pane_current_path` are. Reads are synchronous: `/proc` answers from kernel memory, and a
 * synchronous read costs about a third of the CPU of an async one (no thread-pool hop), which is
 * what matters when many panes are looked at in one batch. Elsewhere `/proc` is missing and
 * these return null.
 *
 * @module
 */

import { readStat } from "./_proc.ts";

/** The leader of a terminal's foreground process group. */
export interface ForegroundProcess {
  pid: number;
  /**
   * Its name: argv[0]'s base name, or a script's own name when the kernel started it through
   * its `#!` interpreter (argv is then `sh /path/script`, but the kernel names it `script`).
   */
  program: string;
  argv: string[];
  /** Its working directory, or null when it cannot be read (another user's process). */
  cwd: string | null;
  /** The file it runs (`/proc/PID/exe`), or null when it cannot be read. */
  exe: string | null;
  /** The kernel's name for it (`/proc/PID/comm`, at most 15 characters). */
  comm: string;
}

/** Caps on what is kept of a command line (it can be megabytes). */
const MAX_ARGS = 256;
const MAX_ARG_CHARS = 4096;
const decoder = new TextDecoder();

/**
 * What runs in the front of the terminal whose session leader is `root`. `group` is the
 * terminal's foreground process group when the caller has it (`Pty.foregroundGroup()`, an
 * ioctl); otherwise it is read from `root`'s `/proc/PID/stat`. Given the `last` answer, a leader
 * that has not changed (same pid, executable and name) costs one small read and one `readlink`,
 * two with its cwd (read again unless `cwd` is false), and `last` itself is returned when
 * nothing changed. When the
 * group's leader has exited while the group lives on (the head of a pipeline), the answer is
 * `root` itself.
 *
 * @example
 * ```ts
 * import { readForeground } from "./foreground.ts";
 * const me = readForeground(Deno.pid, { group: Deno.pid });
 * console.assert(me === null || me.pid === Deno.pid);
 * ```
 */
export function readForeground(
  root: number,
  options: { group?: number | undefined; last?: ForegroundProcess | null; cwd?: boolean } = {},
): ForegroundProcess | null {
  const group = options.group ?? readStat(root)?.tpgid;
  if (group === undefined || group <= 0) return null;
  const last = options.last;
  if (last?.pid === group) {
    // The name too: a program that renames itself (node's process.title: npx becomes `npm`, then
    // `npm exec <package>`) changes its command line and name, not its executable; kept, the
    // first answer (`npm`, no agent) stood for as long as it ran.
    const same = readComm(group) === last.comm &&
      (last.exe === null || readExe(group) === last.exe);
    if (same && options.cwd === false) return last;
    if (same) {
      const cwd = readLink(`/proc/${group}/cwd`);
      return cwd === last.cwd ? last : { ...last, cwd };
    }
  }
  return readProcess(group) ?? (group === root ? null : readProcess(root));
}

/**
 * Everything about one process, or null when it is gone. A process can `exec` between two
 * reads (a shell's child becoming `sleep`, a PTY's child becoming the shell): the executable is
 * read before and after the rest, and the read is taken again when it changed, so an answer
 * never pairs one program's command line with another's executable (the cheap path in
 * {@link readForeground} would keep such an answer for as long as the process lives).
 */
export function readProcess(pid: number): ForegroundProcess | null {
  let exe = readExe(pid);
  for (let attempt = 0;; attempt++) {
    const read = readOnce(pid, exe);
    if (read === null) return null;
    const after = readExe(pid);
    if (after === exe || attempt === 3) return { ...read, exe: after };
    exe = after;
  }
}

function readOnce(pid: number, exe: string | null): ForegroundProcess | null {
  const comm = readComm(pid);
  if (comm === undefined) return null;
  let raw: Uint8Array;
  try {
    raw = Deno.readFileSync(`/proc/${pid}/cmdline`);
  } catch {
    return null;
  }
  const argv = decoder.decode(raw).split("\0");
  if (argv.at(-1) === "") argv.pop();
  const kept = argv.slice(0, MAX_ARGS).map((a) => a.slice(0, MAX_ARG_CHARS));
  return {
    pid,
    program: programName(kept, comm),
    argv: kept,
    cwd: readLink(`/proc/${pid}/cwd`),
    exe,
    comm,
  };
}

/**
 * A process's name for humans from its argv and its kernel name (see
 * {@link ForegroundProcess.program}).
 *
 * @example
 * ```ts
 * import { programName } from "./foreground.ts";
 * console.assert(programName(["/usr/bin/sleep", "30"], "sleep") === "sleep");
 * console.assert(programName(["-bash"], "bash") === "bash");
 * console.assert(programName(["/bin/sh", "/tmp/bin/claude"], "claude") === "claude");
 * ```
 */
export function programName(argv: readonly string[], comm: string): string {
  const first = argv[0];
  if (first === undefined || first === "") return comm;
  // A title a program set itself (`npm exec foo`) is one argv string holding spaces.
  const word = argv.length === 1 ? first.trim().split(/\s+/)[0]! : first;
  const name = baseName(word).replace(/^-/, "");
  const script = argv[1] === undefined ? "" : baseName(argv[1]);
  if (comm && !name.startsWith(comm) && script.startsWith(comm)) return script;
  return name || comm;
}

function baseName(path: string): string {
  return path.slice(path.lastIndexOf("/") + 1);
}

function readComm(pid: number): string | undefined {
  try {
    return Deno.readTextFileSync(`/proc/${pid}/comm`).replace(/\n$/, "");
  } catch {
    return undefined;
  }
}

/** The executable's path; a replaced file's link ends in " (deleted)", which is not its name. */
function readExe(pid: number): string | null {
  return readLink(`/proc/${pid}/exe`)?.replace(/ \(deleted\)$/, "") ?? null;
}

function readLink(path: string): string | null {
  try {
    return Deno.readLinkSync(path);
  } catch {
    return null;
  }
}
