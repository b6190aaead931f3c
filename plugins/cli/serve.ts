/**
 * `weft serve`: run the server for the project in the current directory until stopped.
 *
 * @module
 */

import { parseArgs } from "./args.ts";
import { loadConfig } from "../../core/config/mod.ts";
import { startServer } from "../../core/server/server.ts";
import type { Subcommand } from "./io.ts";
import { BUILTIN_PLUGINS } from "../builtin.ts";

/** `weft serve [--project DIR] [--fresh]` */
export const serve: Subcommand = {
  usage: "weft serve [--project DIR] [--fresh]",
  summary: "Start the weft server for this project (stays in the foreground); it brings back " +
    "the sessions of the previous run unless --fresh (which keeps the old store as a dated file)",
  run: async (args, io) => {
    const { values } = parseArgs({
      args,
      options: { project: { type: "string" }, fresh: { type: "boolean" } },
      strict: true,
    });
    const started = performance.now();
    const config = await loadConfig(values.project ?? io.cwd, { builtins: BUILTIN_PLUGINS });
    const server = await startServer(config, { fresh: values.fresh ?? false });
    // Ready means ready: the plugins' commands are on the bus (or their plugins have failed).
    await server.pluginsStarted;
    const ms = (performance.now() - started).toFixed(0);
    io.err(
      `weft: serving ${config.projectDir} (pid ${Deno.pid}, socket ${server.paths.socket}, ready in ${ms} ms)\n`,
    );
    const onSignal = () => void server.stop();
    for (const sig of ["SIGINT", "SIGTERM", "SIGHUP"] as const) {
      Deno.addSignalListener(sig, onSignal);
    }
    await server.finished;
    for (const sig of ["SIGINT", "SIGTERM", "SIGHUP"] as const) {
      Deno.removeSignalListener(sig, onSignal);
    }
    io.err("weft: stopped\n");
    return 0;
  },
};
