/**
 * The input schemas of the bus commands whose fields are `weft new|split|send|read|wait|run`'s
 * flags, as JSON the contract's zod schemas give (`input_schemas.json`, generated). Reading them
 * from the contract itself made every such call load zod and build the schemas, ~35 ms of CPU
 * per call (issue 23); `input_schemas_test.ts` fails when the JSON and the contract differ, and
 * `deno run -A plugins/cli/input_schemas.ts` writes it again. The agent kinds are the vendor
 * table's (`protocols/agents/`): the JSON holds {@link KINDS} in their place, filled in when
 * read, so adding or removing a vendor leaves it as it is.
 *
 * @module
 */

import type { CommandSpec } from "../../protocols/bus/command_spec.ts";
import { AGENT_KINDS } from "../../protocols/agents/kind.ts";
import schemas from "./input_schemas.json" with { type: "json" };

/** Stands in the JSON for the agent kinds: an enum of them, or their list in a description. */
export const KINDS = "<agent kinds>";
const LISTED = AGENT_KINDS.join(", ");

/** `value` with the agent kinds put in for {@link KINDS} (`fill`), or taken out (`!fill`). */
function kinds(value: unknown, fill: boolean): unknown {
  if (fill ? value === KINDS : isKinds(value)) return fill ? [...AGENT_KINDS] : KINDS;
  if (typeof value === "string") {
    return fill ? value.replaceAll(KINDS, LISTED) : value.replaceAll(LISTED, KINDS);
  }
  if (Array.isArray(value)) return value.map((v) => kinds(v, fill));
  if (value && typeof value === "object") {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, kinds(v, fill)]));
  }
  return value;
}

function isKinds(value: unknown): boolean {
  return Array.isArray(value) && value.length === AGENT_KINDS.length &&
    value.every((v, i) => v === AGENT_KINDS[i]);
}

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
  const stored = (schemas as Record<FlagCommand, unknown>)[name];
  return { inputSchema: kinds(stored, true) as CommandSpec["inputSchema"] };
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
  const stored = kinds(await currentSchemas(), false);
  await Deno.writeTextFile(file, JSON.stringify(stored, null, 2) + "\n");
  console.error(`wrote ${file.pathname}`);
}
