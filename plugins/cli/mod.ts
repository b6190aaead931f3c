/**
 * The `weft` CLI door: runs one subcommand from the composition root's table (`main.ts`).
 * Every subcommand but `serve` is a client of the control socket.
 * Exit codes: 0 ok, 1 command error (message on stderr), 2 usage.
 *
 * @module
 */

import { WeftError } from "../../protocols/bus/errors.ts";
import { type CliIo, processIo, type Subcommand, UsageError } from "./io.ts";

/** Options of {@link runCli}. */
export interface RunCliOptions {
  /** The subcommand table (the composition root's, `main.ts`). */
  subcommands: Readonly<Record<string, () => Promise<Subcommand>>>;
  io?: CliIo;
}

/**
 * Runs a subcommand from `subcommands` with these arguments; returns the exit code.
 *
 * @example
 * ```ts ignore
 * import { runCli } from "./mod.ts";
 * Deno.exit(await runCli(["ls"], { subcommands: {} }));
 * ```
 */
export async function runCli(args: string[], options: RunCliOptions): Promise<number> {
  const { subcommands, io = processIo } = options;
  const [name, ...rest] = args;
  if (!name || name === "--help" || name === "-h") {
    const help = subcommands.help;
    if (help) return await (await help()).run([], io);
    io.err("weft: no help\n");
    return 2;
  }
  const load = Object.hasOwn(subcommands, name) ? subcommands[name] : undefined;
  if (!load) {
    io.err(`weft: unknown command "${name}"; try \`weft help\`\n`);
    return 2;
  }
  const sub = await load();
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
