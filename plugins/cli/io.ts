/**
 * What CLI subcommands share: their I/O, the usage error, and the client connection.
 *
 * @module
 */

import { paneHello, paneRefused, WeftClient } from "../client/mod.ts";
import type { FlagPlan } from "./flags.ts";

/** Where a subcommand writes; tests pass their own. */
export interface CliIo {
  out: (text: string) => void;
  err: (text: string) => void;
  cwd: string;
  env: (name: string) => string | undefined;
  /** Reads all of stdin as text (for `weft tmux load-buffer -`); none: empty. */
  stdin?: () => Promise<string>;
  /** True when a person is at a terminal (stdin and stdout): `weft` alone then attaches. */
  interactive?: boolean;
  /** Asks a yes/no question at the terminal; absent when no one is there to answer. */
  confirm?: (question: string) => boolean;
}

/** The process's own I/O. */
export const processIo: CliIo = {
  out: (text) => writeAll(Deno.stdout, text),
  err: (text) => writeAll(Deno.stderr, text),
  cwd: Deno.cwd(),
  env: (name) => Deno.env.get(name),
  stdin: () => new Response(Deno.stdin.readable).text(),
  interactive: Deno.stdin.isTerminal() && Deno.stdout.isTerminal(),
  ...(Deno.stdin.isTerminal() ? { confirm: (question: string) => confirm(question) } : {}),
};

/** The exit code of a Unix tool that SIGPIPE ended (128 + 13). */
const BROKEN_PIPE_EXIT = 141;

/**
 * Writes all of `text`. When the reader went away (`weft ls | head`), the CLI ends at once and
 * quietly, with the exit code a Unix tool ended by SIGPIPE has (Deno ignores SIGPIPE).
 */
function writeAll(file: { writeSync(p: Uint8Array): number }, text: string): void {
  const bytes = new TextEncoder().encode(text);
  try {
    for (let off = 0; off < bytes.length;) off += file.writeSync(bytes.subarray(off));
  } catch (err) {
    if (err instanceof Deno.errors.BrokenPipe) Deno.exit(BROKEN_PIPE_EXIT);
    throw err;
  }
}

/** A mistake in how the CLI was called: exit code 2 with usage. */
export class UsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "UsageError";
  }
}

/** A CLI subcommand. */
export interface Subcommand {
  usage: string;
  summary: string;
  /** The bus command whose input fields are its flags, and how (for `weft help NAME`). */
  flags?: { command: string; plan: FlagPlan };
  /**
   * `"foreign"` when its words are another program's (tmux's, a JSON input): only a first
   * `--help`/`-h` is weft's help, and `--json` is not weft's.
   */
  words?: "foreign";
  /**
   * True (or true for these arguments) when it needs a server and starts one in the background
   * if none runs, as tmux does (`attach`, `new`, `mcp`).
   */
  starts?: boolean | ((args: readonly string[]) => boolean);
  run: (args: string[], io: CliIo) => Promise<number>;
}

/**
 * Connects to the project's server as the CLI, attributed to `WEFT_PANE` when its key proves
 * it; says so on stderr when the server does not believe the pane.
 */
export async function connect(io: CliIo): Promise<WeftClient> {
  const client = await WeftClient.find(io.cwd, { client: "cli", ...paneHello(io.env) });
  const refused = paneRefused(client.hello);
  if (refused) io.err(`weft: ${refused}\n`);
  return client;
}

/** Runs `fn` with a connected client and closes it afterwards. */
export async function withClient<T>(io: CliIo, fn: (client: WeftClient) => Promise<T>): Promise<T> {
  const client = await connect(io);
  try {
    return await fn(client);
  } finally {
    client.close();
  }
}

/** Splits argv at the first `--`: options before, the command after. */
export function splitAtDashes(args: string[]): [string[], string[] | undefined] {
  const i = args.indexOf("--");
  return i < 0 ? [args, undefined] : [args.slice(0, i), args.slice(i + 1)];
}

/** Prints JSON or, when not asked for JSON, the text. */
export function print(io: CliIo, json: boolean, value: unknown, text: () => string): void {
  io.out(json ? JSON.stringify(value, null, 2) + "\n" : text());
}

/** Parses a non-negative integer option or throws a usage error naming it. */
export function intOption(value: string | undefined, name: string): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) {
    throw new UsageError(`--${name} must be a whole number, got "${value}"`);
  }
  return n;
}
