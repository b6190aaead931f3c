/**
 * `weft doctor`: checks the installation, the project, Claude Code's MCP wiring and every
 * agent vendor's hooks (those `weft hooks` installs, from the vendor table), and says what to
 * fix. Each check is a line: ok, warn (works, but not as well as it could) or fail (exit 1).
 *
 * @module
 */

import { join } from "node:path";
import { loadConfig } from "../../core/sdk/config.ts";
import { findServerInfo, serverPaths } from "../../core/sdk/project.ts";
import { WeftClient } from "../client/mod.ts";
import { BUILTIN_PLUGINS } from "../builtin.ts";
import { parseArgs } from "./args.ts";
import { installedWeft } from "./installed.ts";
import { type CliIo, print, type Subcommand } from "./io.ts";

/** One finding. */
export interface Check {
  level: "ok" | "warn" | "fail";
  what: string;
  /** What to do about it, when not ok. */
  fix?: string;
}

/** `weft doctor` */
export const doctor: Subcommand = {
  usage: "weft doctor [--json]",
  summary: "Check the installation, this project, Claude Code's MCP wiring and each agent's hooks",
  run: async (args, io) => {
    const { values } = parseArgs({ args, options: { json: { type: "boolean" } } });
    const checks = await diagnose(io);
    print(
      io,
      !!values.json,
      { checks },
      () =>
        checks.map((c) => `${c.level.padEnd(4)}  ${c.what}${c.fix ? `\n      → ${c.fix}` : ""}\n`)
          .join(""),
    );
    return checks.some((c) => c.level === "fail") ? 1 : 0;
  },
};

/** Every check, in order. */
export async function diagnose(io: CliIo): Promise<Check[]> {
  const checks: Check[] = [{ level: "ok", what: `deno ${Deno.version.deno}` }];
  checks.push(
    installedWeft(io.env("PATH")) ? { level: "ok", what: "weft is installed as a command" } : {
      level: "warn",
      what: "weft is not on PATH as a command",
      fix: "run deno task install in weft's checkout, with ~/.deno/bin on PATH",
    },
  );
  let projectDir = io.cwd;
  try {
    const config = await loadConfig(io.cwd, { builtins: BUILTIN_PLUGINS });
    projectDir = config.projectDir;
    checks.push({ level: "ok", what: `project ${projectDir} (its settings load)` });
  } catch (err) {
    checks.push({ level: "fail", what: (err as Error).message, fix: "correct the key it names" });
  }
  checks.push(await stateCheck(projectDir), await serverCheck(projectDir));
  checks.push(await mcpCheck(projectDir), ...await hookChecks(projectDir, io));
  return checks;
}

async function stateCheck(projectDir: string): Promise<Check> {
  const state = serverPaths(projectDir).dir;
  if (state !== join(projectDir, ".weft")) {
    return { level: "ok", what: `the project's state is kept in ${state} (read-only project)` };
  }
  if (!await exists(state)) {
    return { level: "ok", what: "no .weft/ yet (made on the first start)" };
  }
  return await exists(join(state, ".gitignore"))
    ? { level: "ok", what: ".weft/ is kept out of git" }
    : { level: "warn", what: ".weft/ has no .gitignore", fix: "run weft init" };
}

async function serverCheck(projectDir: string): Promise<Check> {
  const found = await findServerInfo(projectDir);
  try {
    (await WeftClient.find(projectDir, { client: "cli" })).close();
    return { level: "ok", what: `a server runs (pid ${found?.info.pid})` };
  } catch {
    return {
      level: "warn",
      what: "no server runs for this project",
      fix: "weft (or weft new, weft attach, weft mcp) starts one in the background",
    };
  }
}

async function mcpCheck(projectDir: string): Promise<Check> {
  const mcp = await readText(join(projectDir, ".mcp.json"));
  const wired = mcp !== undefined && /"weft"\s*:/.test(mcp);
  return wired ? { level: "ok", what: ".mcp.json starts weft mcp for Claude Code" } : {
    level: "warn",
    what: "Claude Code is not wired to weft's MCP in this project",
    fix: "weft mcp config > .mcp.json, or claude mcp add weft -- weft mcp",
  };
}

/**
 * One line per agent vendor whose hooks weft installs (the vendor table, `weft hooks`): its
 * hooks in the project's or the user's settings, current, outdated, missing or unreadable.
 */
async function hookChecks(projectDir: string, io: CliIo): Promise<Check[]> {
  const { hookFiles } = await import("./hook_files.ts");
  const files = await hookFiles(projectDir, io);
  const agents = [...new Set(files.map((f) => f.agent))];
  return agents.map((agent): Check => {
    const mine = files.filter((f) => f.agent === agent);
    const { title } = mine[0]!;
    const fix = `weft hooks install --agent ${agent}`;
    const broken = mine.find((f) => f.state === "unreadable");
    if (broken) {
      return { level: "warn", what: `${title}: ${broken.file}: ${broken.error}`, fix: "fix it" };
    }
    const installed = mine.find((f) => f.state === "installed");
    if (installed) {
      return { level: "ok", what: `${title}'s hooks tell weft its state (${installed.file})` };
    }
    const outdated = mine.find((f) => f.state === "outdated");
    if (outdated) {
      return { level: "warn", what: `${title}'s hooks in ${outdated.file} are outdated`, fix };
    }
    const where = [...new Set(mine.map((f) => f.file))].join(", ");
    return { level: "warn", what: `no weft hooks for ${title} (${where})`, fix };
  });
}

async function readText(file: string): Promise<string | undefined> {
  try {
    return await Deno.readTextFile(file);
  } catch {
    return undefined;
  }
}

async function exists(path: string): Promise<boolean> {
  return await Deno.lstat(path).then(() => true, () => false);
}
