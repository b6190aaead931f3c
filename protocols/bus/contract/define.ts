/**
 * What a command's contract is: its wire description (`CommandSpec`) with the zod schema of its
 * input, as data. The handler is the only part that is not here.
 *
 * @module
 */

import type { z } from "zod";
import type { CommandSpec, TargetSpec } from "../command_spec.ts";

/** A command's contract: name, title, description, input schema, targets, rights, doors. */
export interface CommandContract<
  S extends z.ZodType = z.ZodType,
  T extends readonly TargetSpec[] = readonly TargetSpec[],
  N extends string = string,
> extends Omit<CommandSpec, "name" | "inputSchema" | "outputSchema" | "owner" | "targets"> {
  /** `<owner>.<verb>`, e.g. `pane.create`. */
  name: N;
  /** Validates and normalises the input; its JSON Schema is the spec's `inputSchema`. */
  input: S;
  /** The objects the command acts on, resolved by the bus in this order. */
  targets?: T;
}

/**
 * Declares a contract, keeping its targets' literal fields so that a handler's `targets` is
 * typed by field.
 *
 * @example
 * ```ts
 * import { z } from "zod";
 * import { defineContract } from "./define.ts";
 * const title = defineContract({
 *   name: "pane.title", title: "Title", description: "A pane's title.", capabilities: [],
 *   targets: [{ kind: "pane", field: "pane", fallback: "caller" }],
 *   input: z.object({ pane: z.string().optional() }),
 * });
 * console.assert(title.targets[0].field === "pane");
 * ```
 */
export function defineContract<
  const N extends string,
  S extends z.ZodType,
  const T extends readonly TargetSpec[] = readonly [],
>(contract: CommandContract<S, T, N>): CommandContract<S, T, N> & { targets: T } {
  return contract as CommandContract<S, T, N> & { targets: T };
}

/** The targets a contract declares (none: an empty list). */
export type TargetsOf<C> = C extends { targets: infer T extends readonly TargetSpec[] } ? T
  : readonly [];
