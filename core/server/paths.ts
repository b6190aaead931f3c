/**
 * Where a project's server lives: `.weft/` (0700) with the socket (0600), `server.json` and
 * `pids.json`, the store `weft.db` and the plugins' manifests `plugins.json`.
 * A socket path too long for `sockaddr_un` falls back to a private runtime directory.
 *
 * @module
 */

import { basename, join, resolve } from "./_path.ts";
import { WeftError } from "../../protocols/bus/errors.ts";

/** Longest Unix socket path we use (Linux allows 107 bytes plus NUL). */
const MAX_SOCKET_PATH = 100;

/** The files of a project's server. */
export interface ServerPaths {
  /** `<project>/.weft` */
  dir: string;
  /** The control socket. */
  socket: string;
  /** `<project>/.weft/server.json` */
  info: string;
  /** `<project>/.weft/pids.json`: the pane processes to end if this server dies. */
  pids: string;
  /** `<project>/.weft/weft.db`: the store (sessions, windows, panes) for restore. */
  db: string;
  /** `<project>/.weft/plugins.json`: plugin manifests from earlier runs. */
  manifests: string;
}

/**
 * The paths for a project directory.
 *
 * @example
 * ```ts
 * import { serverPaths } from "./paths.ts";
 * console.assert(serverPaths("/tmp/p").socket === "/tmp/p/.weft/weft.sock");
 * ```
 */
export function serverPaths(projectDir: string, dir = stateDirOf(projectDir)): ServerPaths {
  const preferred = join(dir, "weft.sock");
  const socket = new TextEncoder().encode(preferred).length <= MAX_SOCKET_PATH
    ? preferred
    : join(runtimeDir(), `weft-${projectHash(projectDir)}.sock`);
  return {
    dir,
    socket,
    info: join(dir, "server.json"),
    pids: join(dir, "pids.json"),
    db: join(dir, "weft.db"),
    manifests: join(dir, "plugins.json"),
  };
}

/**
 * The folder of a project's state: `WEFT_STATE_DIR` when set; else the user's state folder for
 * the project ({@link userStateDir}) when a server of the project made it because the project
 * could not be written; else `<project>/.weft`.
 *
 * @example
 * ```ts ignore
 * stateDirOf("/proj"); // "/proj/.weft"
 * ```
 */
export function stateDirOf(projectDir: string): string {
  const given = Deno.env.get("WEFT_STATE_DIR");
  if (given) return resolve(projectDir, given);
  const user = userStateDir(projectDir);
  return isDir(user) ? user : join(projectDir, ".weft");
}

/**
 * Where a project that cannot be written keeps its state: `$XDG_STATE_HOME/weft/<name>-<hash>`
 * (else `~/.local/state/weft/…`), one folder per project path.
 */
export function userStateDir(projectDir: string): string {
  const xdg = Deno.env.get("XDG_STATE_HOME");
  const home = Deno.env.get("HOME");
  const root = xdg
    ? join(xdg, "weft")
    : home
    ? join(home, ".local", "state", "weft")
    : join(runtimeDir(), "state");
  const name = basename(projectDir).replace(/[^A-Za-z0-9._-]/g, "_") || "root";
  return join(root, `${name}-${projectHash(projectDir)}`);
}

/**
 * Makes and checks the state folder of a project ({@link ensureProjectDir}); when the project
 * cannot be written (a read-only checkout or file system) and no `WEFT_STATE_DIR` names one,
 * the user's state folder for it instead ({@link userStateDir}). Returns the folder and, when it
 * moved, the one line that says so.
 */
export async function claimStateDir(
  projectDir: string,
): Promise<{ dir: string; moved?: string }> {
  const dir = stateDirOf(projectDir);
  try {
    await ensureProjectDir(dir);
    return { dir };
  } catch (err) {
    const readOnly = err instanceof Deno.errors.PermissionDenied ||
      /read-only|EROFS/i.test((err as Error).message);
    if (!readOnly || dir !== join(projectDir, ".weft")) throw err;
  }
  const user = userStateDir(projectDir);
  await ensureProjectDir(user);
  return {
    dir: user,
    moved: `weft: ${projectDir} cannot be written, so its state (.weft/) is kept in ${user}`,
  };
}

function isDir(path: string): boolean {
  try {
    return Deno.statSync(path).isDirectory;
  } catch {
    return false;
  }
}

/**
 * The user's manifest cache shared by all projects, `$XDG_CACHE_HOME/weft/plugins.json` (or
 * `~/.cache/weft/…`): a project's first start then loads a plugin with Deno-level rights once,
 * not twice, when another project ran the same module. Undefined without a home.
 */
