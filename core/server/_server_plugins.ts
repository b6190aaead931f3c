/**
 * The server's side of its plugins: where their manifests are remembered, starting a dormant
 * built-in on request (`weft web`), and waking the lazy plugins that own restored panes.
 *
 * @module
 */

import type { PluginStarted } from "../../protocols/bus/calls.ts";
import type { WeftConfig } from "../config/mod.ts";
import { WeftError } from "../../protocols/bus/errors.ts";
import { didYouMean } from "../../protocols/bus/suggest.ts";
import type { Model } from "../model/mod.ts";
import { canvasOwner } from "../model/canvas_pty.ts";
import {
  fileManifestCache,
  layeredManifestCache,
  type PluginHost,
  refreshPluginCode,
  wakes,
} from "../plugin/mod.ts";
import { sharedManifestsFile } from "./paths.ts";

/**
 * Starts each idle (lazy) plugin that owns a pane the store brought back (a canvas it draws, a
 * pane tagged with its name, as the tmux plugin tags the panes it made): it looks after them.
 * So does one that a pane already there would have woken when it was created (a restored
 * agent pane, for the sideband): it starts as it did with the server before it was lazy.
 */
export async function wakeOwners(
  host: PluginHost,
  model: Model,
  config: WeftConfig,
): Promise<void> {
  const lazy = new Set(config.plugins.filter((p) => p.lazy).map((p) => p.name));
  const owners = new Set<string>();
  for (const pane of model.panes.values()) {
    const canvas = canvasOwner(pane.pty);
    if (canvas !== null && lazy.has(canvas)) owners.add(canvas);
    for (const tag of pane.tags) if (lazy.has(tag)) owners.add(tag);
  }
  for (const plugin of config.plugins) {
    const created = plugin.lazy && plugin.wakeOn?.filter((w) => typeof w !== "string")
      .filter((w) => w.topic === "pane.created");
    if (!created || !created.length) continue;
    const ids = [...model.panes.keys()];
    if (ids.some((id) => created.some((rule) => wakes(rule, model.paneInfo(id))))) {
      owners.add(plugin.name);
    }
  }
  await Promise.all([...owners].map((name) => host.wake(name)));
}

/** Most modules the user's shared manifest cache remembers. */
const SHARED_MANIFESTS = 64;

/** The project's manifests first, then the user's shared ones. */
export function manifestCaches(projectFile: string) {
  const shared = sharedManifestsFile();
  return layeredManifestCache([
    fileManifestCache(projectFile),
    ...(shared ? [fileManifestCache(shared, { shared: SHARED_MANIFESTS })] : []),
  ]);
}

/** Starts a dormant built-in plugin, or tells the state of one that already runs. */
export async function startDormant(
  host: PluginHost,
  config: WeftConfig,
  name: string,
): Promise<PluginStarted> {
  const running = host.status().find((p) => p.name === name);
  if (running) return { ...running, started: false };
  const dormant = config.dormant?.find((p) => p.name === name);
  if (!dormant) {
    throw new WeftError(
      "NOT_FOUND",
      `Cannot start plugin "${name}": it is not a built-in plugin that is off by default ` +
        "(a plugin the project switched off stays off; enable it in deno.json)",
    );
  }
  try {
    const [status] = await host.start([dormant]);
    return { ...status, started: true };
  } catch (err) {
    // Another request started it meanwhile.
    if (!(err instanceof TypeError)) throw err;
    return { ...host.status().find((p) => p.name === name), started: false };
  }
}

/**
 * Brings plugin `name` in line with `config` (read again from the project): restarted when the
 * config has it on, stopped when it no longer does; with `refresh`, its code fetched again
 * first (a URL or `npm:` module, {@link refreshPluginCode}). A name neither configured nor running is
 * `NOT_FOUND`, with the names there are.
 */
export async function reloadPlugin(
  host: PluginHost,
  config: WeftConfig,
  name: string,
  o: { refresh?: boolean | undefined; stateDir?: string } = {},
): Promise<PluginStarted> {
  const wanted = config.plugins.find((p) => p.name === name);
  const running = host.status().some((p) => p.name === name);
  if (!wanted && !running) {
    const known = [...new Set([...config.plugins, ...host.status()].map((p) => p.name))];
    throw new WeftError(
      "NOT_FOUND",
      `Cannot reload plugin "${name}": the project's config does not have it on and it does ` +
        `not run${didYouMean(name, known)}`,
    );
  }
  // Fetched before the running one stops: a fetch that fails leaves it running.
  if (o.refresh && wanted) {
    await refreshPluginCode(wanted, {
      projectDir: config.projectDir,
      ...(o.stateDir ? { stateDir: o.stateDir } : {}),
    });
  }
  const status = await host.replace(name, wanted);
  return status ? { ...status, started: true } : { name, state: "removed", started: false };
}
