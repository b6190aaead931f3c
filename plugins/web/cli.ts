/**
 * `weft web`: prints a one-time login URL for the running server's web page and exits.
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
      const { url } = await client.call<{ url: string }>("web.login", {
        readOnly: values["read-only"] === true,
      }).catch((err) => {
        if (err instanceof WeftError && err.code === "NOT_FOUND") {
          throw new WeftError(
            "UNAVAILABLE",
            'Cannot print a login URL: the web plugin is off; enable it ("weft": {"plugins": ' +
              '{"web": true}}) and restart the server',
          );
        }
        throw err;
      });
      io.out(url + "\n");
      return 0;
    } finally {
      client.close();
    }
  },
};
