/**
 * Whether this project joined a fabric with `weft fabric join` (its join file is in the
 * plugin's data folder): the serve door turns the plugin on then, and only then. One `stat`,
 * no NATS code: a server that never joined pays nothing.
 *
 * @module
 */

import { join } from "node:path";
import type { WeftConfig } from "../../core/config/mod.ts";
import { JOIN_FILE } from "./options.ts";

/** The data folder of the `fabric` plugin in `projectDir`. */
export function fabricDir(projectDir: string): string {
  return join(projectDir, ".weft", "data", "fabric");
}

/**
 * `config` with the `fabric` plugin on when the project joined a fabric with
 * `weft fabric join` and left it dormant in its config (a project that switched it off keeps
 * it off; one that configured it has it on already).
 */
export async function withFabric(config: WeftConfig): Promise<WeftConfig> {
  const dormant = config.dormant?.find((p) => p.name === "fabric");
  if (!dormant) return config;
  try {
    await Deno.stat(join(fabricDir(config.projectDir), JOIN_FILE));
  } catch {
    return config;
  }
  return {
    ...config,
    plugins: [...config.plugins, dormant],
    dormant: config.dormant!.filter((p) => p !== dormant),
  };
}
