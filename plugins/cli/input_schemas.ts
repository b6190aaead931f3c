/**
 * The input schemas of the bus commands whose fields are `weft new|split|send|read|wait|run`'s
 * flags, as JSON the contract's zod schemas give (`input_schemas.json`, generated). Reading them
 * from the contract itself made every such call load zod and build the schemas, ~35 ms of CPU
 * per call (issue 23); `input_schemas_test.ts` fails when the JSON and the contract differ, and
 * `deno run -A plugins/cli/input_schemas.ts` writes it again.
 *
 * @module
 */

import type { CommandSpec } from "../../protocols/bus/command_spec.ts";
import schemas from "./input_schemas.json" with { type: "json" };

/** The commands whose inputs the pane subcommands' flags carry. */
export const FLAG_COMMANDS = [
  "pane.create",
  "session.create",
  "pane.write",
  "pane.read",
  "pane.wait",
  "pane.run",
] as const;

/** One of {@link FLAG_COMMANDS}. */
export type FlagCommand = typeof FLAG_COMMANDS[number];

/**
 * A command's input schema, as `parseFlags` takes it.
 *
 * @example
 * ```ts
 * import { inputSpec } from "./input_schemas.ts";
 * console.assert("lines" in (inputSpec("pane.read").inputSchema.properties ?? {}));
 * ```
 */
export function inputSpec(name: FlagCommand): Pick<CommandSpec, "inputSchema"> {
  return { inputSchema: (schemas as Record<FlagCommand, CommandSpec["inputSchema"]>)[name] };
}

/** The JSON as the contract gives it now. */
export async function currentSchemas(): Promise<Record<FlagCommand, unknown>> {
  // Built at run time: the CLI's own graph must not reach the contract (zod).
  const contract = new URL("../../protocols/bus/contract/mod.ts", import.meta.url).href;
  const { coreSpec }: typeof import("../../protocols/bus/contract/mod.ts") = await import(
    contract
  );
  return Object.fromEntries(FLAG_COMMANDS.map((n) => [n, coreSpec(n).inputSchema])) as Record<
    FlagCommand,
    unknown
  >;
}

if (import.meta.main) {
  const file = new URL("./input_schemas.json", import.meta.url);
  await Deno.writeTextFile(file, JSON.stringify(await currentSchemas(), null, 2) + "\n");
  console.error(`wrote ${file.pathname}`);
}
