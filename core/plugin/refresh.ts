/**
 * Fetching a plugin's code again on purpose (`weft plugin reload NAME --refresh`): a URL or
 * `npm:` plugin otherwise runs from Deno's cache, and its `.weft/plugins.lock` entry would
 * refuse new code. `deno cache --reload=<module>` fetches it anew (Deno's own `--reload`
 * semantics: only that module, or that npm package's versions, not everything cached), then
 * the lock entry of its module is dropped, so the next start runs the new code and records it
 * in the lock. A module on disk is read afresh at every start already: nothing to do.
 *
 * @module
 */

import type { PluginConfig } from "../config/types.ts";
import { WeftError } from "../../protocols/bus/errors.ts";
import { moduleUrl } from "./_load.ts";
import { grantPath } from "./_permissions.ts";
import { isWeftModule, weftConfigArgs } from "./_process_transport.ts";

/** What {@link refreshPluginCode} did. */
export interface Refreshed {
  /** The module fetched again; undefined for a module on disk (nothing to fetch). */
  fetched?: string;
}

/** How long fetching may take before the refresh fails (the running plugin is left alone). */
const FETCH_MS = 120_000;

/**
 * Fetches plugin `config`'s module again into Deno's cache and drops its lock entry. Throws
 * `UNAVAILABLE` with Deno's words when the fetch fails.
 */
export async function refreshPluginCode(
  config: Pick<PluginConfig, "name" | "from">,
  o: { projectDir: string; stateDir?: string },
): Promise<Refreshed> {
  const url = moduleUrl(config.from, o.projectDir);
  if (url.protocol === "file:") return {};
  const spec = url.protocol === "npm:" ? config.from : url.href;
  const lockFile = isWeftModule(url)
    ? undefined
    : grantPath(".weft/plugins.lock", o.projectDir, o.stateDir);
  const out = await new Deno.Command(Deno.execPath(), {
    args: [
      "cache",
      "--quiet",
      ...weftConfigArgs(),
      // Not against the lock: it holds the old code's hash (dropped below once fetched).
      "--no-lock",
      `--reload=${reloadScope(spec)}`,
      spec,
    ],
    stdin: "null",
    stdout: "null",
    stderr: "piped",
    env: { NO_COLOR: "1" },
    signal: AbortSignal.timeout(FETCH_MS),
  }).output().catch((err: Error) => ({
    success: false,
    stderr: new TextEncoder().encode(err.message),
  }));
  if (!out.success) {
    const why = new TextDecoder().decode(out.stderr).trim().split("\n").slice(-6).join("\n");
    throw new WeftError(
      "UNAVAILABLE",
      `Cannot refresh plugin "${config.name}" from ${spec}: ${why}; it runs as before`,
    );
  }
  if (lockFile) await forgetLocked(lockFile, spec);
  return { fetched: spec };
}

/**
 * What `--reload=` names: the module itself, or for `npm:name@range` the package (Deno
 * matches npm reloads by package, and a range may now resolve to a newer version).
 */
function reloadScope(spec: string): string {
  const npm = /^npm:\/?((?:@[^/@]+\/)?[^/@]+)/.exec(spec);
  return npm ? `npm:${npm[1]}` : spec;
}

/** Drops `spec`'s entries from a Deno lock file (its remote hash, its npm resolution). */
async function forgetLocked(lockFile: string, spec: string): Promise<void> {
  let text: string;
  try {
    text = await Deno.readTextFile(lockFile);
  } catch {
    return;
  }
  const lock = JSON.parse(text) as {
    remote?: Record<string, string>;
    specifiers?: Record<string, string>;
  };
  let changed = false;
  for (const table of [lock.remote, lock.specifiers]) {
    if (table && Object.hasOwn(table, spec)) {
      delete table[spec];
      changed = true;
    }
  }
  if (changed) await Deno.writeTextFile(lockFile, JSON.stringify(lock, null, 2) + "\n");
}
