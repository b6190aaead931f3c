/**
 * `weft hooks install|uninstall|status`: weft's entries in each agent vendor's settings (every
 * vendor of `protocols/agents/` whose hooks declare their `settings`; its help names them from
 * that table), so the agent tells weft its session id and state changes through its hooks and
 * takes its messages there. What an entry runs, and how it is merged, is the vendor's
 * (`protocols/hooks/settings_file.ts`); this file only picks the files and writes them.
 *
 * @module
 */

import { dirname, join } from "node:path";
import { parseArgs } from "../cli/args.ts";
import type { CliIo, Subcommand } from "../cli/io.ts";
import { print, UsageError } from "../cli/io.ts";
import { findConfigFile } from "../../core/sdk/config.ts";
import {
  chosen,
  filesOf,
  HOOKED,
  type Hooked,
  hookFiles,
  readable,
  readText,
} from "../cli/hook_files.ts";

const KINDS = HOOKED.map((v) => v.kind).join("|");
const USAGE = `weft hooks install [--agent ${KINDS}] [--user] [--dir DIR] [--json] | ` +
  `weft hooks uninstall [--agent ${KINDS}] [--user] [--dir DIR] [--json] | ` +
  `weft hooks status [--agent ${KINDS}] [--dir DIR] [--json]`;

/** An environment with only a home, shown as `~`: a user's settings file as help shows it. */
const HOME_ONLY = (name: string) => name === "HOME" ? "~" : undefined;

/** One file of each vendor whose hooks weft installs, for the summary. */
function shown(file: (settings: Hooked["settings"]) => string | undefined): string {
  return HOOKED.flatMap((v) => file(v.settings) ?? []).join(", ");
}

/** The `hooks` subcommand. */
export const hooks: Subcommand = {
  usage: USAGE,
  summary: `Agent hooks (${HOOKED.map((v) => v.title).join(", ")}) that tell weft an agent's ` +
    "session and state, and hand it its messages at its next tool call or stop: install them " +
    `(default: each agent's project settings, ${shown((s) => s.project?.[0])}; --user: the ` +
    `user's, ${shown((s) => s.user(HOME_ONLY))}; --agent: one agent only), remove exactly ` +
    "weft's, or say what is installed where",
  run: (args, io) => {
    const [verb, ...rest] = args;
    if (verb === "install" || verb === "uninstall") return change(verb, rest, io);
    if (verb === "status") return status(rest, io);
    throw new UsageError(
      verb ? `unknown hooks command "${verb}"` : "give install, uninstall or status",
    );
  },
};

async function projectDir(io: CliIo, dir?: string): Promise<string> {
  if (dir) return dir;
  const file = await findConfigFile(io.cwd);
  return file ? dirname(file) : io.cwd;
}

const OPTIONS = {
  agent: { type: "string" },
  user: { type: "boolean" },
  dir: { type: "string" },
  json: { type: "boolean" },
} as const;

async function change(verb: "install" | "uninstall", args: string[], io: CliIo) {
  const { values } = parseArgs({ args, options: OPTIONS });
  const project = await projectDir(io, values.dir);
  // Every file is read and changed in memory first: one that cannot be read stops them all,
  // before anything is written.
  const plans = await Promise.all(
    chosen(values.agent).map(async (v) => {
      const files = filesOf(v.settings, project, io);
      const file = values.user ? files.at(-1)!.file : files[0]!.file;
      const before = await readText(file);
      const after = readable(
        file,
        () =>
          verb === "install"
            ? { text: v.settings.install(before) as string | undefined, removed: 0 }
            : v.settings.uninstall(before),
      );
      return { v, file, before, ...after, changed: after.text !== before };
    }),
  );
  for (const p of plans) if (p.changed) await writeText(p.file, p.text);
  const rows = plans.map((p) => ({
    agent: p.v.kind,
    file: p.file,
    verb,
    changed: p.changed,
    ...(verb === "uninstall" ? { removed: p.removed } : {}),
    ...(verb === "install" && p.changed && p.v.settings.review
      ? { review: p.v.settings.review }
      : {}),
  }));
  print(io, !!values.json, { files: rows }, () =>
    plans.map((p) => {
      const who = `${p.v.title}:`;
      if (verb === "uninstall") {
        return p.removed
          ? `${who} removed weft's hooks (${p.removed}) from ${p.file}\n`
          : `${who} no weft hooks in ${p.file}\n`;
      }
      if (!p.changed) return `${who} weft's hooks are already installed in ${p.file}\n`;
      const review = p.v.settings.review ? `  ${p.v.settings.review}\n` : "";
      return `${who} installed weft's hooks in ${p.file}\n${review}`;
    }).join(""));
  return 0;
}

async function status(args: string[], io: CliIo): Promise<number> {
  const { values } = parseArgs({ args, options: OPTIONS });
  const project = await projectDir(io, values.dir);
  const rows = (await hookFiles(project, io, values.agent)).map(({ title: _, ...row }) => row);
  const curl = await hasCurl(io);
  print(io, !!values.json, { files: rows, curl }, () =>
    rows.map((r) => {
      const what = r.state === "outdated" ? "outdated (run weft hooks install)" : r.state;
      return `${r.agent.padEnd(8)}${r.scope.padEnd(9)}${what.padEnd(12)} ${r.file}\n` +
        (r.error ? `  ${r.error}\n` : "");
    }).join("") + (curl ? "" : "warning: curl is not on PATH; outside bash the hooks need it\n"));
  return 0;
}

/**
 * Writes `text` to `path` through a temporary file, keeping the file's mode (a config.toml may
 * hold tokens: 0600 stays 0600; a new file is 0600); undefined removes the file.
 */
async function writeText(path: string, text: string | undefined): Promise<void> {
  if (text === undefined) {
    await Deno.remove(path).catch(() => {});
    return;
  }
  await Deno.mkdir(dirname(path), { recursive: true });
  const mode = (await Deno.stat(path).catch(() => undefined))?.mode ?? 0o600;
  const tmp = `${path}.weft-tmp`;
  await Deno.writeTextFile(tmp, text, { mode: mode & 0o777 });
  await Deno.chmod(tmp, mode & 0o777);
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
