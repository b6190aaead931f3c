/**
 * Where clients find servers: a project's `server.json` (`.weft/server.json`), and the user's
 * list of running servers, one small file per project in `<runtime dir>/servers/` (0700, files
 * 0600), which `weft ls --all-projects` reads. A server that died without stopping leaves its
 * entry; readers tell such leftovers from running servers by connecting.
 *
 * @module
 */

import { join } from "./_path.ts";
import { readServerInfo, type ServerInfo } from "./info.ts";
import { ensureSocketDir, projectHash, runtimeDir, type ServerPaths } from "./paths.ts";

/** One entry of the user's list: enough to find the server and what it left. */
export interface ServerEntry {
  pid: number;
  projectDir: string;
  socket: string;
  /** Its `server.json`. */
  info: string;
  startedAt: string;
}

/** The folder of the user's list of running servers. */
export function serversDir(): string {
  return join(runtimeDir(), "servers");
}

/**
 * Writes `server.json` (a new file renamed into place, so a link at the name is replaced) and
 * the server's entry in the user's list. A list that cannot be written is skipped: the server
 * works without it, only `weft ls --all-projects` misses it.
 */
export async function publishServer(
  paths: ServerPaths,
  info: Pick<ServerInfo, "pid" | "projectDir" | "socket" | "startedAt"> & Record<string, unknown>,
): Promise<void> {
  await writeNew(paths.info, info);
  const entry: ServerEntry = {
    pid: info.pid,
    projectDir: info.projectDir,
    socket: info.socket,
    info: paths.info,
    startedAt: info.startedAt,
  };
  try {
    await ensureSocketDir(serversDir(), info.projectDir);
    await writeNew(entryFile(paths), entry);
  } catch { /* see above */ }
}

/** Removes `server.json` and the list entry when they are this process's. */
export async function withdrawServer(paths: ServerPaths): Promise<void> {
  const current = await readServerInfo(paths.info);
  if (current?.pid === Deno.pid) await removeQuietly(paths.info);
  const file = entryFile(paths);
  const entry = await readJson<ServerEntry>(file);
  if (entry?.pid === Deno.pid) await removeQuietly(file);
}

/** Every entry of the user's list, with the file it is in. */
export async function listServers(): Promise<{ file: string; entry: ServerEntry }[]> {
  const found: { file: string; entry: ServerEntry }[] = [];
  try {
    for await (const e of Deno.readDir(serversDir())) {
      if (!e.isFile || !e.name.endsWith(".json")) continue;
      const file = join(serversDir(), e.name);
      const entry = await readJson<ServerEntry>(file);
      if (entry && typeof entry.projectDir === "string" && typeof entry.socket === "string") {
        found.push({ file, entry });
      }
    }
  } catch { /* no list yet */ }
  return found.sort((a, b) => a.entry.projectDir.localeCompare(b.entry.projectDir));
}

/** Named after the state folder, which is one project's alone. */
function entryFile(paths: ServerPaths): string {
  return join(serversDir(), `${projectHash(paths.dir)}.json`);
}

async function writeNew(file: string, value: unknown): Promise<void> {
  const temp = `${file}.${Deno.pid}.tmp`;
  await Deno.writeTextFile(temp, JSON.stringify(value, null, 2) + "\n", {
    createNew: true,
    mode: 0o600,
  });
  await Deno.rename(temp, file);
}

async function readJson<T>(file: string): Promise<T | undefined> {
  try {
    return JSON.parse(await Deno.readTextFile(file)) as T;
  } catch {
    return undefined;
  }
}

async function removeQuietly(path: string): Promise<void> {
  try {
    await Deno.remove(path);
  } catch { /* already gone */ }
}
