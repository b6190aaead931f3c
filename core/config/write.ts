/**
 * Writing one plugin's entry into a project's config file (`weft plugin add|remove`): the
 * `"weft"."plugins"` object of a `deno.json`, or a `[plugins.NAME]` table of a `weft.toml`,
 * whose comments and other lines are kept. The file as it would be written is validated by the
 * loader first ({@link parseConfig}); nothing is written when it would not load.
 *
 * @module
 */

import { dirname } from "node:path";
import { loadToml, type Toml } from "./_toml.ts";
import { WeftError } from "../../protocols/bus/errors.ts";
import { type ConfigOptions, parseConfig } from "./load.ts";

/** A plugin's entry as a config file holds it. */
export interface PluginEntry {
  from?: string;
  enabled?: boolean;
  grant?: string[];
  options?: Record<string, unknown>;
  memoryMiB?: number;
}

/**
 * Sets (or, with `undefined`, removes) plugin `name`'s entry in the config `file`. Throws an
 * `INVALID_INPUT` error naming the file when it is a `deno.jsonc` (its comments would be lost),
 * when a `weft.toml` holds the entry in a form this cannot edit, or when the result would not
 * load.
 *
 * @example
 * ```ts ignore
 * await writePluginEntry("/proj/weft.toml", "hello", {
 *   from: "./plugins/hello/mod.ts",
 *   grant: ["pane:read"],
 * });
 * ```
 */
export async function writePluginEntry(
  file: string,
  name: string,
  entry: PluginEntry | undefined,
  options: ConfigOptions = {},
): Promise<void> {
  if (file.endsWith(".jsonc")) {
    throw new WeftError(
      "INVALID_INPUT",
      `Cannot edit ${file}: weft does not rewrite a deno.jsonc (its comments would be lost); ` +
        `edit "weft"."plugins"."${name}" by hand`,
    );
  }
  const text = await readText(file);
  const toml = file.endsWith(".toml");
  const parser = toml ? await loadToml() : undefined;
  const next = parser
    ? editToml(parser, file, text, { name, entry })
    : editJson(file, text, name, entry);
  const section = parser ? parser.parse(next) : JSON.parse(next).weft ?? {};
  parseConfig(section, { projectDir: dirname(file), file, ...options });
  await Deno.writeTextFile(file, next);
}

async function readText(file: string): Promise<string> {
  try {
    return await Deno.readTextFile(file);
  } catch (err) {
    if (err instanceof Deno.errors.NotFound) return "";
    throw err;
  }
}

function editJson(file: string, text: string, name: string, entry: PluginEntry | undefined) {
  let json: Record<string, unknown>;
  try {
    json = text.trim() ? JSON.parse(text) : {};
  } catch (err) {
    throw new WeftError("INVALID_INPUT", `Cannot edit ${file}: ${(err as Error).message}`);
  }
  const weft = objectAt(json, "weft", file);
  const plugins = objectAt(weft, "plugins", file);
  if (entry) plugins[name] = entry;
  else delete plugins[name];
  if (!Object.keys(plugins).length) delete weft.plugins;
  return JSON.stringify(json, null, 2) + "\n";
}

function objectAt(parent: Record<string, unknown>, key: string, file: string) {
  const value = parent[key] ??= {};
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    throw new WeftError("INVALID_INPUT", `Cannot edit ${file}: "${key}" is not an object`);
  }
  return value as Record<string, unknown>;
}

/** The `[plugins.NAME]` table: its header line and every line up to the next table. */
function tableRange(lines: readonly string[], name: string): [number, number] | undefined {
  const header = new RegExp(`^\\s*\\[\\s*plugins\\s*\\.\\s*"?${name}"?\\s*\\]\\s*(#.*)?$`);
  const start = lines.findIndex((l) => header.test(l));
  if (start < 0) return undefined;
  let end = start + 1;
  while (end < lines.length && !/^\s*\[/.test(lines[end]!)) end++;
  return [start, end];
}

function editToml(
  parser: Toml,
  file: string,
  text: string,
  { name, entry }: { name: string; entry: PluginEntry | undefined },
) {
  let lines = text.split("\n");
  const range = tableRange(lines, name);
  if (range) lines = [...lines.slice(0, range[0]), ...lines.slice(range[1])];
  let rest = lines.join("\n");
  const plugins = (parser.parse(rest).plugins ?? {}) as Record<string, unknown>;
  if (Object.hasOwn(plugins, name)) {
    throw new WeftError(
      "INVALID_INPUT",
      `Cannot edit ${file}: plugins.${name} is not a [plugins.${name}] table of its own; ` +
        "edit it by hand",
    );
  }
  if (entry) {
    const table = parser.stringify({ plugins: { [name]: entry } });
    rest = `${rest.replace(/\n*$/, "")}${rest.trim() ? "\n\n" : ""}${table.trim()}\n`;
  }
  return rest;
}

/**
 * The plugin entries a config file's text holds as written (`"weft"."plugins"` of a
 * `deno.json`, `plugins` of a `weft.toml`); none when it has none or does not parse.
 *
 * @example
 * ```ts
 * import { pluginEntries } from "./write.ts";
 * const text = '[plugins.hello]\nfrom = "./h.ts"\n';
 * console.assert((await pluginEntries("weft.toml", text)).hello !== undefined);
 * ```
 */
export async function pluginEntries(file: string, text: string): Promise<Record<string, unknown>> {
  const parser = file.endsWith(".toml") ? await loadToml() : undefined;
  try {
    const parsed = parser ? parser.parse(text) : (JSON.parse(text.trim() ? text : "{}").weft ?? {});
    const plugins = (parsed as { plugins?: unknown }).plugins;
    return typeof plugins === "object" && plugins !== null
      ? plugins as Record<string, unknown>
      : {};
  } catch {
    return {};
  }
}
