/**
 * `node:util`'s `parseArgs` (as ./parse_args.ts writes it out, without loading `node:`) with
 * weft's usage errors: a mistyped flag is a {@link UsageError}
 * naming the closest flag (`unknown flag --lins; did you mean --lines?`), never Node's advice to
 * put it after `--` (which would type it into a pane).
 *
 * @module
 */

import type { ParseArgsConfig } from "node:util";
import { parseArgs as parseNodeArgs } from "./parse_args.ts";
import { suggest } from "../../protocols/bus/suggest.ts";
import { UsageError } from "./io.ts";

/**
 * Parses argv as `node:util`'s `parseArgs` does; its errors become usage errors in weft's words.
 *
 * @example
 * ```ts
 * import { parseArgs } from "./args.ts";
 * try {
 *   parseArgs({ args: ["--jsn"], options: { json: { type: "boolean" } } });
 * } catch (err) {
 *   console.assert((err as Error).message === "unknown flag --jsn; did you mean --json?");
 * }
 * ```
 */
export function parseArgs<T extends ParseArgsConfig>(
  config: T,
): ReturnType<typeof parseNodeArgs<T>> {
  try {
    return parseNodeArgs(config);
  } catch (err) {
    throw usageOf(err, config);
  }
}

/**
 * A `parseArgs` error in weft's words, with a did-you-mean when the options are known; anything
 * else is returned as it is.
 *
 * @example
 * ```ts
 * import { parseArgs as parseNodeArgs } from "node:util";
 * import { usageOf } from "./args.ts";
 * try {
 *   parseNodeArgs({ args: ["x"], options: {} });
 * } catch (err) {
 *   console.assert(usageOf(err).message === 'unexpected argument "x"');
 * }
 * ```
 */
export function usageOf(err: unknown, config: ParseArgsConfig = {}): Error {
  const code = (err as { code?: string }).code;
  const message = (err as Error).message ?? String(err);
  const quoted = /'([^']*)'/.exec(message)?.[1] ?? "";
  if (code === "ERR_PARSE_ARGS_UNKNOWN_OPTION") {
    // A long flag typed with one dash (`-jsn`) reads as short flags: Node names only `-j`.
    const word = quoted.length === 2 && !quoted.startsWith("--")
      ? config.args?.find((a) => a.length > 2 && !a.startsWith("--") && a.startsWith(quoted))
      : undefined;
    const given = word ?? quoted;
    return new UsageError(`unknown flag ${given}${flagHint(given, config)}`);
  }
  if (code === "ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL") {
    return new UsageError(`unexpected argument "${quoted}"`);
  }
  if (code === "ERR_PARSE_ARGS_INVALID_OPTION_VALUE") {
    const flag = quoted.split(" ")[0] ?? quoted;
    return new UsageError(
      message.includes("does not take") ? `${flag} takes no value` : `${flag} needs a value`,
    );
  }
  return err instanceof Error ? err : new Error(message);
}

/** `"; did you mean --lines?"` for a mistyped flag, or the empty string. */
function flagHint(given: string, config: ParseArgsConfig): string {
  if (given.length <= 2) return ""; // `-x`: no long flag is near one letter
  const known: string[] = [];
  for (const [name, option] of Object.entries(config.options ?? {})) {
    known.push(`--${name}`);
    if (config.allowNegative && option.type === "boolean") known.push(`--no-${name}`);
  }
  const near = suggest(given.startsWith("--") ? given : `-${given}`, known, 2);
  return near.length ? `; did you mean ${near.join(" or ")}?` : "";
}
