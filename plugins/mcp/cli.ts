/**
 * `weft mcp`: the stdio MCP server Claude Code's `.mcp.json` starts, plus `weft mcp config`
 * (a ready `.mcp.json`) and `weft mcp token` (the HTTP bearer token).
 *
 * @module
 */

import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "../cli/args.ts";
import { paneHello, paneRefused, WeftClient } from "../client/mod.ts";
import { loadConfig } from "../../core/sdk/config.ts";
import { WeftError } from "../../protocols/bus/errors.ts";
import { findServerInfo, serverPaths } from "../../core/sdk/project.ts";
import type { CliIo, Subcommand } from "../cli/io.ts";
import { UsageError } from "../cli/io.ts";
import { type Options as McpOptions, parseOptions as parseMcpOptions } from "./options.ts";
import { READ_ONLY } from "../../protocols/bus/capabilities.ts";
import { serveStdio } from "./stdio.ts";
import { lastPort } from "./_last_port.ts";
import { BUILTIN_PLUGINS } from "../builtin.ts";
import { installedWeft } from "../cli/installed.ts";
import { checkProfile } from "../../protocols/mcp/mod.ts";

const USAGE = "weft mcp [--project DIR] [--read-only] [--tools all|PROFILE|A,B…] | " +
  "weft mcp config [--http|--stdio] " +
  "[--bin NAME] [--project DIR] | weft mcp token [--project DIR]";

/** The `mcp` subcommand. */
export const mcp: Subcommand = {
  usage: USAGE,
  summary: "MCP for agents: serve stdio (what .mcp.json starts), print a .mcp.json, print the " +
    "HTTP token",
  run: (args, io) => {
    const [first, ...rest] = args;
    if (first === "config") return config(rest, io);
    if (first === "token") return token(rest, io);
    return stdio(args, io);
  },
};

async function stdio(args: string[], io: CliIo): Promise<number> {
  const { values } = parseArgs({
    args,
    options: {
      project: { type: "string" },
      "read-only": { type: "boolean" },
      tools: { type: "string" },
    },
  });
  const start = values.project ? resolve(io.cwd, values.project) : io.cwd;
  const options = await projectOptions(start);
  if (values.tools !== undefined) options.tools = toolsFlag(values.tools);
  const readOnly = values["read-only"] === true || options.readOnly === true;
  const client = await WeftClient.find(start, {
    client: "mcp",
    ...paneHello(io.env),
    ...(readOnly ? { grants: [...READ_ONLY] } : {}),
  });
  // Claude Code keeps a stdio server's stderr in its MCP log.
  const refused = paneRefused(client.hello);
  if (refused) io.err(`weft mcp: ${refused}\n`);
  try {
    const why = await serveStdio(client, { ...options, readOnly });
    if (why === "server") {
      io.err("weft mcp: the weft server went away; stopping\n");
      return 1;
    }
    return 0;
  } finally {
    client.close();
  }
}

/** `--tools all`, `--tools layout`, `--tools agent,open_canvas`. */
function toolsFlag(value: string): string | string[] {
  const words = value.split(",").map((w) => w.trim()).filter(Boolean);
  if (words.length !== 1) return words;
  try {
    checkProfile(words[0]!);
  } catch (err) {
    throw new UsageError((err as Error).message);
  }
  return words[0]!;
}

async function config(args: string[], io: CliIo): Promise<number> {
  const { values } = parseArgs({
    args,
    options: {
      http: { type: "boolean" },
      stdio: { type: "boolean" },
      bin: { type: "string" },
      project: { type: "string" },
    },
  });
  if (values.http && values.stdio) throw new UsageError("give --http or --stdio, not both");
  const start = values.project ? resolve(io.cwd, values.project) : io.cwd;
  const bin = values.bin ?? installedWeft(io.env("PATH"));
  const server = values.http ? await httpEntry(start) : stdioEntry(bin, values.project);
  io.out(JSON.stringify({ mcpServers: { weft: server } }, null, 2) + "\n");
  return 0;
}

async function token(args: string[], io: CliIo): Promise<number> {
  const { values } = parseArgs({ args, options: { project: { type: "string" } } });
  const start = values.project ? resolve(io.cwd, values.project) : io.cwd;
  const found = await findServerInfo(start);
  const file = found?.info.http?.tokenFile ??
    join(
      serverPaths((await loadConfig(start, { builtins: BUILTIN_PLUGINS })).projectDir).dir,
      "mcp.token",
    );
  try {
    io.out((await Deno.readTextFile(file)).trim() + "\n");
    return 0;
  } catch {
    throw new WeftError(
      "NOT_FOUND",
      `Cannot read the MCP token ${file}: the mcp plugin has not run in this project yet; ` +
        `enable it ("weft": {"plugins": {"mcp": true}}) and start the server`,
    );
  }
}

/** The stdio form: this CLI run by Deno, or an installed `weft`. */
function stdioEntry(bin: string | undefined, project: string | undefined) {
  const extra = project ? ["--project", resolve(project)] : [];
  if (bin) return { command: bin, args: ["mcp", ...extra] };
  const main = fileURLToPath(new URL("../../main.ts", import.meta.url));
  // weft's own deno.json (its imports), not the one Deno would find from the agent's cwd.
  const config = fileURLToPath(new URL("../../deno.json", import.meta.url));
  return {
    command: Deno.execPath(),
    args: ["run", "--allow-all", "--unstable-worker-options", "--config", config, main, "mcp"]
      .concat(extra),
  };
}

/** The HTTP form: the running server's port (or the configured one) and the token header. */
async function httpEntry(start: string) {
  const found = await findServerInfo(start);
  // The running server's port, else the fixed one, else the one the last run kept.
  const port = found?.info.http?.port || (await projectOptions(start)).port ||
    await lastPort(join(serverPaths(found?.info.projectDir ?? start).dir, "mcp.port"));
  if (!port) {
    throw new WeftError(
      "UNAVAILABLE",
      "Cannot print an HTTP config: no MCP HTTP port is known; start the server with the mcp " +
        'plugin on, or set a fixed port ("mcp": {"options": {"port": 8931}})',
    );
  }
  return {
    type: "http",
    url: `http://127.0.0.1:${port}/mcp`,
    headers: { Authorization: "Bearer ${WEFT_MCP_TOKEN}" },
  };
}

async function projectOptions(start: string): Promise<McpOptions> {
  const config = await loadConfig(start, { builtins: BUILTIN_PLUGINS });
  return parseMcpOptions(config.plugins.find((p) => p.name === "mcp")?.options ?? {});
}
