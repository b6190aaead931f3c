/**
 * The user's own keys and looks for `weft attach`, from the `[attach]` table of the user's
 * config file (`$XDG_CONFIG_HOME/weft/config.toml`, else `~/.config/weft/config.toml`), read
 * again whenever the file changes:
 *
 * ```toml
 * [attach.bind.prefix]        # after the prefix, as tmux's `bind`
 * "|" = "split-window -h"     # a tmux command line, a bus command, or copy-mode, choose-tree, …
 * [attach.bind.root]          # without the prefix, as tmux's `bind -n`
 * "M-Left" = "select-pane -L"
 * [attach.bind.copy-mode-vi]  # or copy-mode: a copy-mode command (tmux's send -X names)
 * "Y" = "copy-selection"
 * [attach.theme]              # tmux styles
 * border = "fg=colour8"
 * border-active = "fg=green"
 * status = "fg=black,bg=green"
 * ```
 *
 * @module
 */

import { join } from "node:path";
import { parse } from "smol-toml";
import { styleForeground, type TmuxColour } from "../../protocols/tmux/style.ts";
import { palette, rgb, type Style } from "./cells.ts";
import { COPY_COMMANDS, type CopyCommand } from "./copy_keys.ts";

/** Colours the user chose (encoded cell styles); what is not set keeps weft's own. */
export interface Theme {
  border?: Style;
  borderActive?: Style;
  status?: Style;
}

/** What the user's file says. */
export interface UserConfig {
  bind: {
    prefix: Record<string, string>;
    root: Record<string, string>;
    "copy-mode": Record<string, CopyCommand>;
    "copy-mode-vi": Record<string, CopyCommand>;
  };
  theme: Theme;
  /** What in the file was not understood. */
  problems: string[];
}

/** An empty config: no bindings, weft's look. */
export function emptyUserConfig(): UserConfig {
  return {
    bind: { prefix: {}, root: {}, "copy-mode": {}, "copy-mode-vi": {} },
    theme: {},
    problems: [],
  };
}

/** Where the user's config file is, from the environment. */
export function userConfigPath(env: (name: string) => string | undefined): string | undefined {
  const base = env("XDG_CONFIG_HOME") || (env("HOME") ? join(env("HOME")!, ".config") : "");
  return base ? join(base, "weft", "config.toml") : undefined;
}

/**
 * Reads the `[attach]` table of a config file's text (an empty config for no text).
 *
 * @example
 * ```ts
 * import { parseUserConfig } from "./user_config.ts";
 * const c = parseUserConfig('[attach.bind.prefix]\n"|" = "split-window -h"\n');
 * console.assert(c.bind.prefix["|"] === "split-window -h");
 * ```
 */
export function parseUserConfig(text: string | undefined): UserConfig {
  const config = emptyUserConfig();
  if (!text) return config;
  let attach: Record<string, unknown>;
  try {
    attach = (parse(text).attach ?? {}) as Record<string, unknown>;
  } catch (err) {
    config.problems.push(`not TOML: ${(err as Error).message.split("\n")[0]}`);
    return config;
  }
  const bind = (attach.bind ?? {}) as Record<string, Record<string, unknown>>;
  for (const [table, keys] of Object.entries(bind)) {
    if (!(table in config.bind)) {
      config.problems.push(`unknown key table ${table}`);
      continue;
    }
    for (const [key, value] of Object.entries(keys ?? {})) {
      const copy = table.startsWith("copy-mode");
      if (typeof value !== "string" || (copy && !COPY_COMMANDS.has(value))) {
        config.problems.push(`bind.${table}.${key}: ${JSON.stringify(value)} is not a command`);
      } else {(config.bind[table as keyof UserConfig["bind"]] as Record<string, string>)[key] =
          value;}
    }
  }
  const theme = (attach.theme ?? {}) as Record<string, unknown>;
  const styles: [keyof Theme, string][] = [
    ["border", "border"],
    ["borderActive", "border-active"],
    ["status", "status"],
  ];
  for (const [field, name] of styles) {
    const value = theme[name];
    if (typeof value === "string") config.theme[field] = cellStyle(value);
  }
  return config;
}

/** A tmux style (`fg=green,bg=colour8`) as a cell style. */
function cellStyle(style: string): Style {
  const bgOnly = style.split(/[,\s]+/).filter((p) => p.startsWith("bg=")).map((p) =>
    `f${p.slice(1)}`
  );
  return {
    fg: encoded(styleForeground(style)),
    bg: encoded(styleForeground(bgOnly.join(","))),
    attrs: 0,
  };
}

function encoded(c: TmuxColour | null): number {
  return c ? ("rgb" in c ? rgb(c.rgb) : palette(c.palette)) : 0;
}

/**
 * Reads the file now and again after each change, calling `onLoad` with what it says;
 * returns a function that stops watching.
 */
export function watchUserConfig(path: string, onLoad: (config: UserConfig) => void): () => void {
  let stopped = false;
  let watcher: Deno.FsWatcher | undefined;
  const load = async () => {
    const text = await Deno.readTextFile(path).catch(() => undefined);
    if (!stopped) onLoad(parseUserConfig(text));
  };
  void load();
  try {
    watcher = Deno.watchFs(join(path, ".."));
    (async () => {
      for await (const event of watcher!) {
        if (event.paths.some((p) => p === path)) await load();
      }
    })().catch(() => {});
  } catch { /* no folder yet: the config is read once */ }
  return () => {
    stopped = true;
    watcher?.close();
  };
}

/**
 * Follows the user's config file at `path` (none: nothing): `apply` gets each reading, a
 * problem or a reading after the first is a notice, and the screen is drawn again. Returns
 * the function that stops following.
 */
export function followUserConfig(
  path: string | undefined,
  to: {
    apply: (config: UserConfig) => void;
    notice: (text: string, error?: boolean) => void;
    redraw: () => void;
  },
): () => void {
  if (!path) return () => {};
  let first = true;
  return watchUserConfig(path, (config) => {
    to.apply(config);
    if (config.problems.length) to.notice(`${path}: ${config.problems.join("; ")}`, true);
    else if (!first) to.notice(`read ${path} again`);
    first = false;
    to.redraw();
  });
}
