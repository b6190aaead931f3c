/**
 * The user's own defaults for every project: the keys of a project's `"weft"` section in the
 * user's config file (`$XDG_CONFIG_HOME/weft/config.toml`, else `~/.config/weft/config.toml`),
 * under the project's own (the project wins, key by key). The file's `[attach.bind]` and
 * `[attach.theme]` tables are `weft attach`'s (plugins/tui); a plugin there may only be a
 * built-in switched on or off or given options: grants stay the project's to give.
 *
 * @module
 */

import { join } from "node:path";
import { loadToml } from "./_toml.ts";
import { WeftError } from "../../protocols/bus/errors.ts";

/** Where the user's config file is; undefined without a home. */
export function userConfigFile(
  env: (name: string) => string | undefined = (n) => Deno.env.get(n),
): string | undefined {
  const base = env("XDG_CONFIG_HOME") || (env("HOME") ? join(env("HOME")!, ".config") : "");
  return base ? join(base, "weft", "config.toml") : undefined;
}

/**
 * The weft keys of the user's config file, without `weft attach`'s own tables; an empty
 * section when there is no file. A file that is not TOML is an error naming it.
 */
export async function readUserSection(file: string | undefined): Promise<Record<string, unknown>> {
  if (!file) return {};
  let text: string;
  try {
    text = await Deno.readTextFile(file);
  } catch {
    return {};
  }
  let section: Record<string, unknown>;
  try {
    section = (await loadToml()).parse(text) as Record<string, unknown>;
  } catch (err) {
    throw new WeftError("INVALID_INPUT", `Cannot load config ${file}: ${(err as Error).message}`);
  }
  const attach = section.attach;
  if (isObject(attach)) {
    const { bind: _bind, theme: _theme, ...rest } = attach;
    section.attach = rest;
    if (!Object.keys(rest).length) delete section.attach;
  }
  const plugins = section.plugins;
  if (isObject(plugins)) {
    for (const [name, entry] of Object.entries(plugins)) {
      if (isObject(entry) && ("from" in entry || "grant" in entry)) {
        throw new WeftError(
          "INVALID_INPUT",
          `Cannot load config ${file}: plugins.${name}: a user's config may switch a built-in ` +
            "plugin on or off and give it options; its module and grant are the project's",
        );
      }
    }
  }
  return section;
}

/**
 * The project's section over the user's, key by key (tables merged, anything else replaced).
 *
 * @example
 * ```ts
 * import { underProject } from "./user.ts";
 * const s = underProject({ attach: { prefix: "C-a" }, idleMs: 900 }, { attach: { scrollback: 10 } });
 * console.assert(JSON.stringify(s) === '{"attach":{"prefix":"C-a","scrollback":10},"idleMs":900}');
 * ```
 */
export function underProject(user: unknown, project: unknown): unknown {
  if (!isObject(user) || !isObject(project)) return project === undefined ? user : project;
  const out: Record<string, unknown> = { ...user };
  for (const [key, value] of Object.entries(project)) out[key] = underProject(user[key], value);
  return out;
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}
