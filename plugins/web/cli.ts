/**
 * `weft web`: turns the web page on in the running server if it is off, prints a one-time
 * login URL and exits.
 *
 * @module
 */

import { resolve } from "node:path";
import { parseArgs } from "node:util";
import { WeftClient } from "../client/mod.ts";
import { WeftError } from "../../protocols/bus/errors.ts";
import type { Subcommand } from "../cli/io.ts";

const USAGE = "weft web [--read-only] [--project DIR]";

/** The `web` subcommand. */
export const web: Subcommand = {
  usage: USAGE,
  summary: "Print a one-time login URL for the web page (live panes in a browser)",
  run: async (args, io) => {
    const { values } = parseArgs({
      args,
      options: { project: { type: "string" }, "read-only": { type: "boolean" } },
    });
    const start = values.project ? resolve(io.cwd, values.project) : io.cwd;
    const client = await WeftClient.find(start, { client: "cli" });
    try {
      const running = await client.call<{ plugins: { name: string; state: string }[] }>(
        "server.status",
      );
      const web = running.plugins.find((p) => p.name === "web");
      if (web?.state !== "running") {
        const started = await client.call<{ state: string; lastError?: { message: string } }>(
          "server.plugin_start",
          { name: "web" },
        );
        if (started.state !== "running") {
          throw new WeftError(
            "UNAVAILABLE",
            `Cannot print a login URL: the web plugin is ${started.state}` +
              (started.lastError ? `: ${started.lastError.message}` : ""),
          );
        }
      }
      const { url } = await client.call<{ url: string }>("web.login", {
        readOnly: values["read-only"] === true,
      });
      io.out(url + "\n");
      return 0;
    } finally {
      client.close();
    }
  },
};
