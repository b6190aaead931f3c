/**
 * The `weft` CLI door: runs one subcommand from the composition root's table (`main.ts`).
 * Every subcommand but `serve` is a client of the control socket. Manners every subcommand
 * gets here: `--help`/`-h` prints its help and does nothing else, a mistyped subcommand gets a
 * did-you-mean, and under `--json` an error is a JSON object on stdout with its stable code.
 * Exit codes: 0 ok, 1 command error (message on stderr), 2 usage.
 *
 * @module
 */

import { type ErrorBody, toErrorBody, WeftError } from "../../protocols/bus/errors.ts";
import { didYouMean } from "../../protocols/bus/suggest.ts";
import { usageOf } from "./args.ts";
import { type CliIo, processIo, type Subcommand, UsageError } from "./io.ts";

/** Options of {@link runCli}. */
export interface RunCliOptions {
  /** The subcommand table (the composition root's, `main.ts`). */
  subcommands: Readonly<Record<string, () => Promise<Subcommand>>>;
  io?: CliIo;
  /** What `weft --version` prints after `weft `. */
  version?: string;
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
  const [given, ...rest] = args;
  // `weft` alone at a terminal attaches (starting a server if none runs), as tmux does.
  const name = given ?? (io.interactive && subcommands.attach ? "attach" : undefined);
  if (!name || name === "--help" || name === "-h") {
    const help = subcommands.help;
    if (help) return await (await help()).run([], io);
    io.err("weft: no help\n");
    return 2;
  }
  if (name === "--version" || name === "-V" || name === "version") {
    io.out(`weft ${options.version ?? "(unknown version)"}\n`);
    return 0;
  }
  const load = Object.hasOwn(subcommands, name) ? subcommands[name] : undefined;
  if (!load) {
    const hint = didYouMean(name, Object.keys(subcommands)) ||
      (name.includes(".") ? `; a bus command is called with \`weft call ${name}\`` : "");
    return fail(
      io,
      wantsJson(rest),
      `weft: unknown command "${name}"${hint}; try \`weft help\`\n`,
      {
        code: "NOT_FOUND",
        message: `Cannot find subcommand "${name}"${hint}`,
      },
      2,
    );
  }
  const sub = await load();
  // Help (and the command contract it reads) is loaded only when asked for, by a specifier built
  // at run time: a literal one would make every `weft` run read it first (see main.ts's `lazy`).
  if (rest.includes("--help") || rest.includes("-h")) {
    const help = new URL("./help.ts", import.meta.url).href;
    const { asksHelp, subcommandHelp }: typeof import("./help.ts") = await import(help);
    if (asksHelp(sub, rest)) {
      await subcommandHelp(sub, io);
      return 0;
    }
  }
  const json = sub.words !== "foreign" && wantsJson(rest);
  try {
    const starts = typeof sub.starts === "function" ? sub.starts(rest) : sub.starts;
    if (starts) {
      // Built at run time: a literal would make every `weft` run read the config loader (zod,
      // TOML) before it starts (see main.ts's `lazy`).
      const background = new URL("./background.ts", import.meta.url).href;
      const { ensureServer }: typeof import("./background.ts") = await import(background);
      await ensureServer(io, projectOf(rest, io.cwd));
    }
    return await sub.run(rest, io);
  } catch (thrown) {
    const err = (thrown as { code?: string }).code?.startsWith("ERR_PARSE_ARGS")
      ? usageOf(thrown)
      : thrown;
    if (err instanceof UsageError) {
      const text =
        `weft ${name}: ${err.message}\nusage: ${sub.usage}\n(weft ${name} --help for more)\n`;
      return fail(io, json, text, { code: "INVALID_INPUT", message: err.message }, 2);
    }
    const body = toErrorBody(err);
    const text = err instanceof WeftError
      ? `weft ${name}: ${err.message} [${err.code}]\n`
      : isSystemError(err)
      ? `weft ${name}: ${systemMessage(err)}\n`
      : `weft ${name}: ${(err as Error).stack ?? err}\n`;
    return fail(io, json, text, body, 1);
  }
}

/** An error from the system (a file, a folder, a socket): its message is the whole story. */
function isSystemError(err: unknown): err is Error {
  return Object.values(Deno.errors).some((E) => err instanceof E);
}

/** One line: what failed, and for a folder weft may not write, where its state goes. */
function systemMessage(err: Error): string {
  const denied = err instanceof Deno.errors.PermissionDenied || /read-only/i.test(err.message);
  const state = /\.weft\b/.test(err.message);
  return denied && state
    ? `${err.message}: weft keeps a project's state in its .weft/ folder, which cannot be ` +
      "made or written here (a read-only checkout); run weft where you may write"
    : err.message;
}

/**
 * `--project DIR` before any `--`, from `cwd`; else `cwd`. Not normalised: what it goes to
 * resolves it (no `node:path` here, see ./parse_args.ts).
 */
function projectOf(args: readonly string[], cwd: string): string {
  const end = args.indexOf("--");
  const at = (end < 0 ? args : args.slice(0, end)).indexOf("--project");
  const dir = at >= 0 ? args[at + 1] : undefined;
  return !dir ? cwd : dir.startsWith("/") ? dir : `${cwd}/${dir}`;
}

/** True when `--json` comes before any `--` (after it, it belongs to the command run). */
function wantsJson(args: readonly string[]): boolean {
  const end = args.indexOf("--");
  return (end < 0 ? args : args.slice(0, end)).includes("--json");
}

/** Reports an error: text on stderr, or under `--json` `{"error": {code, message}}` on stdout. */
function fail(io: CliIo, json: boolean, text: string, body: ErrorBody, code: number): number {
  if (json) io.out(JSON.stringify({ error: body }, null, 2) + "\n");
  else io.err(text);
  return code;
}
