/**
 * `.weft/server.json`: how clients find a project's server.
 *
 * @module
 */

import { dirname, resolve } from "./_path.ts";
import { serverPaths } from "./paths.ts";

/** What `server.json` holds. */
export interface ServerInfo {
  pid: number;
  version: string;
  socket: string;
  projectDir: string;
  startedAt: string;
  http?: { port: number; tokenFile: string } | null;
  /** The web door's page, when the web plugin runs. */
  web?: { port: number } | null;
}

/** Reads a `server.json`; undefined when missing or unreadable. */
export async function readServerInfo(file: string): Promise<ServerInfo | undefined> {
  try {
    return JSON.parse(await Deno.readTextFile(file)) as ServerInfo;
  } catch {
    return undefined;
  }
}

/**
 * Finds the nearest `.weft/server.json` from `start` upward: the project whose server a
 * client in that directory talks to.
 */
export async function findServerInfo(
  start: string,
): Promise<{ file: string; info: ServerInfo } | undefined> {
  let dir = resolve(start);
  while (true) {
    const file = serverPaths(dir).info;
    const info = await readServerInfo(file);
    if (info) return { file, info };
    const up = dirname(dir);
    if (up === dir) return undefined;
    dir = up;
  }
}
