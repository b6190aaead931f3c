/**
 * How a built-in command is made: its contract, by name, from the ground floor
 * (`protocols/bus/contract/`), plus the handler in its own file here. Handlers are handed the
 * model's objects (a `Pane`, a window or session record) for the contract's targets, as the
 * resolver `core/server` installs returns.
 *
 * @module
 */

import { type CallContext, type Command, commandFactory } from "../bus/mod.ts";
import type { ModelTargets } from "../model/mod.ts";
import type { CoreCalls, CoreCommand } from "../../protocols/bus/calls.ts";
import type { ResolvedTargets } from "../../protocols/bus/command_spec.ts";
import { CORE_OUTPUTS } from "../../protocols/bus/core_outputs.ts";
import {
  CORE_CONTRACTS,
  type CoreContracts,
  type CoreParsed,
  type TargetsOf,
} from "../../protocols/bus/contract/mod.ts";

/** Defines a command whose targets arrive as the model's objects. */
const defineCommand = commandFactory<ModelTargets>();

/** The handler of core command `N`: its contract's parsed input and targets in, its result out. */
export type CoreHandler<N extends CoreCommand> = (
  ctx: CallContext<CoreParsed<N>, ResolvedTargets<TargetsOf<CoreContracts[N]>, ModelTargets>>,
) => CoreCalls[N] | Promise<CoreCalls[N]>;

/**
 * Core command `name`: its contract and output schema with this handler. A handler that takes
 * or returns something other than the contract says does not compile.
 */
export function implement<N extends CoreCommand>(
  name: N,
  handler: CoreHandler<N>,
): Command<CoreParsed<N>, CoreCalls[N]> {
  const contract = CORE_CONTRACTS[name];
  return defineCommand(
    { ...contract, output: CORE_OUTPUTS[name], handler } as never,
  ) as unknown as Command<CoreParsed<N>, CoreCalls[N]>;
}
