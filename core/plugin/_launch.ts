/**
 * What a plugin's run is started with: its module, its Deno rights (with its data folder),
 * its memory cap and heartbeat, and the data folder made first.
 *
 * @module
 */

import type { PluginConfig } from "../config/types.ts";
import type { Capability } from "../../protocols/bus/capabilities.ts";
import type { LinkOptions } from "./_link.ts";
import { moduleUrl } from "./_load.ts";
import { dataFolder, grantPath, withDataFolder } from "./_permissions.ts";
import { isWeftModule } from "./_process_transport.ts";
import type { InstanceOptions } from "./_instance_options.ts";

/** The link options of a run of `config` with `grant`. */
export function linkOptions(
  config: PluginConfig,
  o: InstanceOptions,
  grant: ReadonlySet<Capability>,
): LinkOptions {
  const url = moduleUrl(config.from, o.projectDir);
  // A project's plugin: its lock entries go to the project's state, never to weft's deno.lock.
  const lockFile = isWeftModule(url)
    ? undefined
    : grantPath(".weft/plugins.lock", o.projectDir, o.stateDir);
  return {
    url,
    ...(lockFile ? { lockFile } : {}),
    plugin: config.name,
    grant: withDataFolder(grant, config.name),
    projectDir: o.projectDir,
    ...(o.stateDir ? { stateDir: o.stateDir } : {}),
    memoryMiB: config.memoryMiB ?? o.memoryMiB,
    heartbeatMs: o.heartbeatMs,
    heartbeatMisses: o.heartbeatMisses,
    transport: o.transport,
    ...(o.crossings ? { crossings: o.crossings(config.name) } : {}),
  };
}

/** `.weft/data/<plugin>/`, private to the user (0700), made before the plugin starts. */
export async function makeDataFolder(
  o: Pick<InstanceOptions, "projectDir" | "stateDir">,
  plugin: string,
): Promise<void> {
  const folder = grantPath(dataFolder(plugin), o.projectDir, o.stateDir);
  await Deno.mkdir(folder, { recursive: true, mode: 0o700 });
  await Deno.chmod(folder, 0o700);
}
