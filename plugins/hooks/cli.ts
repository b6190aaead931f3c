/**
 * `weft hooks install|uninstall|status`: weft's entries in Claude Code's settings, so Claude
 * Code tells weft its session id and state changes through its hooks (see
 * `protocols/hooks/claude_settings.ts` for what an entry runs).
 *
 * @module
 */

import { dirname, join } from "node:path";
import { parseArgs } from "../cli/args.ts";
import type { CliIo, Subcommand } from "../cli/io.ts";
import { print, UsageError } from "../cli/io.ts";
import { findConfigFile } from "../../core/config/mod.ts";
import {
  HOOK_EVENTS,
  hookStatus,
  installHooks,
  uninstallHooks,
} from "../../protocols/hooks/mod.ts";

const USAGE = "weft hooks install [--user] [--dir DIR] | weft hooks uninstall [--user] " +
  "[--dir DIR] | weft hooks status [--dir DIR] [--json]";

/** The `hooks` subcommand. */
export const hooks: Subcommand = {
  usage: USAGE,
  summary: "Claude Code hooks that tell weft an agent's session and state, and hand it its " +
    "messages at its next tool call or stop: install them into " +
    "the project's .claude/settings.local.json (--user: ~/.claude/settings.json), remove " +
    "exactly weft's, or say what is installed where",
  run: (args, io) => {
    const [verb, ...rest] = args;
    if (verb === "install" || verb === "uninstall") return change(verb, rest, io);
    if (verb === "status") return status(rest, io);
    throw new UsageError(
      verb ? `unknown hooks command "${verb}"` : "give install, uninstall or status",
    );
  },
};

/** The settings files weft looks at, most specific first. */
async function settingsFiles(io: CliIo, dir?: string): Promise<Record<string, string>> {
  const project = dir ?? await projectDir(io.cwd);
  const config = io.env("CLAUDE_CONFIG_DIR") ?? join(io.env("HOME") ?? "~", ".claude");
  return {
    local: join(project, ".claude", "settings.local.json"),
    project: join(project, ".claude", "settings.json"),
    user: join(config, "settings.json"),
  };
}

async function projectDir(cwd: string): Promise<string> {
  const file = await findConfigFile(cwd);
  return file ? dirname(file) : cwd;
}

async function change(verb: "install" | "uninstall", args: string[], io: CliIo) {
  const { values } = parseArgs({
    args,
    options: { user: { type: "boolean" }, dir: { type: "string" }, json: { type: "boolean" } },
  });
  const files = await settingsFiles(io, values.dir);
  const path = values.user ? files.user! : files.local!;
  const before = await readSettings(path);
  let after: unknown;
  let count: number;
  if (verb === "install") {
    after = installHooks(before ?? {});
    count = HOOK_EVENTS.length;
  } else {
    const result = uninstallHooks(before ?? {});
    after = result.settings;
    count = result.removed;
  }
  const unchanged = JSON.stringify(after) === JSON.stringify(before ?? {});
  if (!unchanged) await writeSettings(path, after, before !== undefined);
  print(io, !!values.json, { file: path, verb, events: count, changed: !unchanged }, () => {
    if (verb === "uninstall") {
      return count
        ? `removed weft's hooks (${count}) from ${path}\n`
        : `no weft hooks in ${path}\n`;
    }
    return unchanged
      ? `weft's hooks are already installed in ${path}\n`
      : `installed weft's hooks for ${count} events in ${path}\n`;
  });
  return 0;
}

async function status(args: string[], io: CliIo): Promise<number> {
  const { values } = parseArgs({
    args,
    options: { dir: { type: "string" }, json: { type: "boolean" } },
  });
  const files = await settingsFiles(io, values.dir);
  const rows = await Promise.all(
    Object.entries(files).map(async ([scope, file]) => {
      const settings = await readSettings(file).catch(() => undefined);
      return { scope, file, ...hookStatus(settings ?? {}) };
    }),
  );
  const curl = await hasCurl(io);
  print(io, !!values.json, { files: rows, curl }, () =>
    rows.map((r) => {
      const what = r.installed.length === 0
        ? "not installed"
        : `${r.installed.length}/${HOOK_EVENTS.length} events${
          r.current ? "" : " (outdated: run weft hooks install)"
        }`;
      return `${r.scope.padEnd(8)}${what.padEnd(24)}${r.file}\n`;
    }).join("") + (curl ? "" : "warning: curl is not on PATH; the hooks do nothing without it\n"));
  return 0;
}

/** The settings in `path`, undefined when there is no file; throws on a file that is not JSON. */
async function readSettings(path: string): Promise<unknown> {
  let text: string;
  try {
    text = await Deno.readTextFile(path);
  } catch (err) {
    if (err instanceof Deno.errors.NotFound) return undefined;
    throw err;
  }
  try {
    return text.trim() ? JSON.parse(text) : {};
  } catch {
    throw new UsageError(`${path} is not JSON: fix or move it, weft will not overwrite it`);
  }
}

/** Writes settings back; a file that held nothing but weft's hooks goes away with them. */
async function writeSettings(path: string, settings: unknown, existed: boolean): Promise<void> {
  const empty = typeof settings === "object" && settings !== null &&
    Object.keys(settings).length === 0;
  if (empty && !existed) return;
  if (empty) {
    await Deno.remove(path).catch(() => {});
    return;
  }
  await Deno.mkdir(dirname(path), { recursive: true });
  const tmp = `${path}.weft-tmp`;
  await Deno.writeTextFile(tmp, JSON.stringify(settings, null, 2) + "\n");
  await Deno.rename(tmp, path);
}

async function hasCurl(io: CliIo): Promise<boolean> {
  for (const dir of (io.env("PATH") ?? "").split(":")) {
    try {
      if ((await Deno.stat(join(dir || ".", "curl"))).isFile) return true;
    } catch { /* not here */ }
  }
  return false;
}
