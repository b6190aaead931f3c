/**
 * The manifests of a project's plugins from earlier runs (`.weft/plugins.json`). A plugin
 * whose grant has Deno-level rights (`net:`, `read:`, …) is otherwise loaded twice on every
 * server start: once with no rights to read what it asks for, once more with the rights that
 * earns. With its manifest known, the first load goes straight to those rights, and the
 * manifest it then shows must be the remembered one (else it is loaded again with the rights
 * its new manifest earns). The rights are always what the project allows it; the file only
 * saves a load.
 *
 * @module
 */

import { dirname, join } from "node:path";
import { type Manifest, parseManifest } from "../../protocols/plugin/mod.ts";

/** Where manifests are remembered, by plugin name and module. */
export interface ManifestCache {
  /** The manifest `name` from `from` showed last, if it is remembered. */
  get(name: string, from: string): Manifest | undefined;
  /** Remembers a manifest (written to the file in the background). */
  set(name: string, from: string, manifest: Manifest): void;
}

/** Options of {@link fileManifestCache}. */
export interface FileManifestCacheOptions {
  /**
   * Key entries by plugin name and module, not by name alone, and keep at most this many
   * (the least recently written go first): for a file shared by many projects, where one name
   * may come from several modules (worktrees, copies) and temporary projects come and go.
   */
  shared?: number;
}

/**
 * A {@link ManifestCache} in a JSON file (mode 0600). A missing or unreadable file is an empty
 * cache; a failed write is forgotten (the next start loads the plugin twice again).
 *
 * @example
 * ```ts ignore
 * const cache = fileManifestCache("/proj/.weft/plugins.json");
 * cache.get("mcp", "file:///…/plugins/mcp/mod.ts"); // undefined on a project's first start
 * ```
 */
export function fileManifestCache(
  file: string,
  options: FileManifestCacheOptions = {},
): ManifestCache {
  let entries: Record<string, { from: string; manifest: Manifest }> | undefined;
  let writing = Promise.resolve();
  const load = () => (entries ??= read(file));
  const keyOf = (name: string, from: string) =>
    options.shared === undefined ? name : `${name} ${from}`;
  return {
    get(name, from) {
      const entry = load()[keyOf(name, from)];
      return entry?.from === from ? entry.manifest : undefined;
    },
    set(name, from, manifest) {
      const all = load();
      const key = keyOf(name, from);
      if (JSON.stringify(all[key]) === JSON.stringify({ from, manifest })) return;
      delete all[key];
      all[key] = { from, manifest };
      const keys = Object.keys(all);
      for (const old of keys.slice(0, keys.length - (options.shared ?? keys.length))) {
        delete all[old];
      }
      const text = JSON.stringify(all, null, 2) + "\n";
      writing = writing.then(() => write(file, text)).catch(() => {});
    },
  };
}

/**
 * Several caches as one: a manifest is looked up in each in turn and remembered in all. The
 * project's own file first, then one shared by the user's projects, so a project's first start
 * need not load a plugin twice that another project already ran from the same module.
 *
 * @example
 * ```ts
 * import { layeredManifestCache } from "./manifest_cache.ts";
 * const cache = layeredManifestCache([]);
 * console.assert(cache.get("mcp", "file:///x/mod.ts") === undefined);
 * ```
 */
export function layeredManifestCache(caches: readonly ManifestCache[]): ManifestCache {
  return {
    get(name, from) {
      for (const cache of caches) {
        const manifest = cache.get(name, from);
        if (manifest) return manifest;
      }
      return undefined;
    },
    set(name, from, manifest) {
      for (const cache of caches) cache.set(name, from, manifest);
    },
  };
}

function read(file: string): Record<string, { from: string; manifest: Manifest }> {
  const out: Record<string, { from: string; manifest: Manifest }> = {};
  let raw: unknown;
  try {
    raw = JSON.parse(Deno.readTextFileSync(file));
  } catch {
    return out;
  }
  if (typeof raw !== "object" || raw === null) return out;
  for (const [name, entry] of Object.entries(raw)) {
    try {
      const { from, manifest } = entry as { from?: unknown; manifest?: unknown };
      if (typeof from !== "string") continue;
      out[name] = { from, manifest: parseManifest(manifest, `${name}.manifest`) };
    } catch { /* an entry that does not parse is left out */ }
  }
  return out;
}

async function write(file: string, text: string): Promise<void> {
  const temp = join(dirname(file), `.plugins-${crypto.randomUUID().slice(0, 8)}.json`);
  await Deno.mkdir(dirname(file), { recursive: true, mode: 0o700 });
  await Deno.writeTextFile(temp, text, { mode: 0o600 });
  await Deno.rename(temp, file);
}
