/**
 * Whether this project joined a fabric with `weft fabric join` (its join file is in the
 * plugin's data folder): the serve door turns the plugin on then (`withJoined` in
 * ../builtin.ts), and only then. One `stat`, no NATS code: a server that never joined pays
 * nothing.
 *
 * @module
 */

import { join } from "node:path";

/** The join file's name in the plugin's data folder. */
export const JOIN_FILE = "join.json";

/** The data folder of the `fabric` plugin in `projectDir`. */
export function fabricDir(projectDir: string): string {
  return join(projectDir, ".weft", "data", "fabric");
}

/** Whether the project in `projectDir` joined a fabric with `weft fabric join`. */
export async function joinedFabric(projectDir: string): Promise<boolean> {
  try {
    await Deno.stat(join(fabricDir(projectDir), JOIN_FILE));
    return true;
  } catch {
    return false;
  }
}
