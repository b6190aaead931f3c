/**
 * `weft plugin list|add|remove|reload`: a project's plugins like packages. `add` loads the
 * module once with no rights to read what it asks for, shows that, and writes the grant only
 * once it is confirmed (`--yes`, `--grant`, or a yes at the terminal); `add`, `remove` and
 * `reload` bring a running server in line at once (`server.plugin_reload`), no restart;
 * `reload --refresh` fetches a URL or `npm:` plugin's code again instead of using Deno's cache.
 *
 * @module
 */

import { dirname, isAbsolute, join, relative, resolve } from "node:path";
import {
  findConfigFile,
  loadConfig,
  pluginEntries,
  writePluginEntry,
} from "../../core/sdk/config.ts";
import { inspectPlugin } from "../../core/sdk/manifest.ts";
import type { PluginStarted } from "../../protocols/bus/calls.ts";
import { parseCapability } from "../../protocols/bus/capabilities.ts";
import { WeftError } from "../../protocols/bus/errors.ts";
import { didYouMean } from "../../protocols/bus/suggest.ts";
import { WeftClient } from "../client/mod.ts";
import { BUILTIN_PLUGINS } from "../builtin.ts";
import { parseArgs } from "./args.ts";
import { type CliIo, print, type Subcommand, UsageError } from "./io.ts";
import { pluginTable } from "./plugin_list.ts";

const USAGE = "weft plugin list [--json] | weft plugin add PATH|URL|npm:… [--yes] " +
  "[--grant CAP,…] | weft plugin remove NAME | weft plugin reload NAME [--refresh]";

/** `weft plugin` */
export const plugin: Subcommand = {
  usage: USAGE,
  summary: "The project's plugins: list them with their state and grants, add one (showing " +
    "what it asks for), remove one, reload one in the running server",
  run: (args, io) => {
    const [verb, ...rest] = args;
    switch (verb) {
      case "list":
      case "ls":
        return list(rest, io);
      case "add":
        return add(rest, io);
      case "remove":
      case "rm":
        return remove(rest, io);
      case "reload":
        return reload(rest, io);
      default:
        throw new UsageError(
          verb === undefined
            ? "give a verb: list, add, remove or reload"
            : `unknown verb "${verb}"${didYouMean(verb, ["list", "add", "remove", "reload"])}`,
        );
    }
  },
};

async function list(args: string[], io: CliIo): Promise<number> {
  const { values } = parseArgs({ args, options: { json: { type: "boolean" } } });
  const config = await loadConfig(io.cwd, { builtins: BUILTIN_PLUGINS });
  const running = await withServer(io, (c) => c.call("server.status")).catch(() => undefined);
  const rows = pluginTable(config, BUILTIN_PLUGINS, running?.plugins);
  print(io, !!values.json, { server: !!running, plugins: rows }, () => {
    const table = [["NAME", "ON", "START", "STATE", "FROM", "GRANT"]];
    for (const r of rows) {
      const state = r.lastError ? `${r.state} (${r.lastError})` : r.state;
      table.push([r.name, r.on ? "on" : "off", r.start, state, r.from, r.grant.join(",") || "-"]);
    }
    const note = running ? "" : "(no server runs: states are what the config says)\n";
    return columns(table) + note;
  });
  return 0;
}

async function add(args: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: { yes: { type: "boolean", short: "y" }, grant: { type: "string" } },
  });
  if (positionals.length !== 1) throw new UsageError("give one plugin module: a path, URL or npm:");
  const { file, projectDir } = await configFile(io);
  const from = specifier(positionals[0]!, io.cwd, projectDir);
  const manifest = await inspectPlugin(from, { projectDir });
  const name = manifest.name;
  if (Object.hasOwn(await pluginEntries(file, await readConfig(file)), name)) {
    throw new WeftError(
      "CONFLICT",
      `Cannot add plugin "${name}": ${file} already has it; \`weft plugin remove ${name}\` first`,
    );
  }
  const asked = manifest.capabilities;
  io.err(
    `plugin "${name}" ${manifest.version} from ${from} asks for: ${
      asked.join(", ") || "nothing"
    }\n`,
  );
  const grant = decideGrant(values, asked, name, io);
  await writePluginEntry(file, name, { from, grant }, { builtins: BUILTIN_PLUGINS });
  io.err(`weft plugin: added "${name}" to ${file}, granted ${grant.join(", ") || "nothing"}\n`);
  return await applyNow(io, name);
}

