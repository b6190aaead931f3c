/**
 * The `weft` CLI: a client of the control socket (and the `serve` entry point).
 * Exit codes: 0 ok, 1 command error (message on stderr), 2 usage.
 *
 * @module
 */

import { WeftError } from "../errors.ts";
import { type CliIo, processIo, type Subcommand, UsageError } from "./_io.ts";
import { call, helpCommand, ls, status, stop } from "./info.ts";
import { layout } from "./layout.ts";
import { kill, newPane, read, run, send, split, wait } from "./panes.ts";
import { serve } from "./serve.ts";
import { attachCommand } from "../tui/mod.ts";
import { mcp } from "../../plugins/mcp/cli.ts";
import { sideband } from "../../plugins/sideband/cli.ts";

/** Every subcommand by name; later doors (attach, mcp, layout) add theirs here. */
export const SUBCOMMANDS: Record<string, Subcommand> = {
  serve,
  ls,
  new: newPane,
  split,
  send,
  read,
  wait,
  run,
  kill,
  status,
  stop,
  call,
  mcp,
  sideband,
  layout,
  attach: attachCommand,
};
SUBCOMMANDS.help = helpCommand(SUBCOMMANDS);

/**
 * Runs the CLI with these arguments; returns the exit code.
 *
 * @example
 * ```ts ignore
 * import { runCli } from "./mod.ts";
 * Deno.exit(await runCli(["ls"]));
 * ```
 */
export async function runCli(args: string[], io: CliIo = processIo): Promise<number> {
  const [name, ...rest] = args;
  if (!name || name === "--help" || name === "-h") return await SUBCOMMANDS.help!.run([], io);
  const sub = SUBCOMMANDS[name];
  if (!sub) {
    io.err(`weft: unknown command "${name}"; try \`weft help\`\n`);
    return 2;
  }
  try {
    return await sub.run(rest, io);
  } catch (err) {
    if (
      err instanceof UsageError || (err as { code?: string }).code?.startsWith("ERR_PARSE_ARGS")
    ) {
      io.err(`weft ${name}: ${(err as Error).message}\nusage: ${sub.usage}\n`);
      return 2;
    }
    if (err instanceof WeftError) {
      io.err(`weft ${name}: ${err.message} [${err.code}]\n`);
      return 1;
    }
    io.err(`weft ${name}: ${(err as Error).stack ?? err}\n`);
    return 1;
  }
}
