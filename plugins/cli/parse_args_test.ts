import { deepStrictEqual as assertEquals } from "node:assert/strict";
import { parseArgs as nodeParseArgs, type ParseArgsConfig } from "node:util";
import { parseArgs } from "./parse_args.ts";

const OPTIONS: ParseArgsConfig["options"] = {
  json: { type: "boolean" },
  lines: { type: "string", short: "n" },
  follow: { type: "boolean", short: "f" },
  all: { type: "boolean", short: "a" },
  env: { type: "string", multiple: true, short: "e" },
  tag: { type: "boolean", multiple: true },
  "join-wrapped": { type: "boolean" },
};

const ARGVS: string[][] = [
  [],
  ["--json"],
  ["--json", "p1"],
  ["p1", "--", "htop", "-x", "--json"],
  ["--lines", "5"],
  ["--lines=5"],
  ["--lines="],
  ["--lines"],
  ["--lines", "--json"],
  ["--lines", "-5"],
  ["-n", "5"],
  ["-n5"],
  ["-n"],
  ["-n", "-x"],
  ["-fa"],
  ["-fan5"],
  ["-fan", "5"],
  ["-af", "x"],
  ["-x"],
  ["-fx"],
  ["--jsn"],
  ["--json=yes"],
  ["-f=1"],
  ["--no-json"],
  ["--no-lines", "3"],
  ["--no-join-wrapped"],
  ["--join-wrapped", "--no-join-wrapped"],
  ["--env", "A=1", "-e", "B=2", "--env=C=3"],
  ["--tag", "--tag"],
  ["--json", "--json"],
  ["-"],
  ["--"],
  ["--", "--"],
  ["---x"],
  ["--__proto__"],
  ["--constructor"],
  ["--toString=1"],
  ["-e"],
  ["--no-env"],
  ["--no-json=1"],
  ["--no-zzz=1"],
  ["--no-env=x"],
  ["-fe", "x"],
  ["-fex"],
  ["--no-tag", "--tag"],
  ["--no-"],
  ["--no-nothing"],
  ["-n", "--"],
  ["--lines", "--"],
  ["--lines", "-"],
  ["p1", "-f", "p2", "--json"],
];

/** What a parse gave, errors as code and message, values as a plain object. */
function outcome(parse: () => { values: object; positionals: string[] }) {
  try {
    const { values, positionals } = parse();
    return { values: { ...values }, positionals };
  } catch (err) {
    return { code: (err as { code?: string }).code, message: (err as Error).message };
  }
}

for (const strict of [true, false]) {
  for (const allowPositionals of [true, false, undefined]) {
    for (const allowNegative of [true, false]) {
      Deno.test(
        `parseArgs() answers as node:util's does (strict ${strict}, positionals ${allowPositionals}, negative ${allowNegative})`,
        () => {
          for (const args of ARGVS) {
            const config: ParseArgsConfig = {
              args,
              options: OPTIONS,
              strict,
              ...(allowPositionals === undefined ? {} : { allowPositionals }),
              allowNegative,
            };
            assertEquals(
              outcome(() => parseArgs(config)),
              outcome(() => nodeParseArgs(config)),
              JSON.stringify(args),
            );
          }
        },
      );
    }
  }
}
