/**
 * `weft serve`: run the server for the project in the current directory until stopped.
 *
 * @module
 */

import { parseArgs } from "./args.ts";
import { loadConfig } from "../../core/sdk/config.ts";
import { startServer } from "../../core/sdk/host.ts";
import type { Subcommand } from "./io.ts";
import { BUILTIN_PLUGINS, withJoined } from "../builtin.ts";
import { capLog } from "./background.ts";
import { ignoreState } from "./init.ts";

/** How often a background server's log is looked at for its size. */
const LOG_CHECK_MS = 30_000;

/** `weft serve [--project DIR] [--fresh]` */
export const serve: Subcommand = {
  usage: "weft serve [--project DIR] [--fresh] [--log FILE]",
  summary: "Start the weft server for this project (stays in the foreground); it brings back " +
    "the sessions of the previous run unless --fresh (which keeps the old store as a dated file)",
  run: async (args, io) => {
    const { values } = parseArgs({
      args,
      options: { project: { type: "string" }, fresh: { type: "boolean" }, log: { type: "string" } },
      strict: true,
    });
    const started = performance.now();
    const load = async (dir: string) =>
      // A project joined to a fabric by `weft fabric join` has it on; one never joined pays
      // nothing.
      await withJoined(await loadConfig(dir, { builtins: BUILTIN_PLUGINS }));
    const config = await load(values.project ?? io.cwd);
    const server = await startServer(config, {
      fresh: values.fresh ?? false,
      reloadConfig: () => load(config.projectDir),
    });
    // Ready means ready: the plugins' commands are on the bus (or their plugins have failed).
    await server.pluginsStarted;
    await ignoreState(server.paths.dir).catch(() => {});
    const ms = (performance.now() - started).toFixed(0);
    io.err(
      `weft: serving ${config.projectDir} (pid ${Deno.pid}, socket ${server.paths.socket}, ready in ${ms} ms)\n`,
    );
    // A background server's output goes to its log (./background.ts), kept under a cap.
    const log = values.log;
    const capping = log ? setInterval(() => void capLog(log).catch(() => {}), LOG_CHECK_MS) : 0;
    const onSignal = () => void server.stop();
    for (const sig of ["SIGINT", "SIGTERM", "SIGHUP"] as const) {
      Deno.addSignalListener(sig, onSignal);
    }
    await server.finished;
    clearInterval(capping);
    for (const sig of ["SIGINT", "SIGTERM", "SIGHUP"] as const) {
      Deno.removeSignalListener(sig, onSignal);
    }
    io.err("weft: stopped\n");
    return 0;
  },
};
