/**
 * The core's contract as data: every core command's name, title, description, input schema,
 * targets, capabilities and MCP presentation, by name, on the ground floor where every door
 * and plugin can read it. `core/commands/` holds only the handlers; each takes its contract
 * from here by name (`implement`), and the result's schema is `../core_outputs.ts`.
 *
 * @module
 */

import type { z } from "zod";
import type { CommandSpec } from "../command_spec.ts";
import { CORE_OUTPUTS } from "../core_outputs.ts";
import { toJsonSchema } from "../schema.ts";
import type { CoreCommand } from "../calls.ts";
import type { CommandContract } from "./define.ts";
import type { CoreInputs } from "./inputs.ts";
import type { TargetSpec } from "../command_spec.ts";
import { PANE_AGENT_CONTRACTS } from "./pane_agent.ts";
import { PANE_IO_CONTRACTS } from "./pane_io.ts";
import { PANE_PLACE_CONTRACTS } from "./pane_place.ts";
import { SERVER_CONTRACTS } from "./server.ts";
import { SESSION_CONTRACTS } from "./session.ts";
import { WINDOW_CONTRACTS } from "./window.ts";

export { type CommandContract, defineContract, type TargetsOf } from "./define.ts";

/**
 * Every core command's contract, by name. Does not compile when a core command (a name in
 * `CoreCalls`) has no contract, when a contract's name is not its key, or when one is extra.
 */
export const CORE_CONTRACTS = {
  ...SESSION_CONTRACTS,
  ...WINDOW_CONTRACTS,
  ...PANE_PLACE_CONTRACTS,
  ...PANE_IO_CONTRACTS,
  ...PANE_AGENT_CONTRACTS,
  ...SERVER_CONTRACTS,
} satisfies { readonly [N in CoreCommand]: CommandContract<z.ZodType, readonly TargetSpec[], N> };

/**
 * Core command `name`'s wire description, as the server lists it (`server.commands`), read
 * from the contract without asking a server: what the CLI builds its flags from.
 *
 * @example
 * ```ts
 * import { coreSpec } from "./mod.ts";
 * console.assert(coreSpec("pane.create").mcp?.name === "create_pane");
 * ```
 */
export function coreSpec(name: CoreCommand): CommandSpec {
  const { input, ...spec } = CORE_CONTRACTS[name];
  return {
    ...spec,
    inputSchema: toJsonSchema(input),
    outputSchema: toJsonSchema(CORE_OUTPUTS[name]),
    owner: "core",
  };
}

/** Every core command's wire description, from the contract (see {@link coreSpec}). */
export function coreSpecs(): CommandSpec[] {
  return (Object.keys(CORE_CONTRACTS) as CoreCommand[]).map(coreSpec);
}

/** The contracts' table type. */
export type CoreContracts = typeof CORE_CONTRACTS;

/** Whether `A` and `B` are assignable both ways. */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;

/** The core commands whose declared input (`inputs.ts`) is not their schema's input type. */
type InputsDiffer = {
  [N in CoreCommand]: Same<CoreInputs[N], z.input<CoreContracts[N]["input"]>> extends true ? never
    : N;
}[CoreCommand];

/**
 * Does not compile (naming the commands) when `inputs.ts` declares an input other than the
 * contract's schema takes: change both together.
 */
export const INPUTS_MATCH: [InputsDiffer] extends [never] ? true : InputsDiffer = true;

/** What `N`'s handler is handed: its input schema's output type (defaults applied). */
export type CoreParsed<N extends CoreCommand> = z.output<CoreContracts[N]["input"]>;