/** The grant: `--grant` as given, `--yes` what it asks, or a yes at the terminal. */
function decideGrant(
  values: { yes?: boolean | undefined; grant?: string | undefined },
  asked: readonly string[],
  name: string,
  io: CliIo,
): string[] {
  if (values.grant !== undefined) {
    const given = values.grant.split(",").map((g) => g.trim()).filter(Boolean);
    for (const g of given) {
      try {
        parseCapability(g);
      } catch (err) {
        throw new UsageError(`--grant: ${(err as Error).message}`);
      }
    }
    const unasked = given.filter((g) => !asked.includes(g));
    if (unasked.length) io.err(`weft plugin: it does not ask for ${unasked.join(", ")}\n`);
    return given;
  }
  if (values.yes || !asked.length) return [...asked];
  if (io.confirm?.(`Grant plugin "${name}" ${asked.join(", ")}?`)) return [...asked];
  throw new UsageError(
    io.confirm
      ? "not granted; nothing was written"
      : "not at a terminal: pass --yes to grant what it asks for, or --grant CAP,… for less",
  );
}

async function remove(args: string[], io: CliIo): Promise<number> {
  const { positionals } = parseArgs({ args, allowPositionals: true, options: {} });
  if (positionals.length !== 1) throw new UsageError("give one plugin name");
  const name = positionals[0]!;
  const { file } = await configFile(io);
  const entries = await pluginEntries(file, await readConfig(file));
  const builtin = Object.hasOwn(BUILTIN_PLUGINS, name);
  if (!builtin && !Object.hasOwn(entries, name)) {
    throw new WeftError(
      "NOT_FOUND",
      `Cannot remove plugin "${name}": ${file} has no such plugin${
        didYouMean(name, Object.keys(entries))
      }`,
    );
  }
  // A built-in cannot leave: it is switched off, as `"name": false` does by hand.
  await writePluginEntry(file, name, builtin ? { enabled: false } : undefined, {
    builtins: BUILTIN_PLUGINS,
  });
  io.err(`weft plugin: ${builtin ? "switched off" : "removed"} "${name}" in ${file}\n`);
  return await applyNow(io, name);
}

async function reload(args: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: { refresh: { type: "boolean" } },
  });
  const [name] = positionals;
  if (positionals.length !== 1 || name === undefined) throw new UsageError("give one plugin name");
  const refresh = values.refresh === true;
  const state = await withServer(io, (c) => c.call("server.plugin_reload", { name, refresh }));
  return report(io, state);
}

/** Tells a running server; without one, the change waits for its next start. */
async function applyNow(io: CliIo, name: string): Promise<number> {
  let state: PluginStarted;
  try {
    state = await withServer(io, (c) => c.call("server.plugin_reload", { name }));
  } catch (err) {
    const code = (err as WeftError).code;
    if (code === "UNAVAILABLE") {
      io.err("weft plugin: no server runs here; the change holds from its next start\n");
      return 0;
    }
    // Off now and not running before: nothing to stop.
    if (code === "NOT_FOUND") return report(io, { name, state: "removed" });
    throw err;
  }
  return report(io, state);
}

function report(io: CliIo, state: PluginStarted): number {
  const why = state.lastError ? `: ${state.lastError.message}` : "";
  io.out(`${state.name}: ${state.state}${why}\n`);
  return state.state === "failed" ? 1 : 0;
}

async function withServer<T>(io: CliIo, fn: (client: WeftClient) => Promise<T>): Promise<T> {
  const client = await WeftClient.find(io.cwd, { client: "cli" });
  try {
    return await fn(client);
  } finally {
    client.close();
  }
}

/** Rows of cells as aligned text; the last column is not padded. */
function columns(rows: readonly string[][]): string {
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => r[i]!.length)));
  return rows.map((r) => r.map((c, i) => i < r.length - 1 ? c.padEnd(widths[i]!) : c).join("  "))
    .join("\n") + "\n";
}

/** The project's config file, or a `weft.toml` to make here when there is none. */
async function configFile(io: CliIo): Promise<{ file: string; projectDir: string }> {
  const file = await findConfigFile(io.cwd) ?? join(io.cwd, "weft.toml");
  return { file, projectDir: dirname(file) };
}

async function readConfig(file: string): Promise<string> {
  return await Deno.readTextFile(file).catch(() => "");
}

/** A URL or `npm:` as given; a path relative to the project when inside it, else absolute. */
function specifier(given: string, cwd: string, projectDir: string): string {
  if (/^(https?|npm|jsr|file):/.test(given)) return given;
  const path = resolve(cwd, given);
  const rel = relative(projectDir, path);
  return rel.startsWith("..") || isAbsolute(rel) ? path : `./${rel}`;
}
