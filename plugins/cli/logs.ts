/**
 * `weft logs [-f] [--lines N]`: the project's server log (`.weft/server.log`, written by a
 * server started in the background); `-f` follows it as it grows, across a rotation, until
 * Ctrl-C.
 *
 * @module
 */

import { loadConfig } from "../../core/sdk/config.ts";
import { findServerInfo } from "../../core/sdk/project.ts";
import { WeftError } from "../../protocols/bus/errors.ts";
import { BUILTIN_PLUGINS } from "../builtin.ts";
import { parseArgs } from "./args.ts";
import { logFile } from "./background.ts";
import { intOption, type Subcommand } from "./io.ts";

/** How often `-f` looks at the file (a poll: a rotation replaces the file under a watcher). */
const FOLLOW_MS = 250;

/** `weft logs` */
export const logs: Subcommand = {
  usage: "weft logs [-f|--follow] [--lines N]",
  summary: "Show the server log of this project (.weft/server.log); -f follows it",
  run: async (args, io) => {
    const { values } = parseArgs({
      args,
      options: { follow: { type: "boolean", short: "f" }, lines: { type: "string", short: "n" } },
    });
    const lines = intOption(values.lines, "lines") ?? 50;
    const found = await findServerInfo(io.cwd);
    const dir = found?.info.projectDir ??
      (await loadConfig(io.cwd, { builtins: BUILTIN_PLUGINS })).projectDir;
    const file = logFile(dir);
    let text: string;
    try {
      text = await Deno.readTextFile(file);
    } catch {
      throw new WeftError(
        "NOT_FOUND",
        `Cannot read ${file}: no server of this project was started in the background ` +
          "(weft, weft attach, new or mcp start one; a foreground weft serve logs to its terminal)",
      );
    }
    const shown = text.split("\n");
    if (shown.at(-1) === "") shown.pop();
    io.out(shown.slice(-lines).map((l) => `${l}\n`).join(""));
    if (!values.follow) return 0;
    let offset = new TextEncoder().encode(text).length;
    for (;;) {
      await new Promise((resolve) => setTimeout(resolve, FOLLOW_MS));
      const size = await Deno.stat(file).then((s) => s.size, () => 0);
      if (size < offset) offset = 0; // rotated or emptied: from its start
      if (size === offset) continue;
      const bytes = await readFrom(file, offset, size);
      offset += bytes.length;
      io.out(new TextDecoder().decode(bytes));
    }
  },
};

async function readFrom(file: string, from: number, to: number): Promise<Uint8Array> {
  using handle = await Deno.open(file);
  await handle.seek(from, Deno.SeekMode.Start);
  const buffer = new Uint8Array(to - from);
  let got = 0;
  while (got < buffer.length) {
    const n = await handle.read(buffer.subarray(got));
    if (n === null) break;
    got += n;
  }
  return buffer.subarray(0, got);
}
