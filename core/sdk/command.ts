/**
 * A plugin's commands: data plus a handler that runs in the plugin's Worker. Everything but the
 * handler and the zod schema is structured-cloneable, so the host gets a {@link CommandSpec}.
 *
 * @module
 */

import type { BusCall } from "../../protocols/bus/calls.ts";
import type { z } from "zod";
import { lazyProperty, toJsonSchema } from "../../protocols/bus/schema.ts";
import type {
  Caller,
  CommandSpec,
  ResolvedTargets,
  TargetIds,
  TargetSpec,
} from "../../protocols/bus/command_spec.ts";

/**
 * What a plugin command's handler receives; `S` is what the plugin's `setup` returned, `T` the
 * canonical ids of its declared targets.
 */
export interface CallContext<I, S = unknown, T = Readonly<Record<string, string | undefined>>> {
  /** The validated input; a target field holds the canonical id. */
  input: I;
  /** The canonical ids of the targets the bus resolved, by field. */
  targets: T;
  /** Who called, with the rights left along the call chain. */
  caller: Caller;
  requestId: string;
  /** Aborted when the caller gives up or the call times out. */
  signal: AbortSignal;
  /**
   * Calls another bus command as this plugin, within the caller's rights. (Any bus call made
   * while the handler runs is bounded the same way, even through the setup context's `call`.)
   */
  call: BusCall;
  /** What the plugin's `setup` returned (undefined without a setup). */
  state: S;
}

/** A plugin command: spec, input validator, handler (which sees the plugin's state `S`). */
export interface Command<I = unknown, O = unknown, S = unknown> extends CommandSpec {
  /** Validates and normalises the input before the handler runs. */
  parse(input: unknown): I;
  /** Does the work. (Method syntax: a `Command<X>` is usable where `Command` is expected.) */
  handler(ctx: CallContext<I, S>): Promise<O> | O;
}

/** What {@link defineCommand} takes: a zod input schema instead of JSON Schema. */
export interface CommandDefinition<
  Z extends z.ZodType,
  O,
  S = unknown,
  T extends readonly TargetSpec[] = readonly [],
> extends Omit<CommandSpec, "inputSchema" | "outputSchema" | "owner" | "targets"> {
  input: Z;
  output?: z.ZodType<O>;
  /** What the command acts on: the bus resolves each before the handler runs. */
  targets?: T;
  handler: (ctx: CallContext<z.output<Z>, S, ResolvedTargets<T, TargetIds>>) => Promise<O> | O;
}

/**
 * Builds a plugin command from a zod schema: the JSON Schema is derived, the input is validated
 * before the handler runs. Its handler does not use the plugin's state (`state` is `never`);
 * one that does is made with {@link withState}.
 *
 * @example
 * ```ts
 * import { z } from "zod";
 * import { defineCommand } from "./command.ts";
 * const echo = defineCommand({
 *   name: "demo.echo",
 *   title: "Echo",
 *   description: "Returns its text.",
 *   capabilities: [],
 *   input: z.object({ text: z.string() }),
 *   handler: ({ input }) => input.text,
 * });
 * console.assert(echo.inputSchema.type === "object");
 * ```
 */
export function defineCommand<
  Z extends z.ZodType,
  O,
  S = never,
  const T extends readonly TargetSpec[] = readonly [],
>(
  def: CommandDefinition<Z, O, S, T>,
): Command<z.output<Z>, O, S> {
  const { input, output, handler, ...spec } = def;
  const command = {
    ...spec,
    parse: (value: unknown) => input.parse(value ?? {}),
    handler,
    // The runtime hands `handler` the ids the bus resolved, one per declared target.
  } as unknown as Command<z.output<Z>, O, S>;
  // The JSON Schemas are derived when the manifest is built, not for every import.
  lazyProperty(command, "inputSchema", () => toJsonSchema(input));
  if (output) lazyProperty(command, "outputSchema", () => toJsonSchema(output));
  return command;
}

/**
 * {@link defineCommand} for handlers that use the plugin's state: what its `setup` returns,
 * handed to every handler as `state`. Commands in their own files declare the state's type once.
 *
 * @example
 * ```ts
 * import { z } from "zod";
 * import { withState } from "./command.ts";
 * interface Counter { n: number }
 * const { defineCommand } = withState<Counter>();
 * const bump = defineCommand({
 *   name: "demo.bump", title: "Bump", description: "Counts calls.", capabilities: [],
 *   input: z.object({}), handler: ({ state }) => ++state.n,
 * });
 * console.assert(bump.name === "demo.bump");
 * ```
 */
export function withState<S>(): {
  defineCommand: <Z extends z.ZodType, O, const T extends readonly TargetSpec[] = readonly []>(
    def: CommandDefinition<Z, O, S, T>,
  ) => Command<z.output<Z>, O, S>;
} {
  return { defineCommand };
}
