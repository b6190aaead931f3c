/**
 * Whether a lazy plugin may go idle: its manifest is remembered from an earlier run, and it
 * left no state in its data folder (a plugin with work to resume there starts at once).
 *
 * @module
 */

import type { PluginConfig } from "../config/types.ts";
import { type Capability, DATA_CAPABILITY } from "../../protocols/bus/capabilities.ts";
import type { Manifest } from "../../protocols/plugin/mod.ts";
import { effectiveGrant } from "./_grant.ts";
import { checkManifest } from "./_load.ts";
import { dataFolder, grantPath } from "./_permissions.ts";
import type { InstanceOptions } from "./_instance_options.ts";

/** The remembered manifest and grant a lazy plugin goes idle with, or none: start it now. */
export function idleManifest(
  config: PluginConfig,
  o: Pick<InstanceOptions, "manifests" | "projectDir" | "stateDir">,
): { manifest: Manifest; grant: Set<Capability> } | undefined {
  const { name, from } = config;
  const known = o.manifests?.get(name, from);
  if (!known || known.name !== name) return undefined;
  const grant = effectiveGrant(known.capabilities, config.grant);
  if (
    grant.has(DATA_CAPABILITY) && hasEntries(grantPath(dataFolder(name), o.projectDir, o.stateDir))
  ) {
    return undefined;
  }
  try {
    checkManifest(known, name);
  } catch {
    return undefined;
  }
  return { manifest: known, grant };
}

/** True when a folder exists and holds anything. */
function hasEntries(folder: string): boolean {
  try {
    for (const _ of Deno.readDirSync(folder)) return true;
  } catch { /* missing */ }
  return false;
}
