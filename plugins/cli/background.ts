/**
 * Starting like tmux: a subcommand that needs a server (`weft` alone, `attach`, `new`, `mcp`)
 * starts `weft serve` in the background when none runs for the project, its output appended
 * to `.weft/server.log` (rotated: the last runs are kept as `server.log.1` and `.2`).
 *
 * @module
 */

import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { loadConfig } from "../../core/sdk/config.ts";
import { claimStateDir, serverPaths } from "../../core/sdk/project.ts";
import { WeftError } from "../../protocols/bus/errors.ts";
import { WeftClient } from "../client/mod.ts";
import { BUILTIN_PLUGINS } from "../builtin.ts";
import type { CliIo } from "./io.ts";

/** How long a background server may take to answer (a cold Deno cache is slow). */
const START_MS = 60_000;
/** Old logs kept beside `server.log`. */
const KEPT_LOGS = 2;

/** The log file of a project's server. */
export function logFile(projectDir: string): string {
  return join(serverPaths(projectDir).dir, "server.log");
}

/**
 * Makes sure a server runs for the project around `start`: nothing when one answers, else
 * `weft serve` in the background, waited for until it answers. Says so on stderr (never
 * stdout: `weft mcp` speaks MCP there).
 */
export async function ensureServer(io: CliIo, start: string): Promise<void> {
  try {
    (await WeftClient.find(start, { client: "cli" })).close();
    return;
  } catch (err) {
    if ((err as WeftError).code !== "UNAVAILABLE") throw err;
  }
  const { projectDir } = await loadConfig(start, { builtins: BUILTIN_PLUGINS });
  const state = await claimStateDir(projectDir);
  if (state.moved) io.err(state.moved + "\n");
  const log = logFile(projectDir);
  await rotate(log);
  // Made here, private: the shell's >> would make it with the umask's mode.
  await Deno.writeFile(log, new Uint8Array(), { append: true, mode: 0o600 });
  const child = spawnServer(projectDir, log);
  const ended = child.status.then((s) => s.code);
  const deadline = Date.now() + START_MS;
  while (Date.now() < deadline) {
    const code = await Promise.race([ended, sleep(100).then(() => undefined)]);
    if (code !== undefined) {
      throw new WeftError(
        "UNAVAILABLE",
        `Cannot start a weft server for ${projectDir}: it exited with ${code}; ` +
          `its last words, from ${log}:\n${await tail(log, 8)}`,
      );
    }
    try {
      (await WeftClient.find(projectDir, { client: "cli" })).close();
      child.unref();
      io.err(`weft: started a server for ${projectDir} (log: ${log}; weft stop ends it)\n`);
      return;
    } catch { /* not yet */ }
  }
  child.unref();
  throw new WeftError(
    "TIMEOUT",
    `Cannot start a weft server for ${projectDir}: no answer within ${START_MS} ms; see ${log}`,
  );
}

/** `weft serve` detached from this process, its output appended to `log` by a shell. */
function spawnServer(projectDir: string, log: string): Deno.ChildProcess {
  const main = fileURLToPath(new URL("../../main.ts", import.meta.url));
  const config = fileURLToPath(new URL("../../deno.json", import.meta.url));
  const argv = [
    Deno.execPath(),
    ...["run", "--allow-all", "--unstable-worker-options", "--config", config, main],
    ...["serve", "--log", log],
  ];
  // The paths go as arguments, never into the script: no quoting to get wrong.
  return new Deno.Command("/bin/sh", {
    args: ["-c", 'log=$1; shift; exec "$@" >>"$log" 2>&1 </dev/null', "sh", log, ...argv],
    cwd: projectDir,
    detached: true,
    stdin: "null",
    stdout: "null",
    stderr: "null",
  }).spawn();
}

/** `server.log` → `server.log.1` → `server.log.2`; the oldest goes. */
export async function rotate(log: string, kept = KEPT_LOGS): Promise<void> {
  for (let i = kept; i >= 1; i--) {
    const from = i === 1 ? log : `${log}.${i - 1}`;
    await Deno.rename(from, `${log}.${i}`).catch((err) => {
      if (!(err instanceof Deno.errors.NotFound)) throw err;
    });
  }
}

/** The last `lines` lines of a file, or a note that there is none. */
export async function tail(file: string, lines: number): Promise<string> {
  try {
    return (await Deno.readTextFile(file)).trimEnd().split("\n").slice(-lines).join("\n");
  } catch {
    return `(no ${file})`;
  }
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** The most a running server's log grows to before it is rotated. */
export const LOG_CAP_BYTES = 8 * 1024 * 1024;

/**
 * Rotates `log` when it has grown past `cap` while the server runs: its content goes to
 * `server.log.1` and the file is emptied in place (the server appends to it, so it writes on
 * at the start).
 */
export async function capLog(log: string, cap = LOG_CAP_BYTES): Promise<void> {
  const size = await Deno.stat(log).then((s) => s.size, () => 0);
  if (size <= cap) return;
  await Deno.rename(`${log}.1`, `${log}.2`).catch(() => {});
  await Deno.copyFile(log, `${log}.1`);
  await Deno.truncate(log, 0);
}