export function sharedManifestsFile(): string | undefined {
  const xdg = Deno.env.get("XDG_CACHE_HOME");
  if (xdg) return join(xdg, "weft", "plugins.json");
  const home = Deno.env.get("HOME");
  return home ? join(home, ".cache", "weft", "plugins.json") : undefined;
}

/** A private (0700) per-user directory for sockets whose preferred path is too long. */
export function runtimeDir(): string {
  const xdg = Deno.env.get("XDG_RUNTIME_DIR");
  if (xdg) return join(xdg, "weft");
  const uid = Deno.uid() ?? "user";
  return `/tmp/weft-${uid}`;
}

/**
 * Makes the folder of a socket that does not fit under `.weft/` ({@link runtimeDir}) and checks
 * that it is ours alone: a real folder (not a link), owned by this user, mode 0700. In `/tmp`
 * anyone may make `weft-<uid>` first; its owner could then move the control socket away and put
 * their own in its place. Such a folder is refused, never fixed: what it holds may be theirs.
 */
export async function ensureSocketDir(dir: string, projectDir: string): Promise<void> {
  await Deno.mkdir(dir, { recursive: true, mode: 0o700 });
  const info = await Deno.lstat(dir);
  const uid = Deno.uid();
  const mode = (info.mode ?? 0) & 0o777;
  const problem = info.isSymlink
    ? "it is a symbolic link"
    : !info.isDirectory
    ? "it is not a folder"
    : uid !== null && info.uid !== uid
    ? `it belongs to uid ${info.uid}, not to you (uid ${uid})`
    : mode !== 0o700
    ? `its mode is 0${mode.toString(8)}, not 0700`
    : undefined;
  if (!problem) return;
  const why = Deno.env.get("XDG_RUNTIME_DIR")
    ? "XDG_RUNTIME_DIR names it"
    : "XDG_RUNTIME_DIR is not set";
  throw new WeftError(
    "DENIED",
    `Cannot use the socket folder ${dir}: ${problem}. weft looked there because the socket ` +
      `path under ${
        join(projectDir, ".weft")
      } is longer than ${MAX_SOCKET_PATH} bytes and ${why}; ` +
      "set XDG_RUNTIME_DIR to a folder of yours (mode 0700), or remove that folder",
    { folder: dir, problem },
  );
}

/**
 * Makes the project's `.weft/` (0700) and checks that weft may write in it: a real folder of
 * this user, holding no symbolic link. weft makes none there; a link it finds came with the
 * project (a cloned repository may carry `.weft/server.json -> ~/.bashrc`) and would send what
 * weft writes (`server.json`, `mcp.token`, `bin/tmux`, the store) wherever it points.
 */
export async function ensureProjectDir(dir: string): Promise<void> {
  const uid = Deno.uid();
  let info: Deno.FileInfo | undefined;
  try {
    info = await Deno.lstat(dir);
  } catch (err) {
    if (!(err instanceof Deno.errors.NotFound)) throw err;
  }
  const problem = !info
    ? undefined
    : info.isSymlink
    ? "it is a symbolic link"
    : !info.isDirectory
    ? "it is not a folder"
    : uid !== null && info.uid !== uid
    ? `it belongs to uid ${info.uid}, not to you (uid ${uid})`
    : undefined;
  if (problem) throw new WeftError("DENIED", `Cannot use ${dir}: ${problem}`, { folder: dir });
  await ensurePrivateDir(dir);
  const links = await linksUnder(dir, 5);
  if (links.length) {
    throw new WeftError(
      "DENIED",
      `Cannot use ${dir}: it holds symbolic links weft did not make (${links.join(", ")}); ` +
        "weft would write through them. Remove them (a .weft/ that came with the project " +
        "is not yours to trust: weft serve --fresh keeps its store aside)",
      { folder: dir, links },
    );
  }
}

/** Up to `most` symbolic links anywhere under `dir` (not following any). */
async function linksUnder(dir: string, most: number): Promise<string[]> {
  const found: string[] = [];
  const folders = [dir];
  while (folders.length && found.length < most) {
    const folder = folders.pop()!;
    for await (const entry of Deno.readDir(folder)) {
      const path = join(folder, entry.name);
      if (entry.isSymlink) found.push(path);
      else if (entry.isDirectory) folders.push(path);
      if (found.length >= most) break;
    }
  }
  return found;
}

/** Creates a directory with mode 0700 (and fixes the mode when it exists). */
export async function ensurePrivateDir(dir: string): Promise<void> {
  await Deno.mkdir(dir, { recursive: true, mode: 0o700 });
  await Deno.chmod(dir, 0o700);
}

/** A short stable name for a project directory (FNV-1a, hex). */
export function projectHash(text: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193) >>> 0;
  return h.toString(16).padStart(8, "0");
}
