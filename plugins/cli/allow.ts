/**
 * `weft allow`: start the programs of panes restored held, from a store this user's weft did
 * not record on this machine (the server's log and `weft saved` show what each would run).
 *
 * @module
 */

import { parseArgs } from "./args.ts";
import { print, type Subcommand, withClient } from "./io.ts";

/** `weft allow [PANE…] [--json]` */
export const allow: Subcommand = {
  usage: "weft allow [PANE…] [--json]",
  summary: "Start held panes' programs (restored from a store weft did not record here); " +
    "all of them without PANE",
  run: async (args, io) => {
    const { values, positionals } = parseArgs({
      args,
      options: { json: { type: "boolean" } },
      allowPositionals: true,
      strict: true,
    });
    return await withClient(io, async (client) => {
      const result = await client.call("server.allow", {
        panes: positionals,
      });
      print(
        io,
        !!values.json,
        result,
        () =>
          (result.started.length
            ? `started ${result.started.join(", ")}\n`
            : "no held pane to start\n") +
          (result.held.length ? `still held: ${result.held.join(", ")}\n` : ""),
      );
      return 0;
    });
  },
};
