/**
 * `node:util`'s `parseArgs`, the part weft uses (string and boolean options, `short`,
 * `multiple`, `allowPositionals`, `allowNegative`, `strict`), written out so that a `weft`
 * command does not start Deno's Node compatibility layer: loading any `node:` module costs a
 * short CLI call ~20 ms of CPU, about what the rest of `weft ls` costs (issue 23). Same results,
 * same error codes and messages; `parse_args_test.ts` checks both against Node's on every case.
 *
 * @module
 */

import type { parseArgs as NodeParseArgs, ParseArgsConfig } from "node:util";

type Options = NonNullable<ParseArgsConfig["options"]>;

interface Token {
  name: string;
  rawName: string;
  value: string | undefined;
  inlineValue: boolean | undefined;
}

/** An error with Node's code (`ERR_PARSE_ARGS_…`), as `node:util` throws it. */
class ParseArgsError extends TypeError {
  code: string;
  constructor(code: string, message: string) {
    super(message);
    this.code = code;
  }
}

/**
 * Parses `config.args` as `node:util`'s `parseArgs` does.
 *
 * @example
 * ```ts
 * import { parseArgs } from "./parse_args.ts";
 * const { values, positionals } = parseArgs({
 *   args: ["-n", "3", "--json", "p1"],
 *   options: { lines: { type: "string", short: "n" }, json: { type: "boolean" } },
 *   allowPositionals: true,
 * });
 * console.assert(values.lines === "3" && values.json === true && positionals[0] === "p1");
 * ```
 */
export function parseArgs<T extends ParseArgsConfig>(
  config: T,
): ReturnType<typeof NodeParseArgs<T>> {
  const args = [...(config.args ?? Deno.args)];
  const options: Options = config.options ?? {};
  const strict = config.strict ?? true;
  const allowPositionals = config.allowPositionals ?? !strict;
  const values: Record<string, unknown> = Object.create(null);
  const positionals: string[] = [];
  const store = (token: Token) => {
    if (strict) checkOption(token, options, config.allowNegative ?? false, allowPositionals);
    storeOption(token, options, values, {
      allowNegative: config.allowNegative ?? false,
      allowPositionals,
    });
  };
  const positional = (value: string) => {
    if (!allowPositionals) {
      throw new ParseArgsError(
        "ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL",
        `Unexpected argument '${value}'. This command does not take positional arguments`,
      );
    }
    positionals.push(value);
  };
  const typeOf = (name: string) => Object.hasOwn(options, name) ? options[name]!.type : undefined;
  while (args.length) {
    const arg = args.shift()!;
    if (arg === "--") {
      for (const rest of args.splice(0)) positional(rest);
      break;
    }
    if (arg.length === 2 && arg[0] === "-" && arg[1] !== "-") {
      const name = longFor(arg[1]!, options);
      const value = typeOf(name) === "string" && args[0] !== undefined ? args.shift() : undefined;
      store({ name, rawName: arg, value, inlineValue: value === undefined ? undefined : false });
    } else if (arg.length > 2 && arg[0] === "-" && arg[1] !== "-") {
      const name = longFor(arg[1]!, options);
      if (typeOf(name) === "string") {
        store({ name, rawName: `-${arg[1]}`, value: arg.slice(2), inlineValue: true });
        continue;
      }
      // A group of short flags: `-abc` is `-a -b -c`; a string one takes the rest as its value.
      const expanded: string[] = [];
      for (let i = 1; i < arg.length; i++) {
        const short = arg[i]!;
        if (typeOf(longFor(short, options)) !== "string" || i === arg.length - 1) {
          expanded.push(`-${short}`);
        } else {
          expanded.push(`-${short}${arg.slice(i + 1)}`);
          break;
        }
      }
      args.unshift(...expanded);
    } else if (arg.startsWith("--") && arg.length > 2 && !arg.includes("=")) {
      const name = arg.slice(2);
      const value = typeOf(name) === "string" && args[0] !== undefined ? args.shift() : undefined;
      store({ name, rawName: arg, value, inlineValue: value === undefined ? undefined : false });
    } else if (arg.startsWith("--") && arg.length > 2) {
      const at = arg.indexOf("=");
      store({
        name: arg.slice(2, at),
        rawName: arg.slice(0, at),
        value: arg.slice(at + 1),
        inlineValue: true,
      });
    } else {
      positional(arg);
    }
  }
  return { values, positionals } as unknown as ReturnType<typeof NodeParseArgs<T>>;
}

function longFor(short: string, options: Options): string {
  for (const [name, option] of Object.entries(options)) if (option.short === short) return name;
  return short;
}

function checkOption(
  token: Token,
  options: Options,
  allowNegative: boolean,
  allowPositionals: boolean,
): void {
  const negated = allowNegative && token.name.startsWith("no-") &&
    options[token.name.slice(3)]?.type === "boolean";
  if (!Object.hasOwn(options, token.name) && !negated) throw unknownOption(token, allowPositionals);
  const name = negated ? token.name.slice(3) : token.name;
  const option = options[name]!;
  const shown = option.short ? `-${option.short}, --${name}` : `--${name}`;
  if (option.type === "string" && typeof token.value !== "string") {
    throw new ParseArgsError(
      "ERR_PARSE_ARGS_INVALID_OPTION_VALUE",
      `Option '${shown} <value>' argument missing`,
    );
  }
  if (option.type === "boolean" && token.value !== undefined) {
    throw new ParseArgsError(
      "ERR_PARSE_ARGS_INVALID_OPTION_VALUE",
      `Option '${shown}' does not take an argument`,
    );
  }
  if (token.inlineValue === false && token.value!.length > 1 && token.value![0] === "-") {
    const example = token.rawName.startsWith("--")
      ? `'${token.rawName}=-XYZ'`
      : `'--${token.name}=-XYZ' or '${token.rawName}-XYZ'`;
    throw new ParseArgsError(
      "ERR_PARSE_ARGS_INVALID_OPTION_VALUE",
      `Option '${token.rawName}' argument is ambiguous.\n` +
        `Did you forget to specify the option argument for '${token.rawName}'?\n` +
        `To specify an option argument starting with a dash use ${example}.`,
    );
  }
}

function unknownOption(token: Token, allowPositionals: boolean): ParseArgsError {
  return new ParseArgsError(
    "ERR_PARSE_ARGS_UNKNOWN_OPTION",
    `Unknown option '${token.rawName}'` +
      (allowPositionals
        ? `. To specify a positional argument starting with a '-', place it at the end of the ` +
          `command after '--', as in '-- ${JSON.stringify(token.rawName)}`
        : ""),
  );
}

function storeOption(
  token: Token,
  options: Options,
  values: Record<string, unknown>,
  how: { allowNegative: boolean; allowPositionals: boolean },
): void {
  let name = token.name;
  if (name === "__proto__") return;
  let value: unknown = token.value ?? true;
  if (how.allowNegative && name.startsWith("no-")) {
    // A flag that takes a value cannot be negated; any other is (an unknown one when not strict).
    if (options[name.slice(3)]?.type === "string") throw unknownOption(token, how.allowPositionals);
    name = name.slice(3);
    value = false;
  }
  if (Object.hasOwn(options, name) && options[name]!.multiple) {
    ((values[name] ??= []) as unknown[]).push(value);
  } else {
    values[name] = value;
  }
}
