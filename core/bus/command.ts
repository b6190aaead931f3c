/**
 * Commands are data plus a handler. Everything but the handler and the zod schema is
 * structured-cloneable, so a {@link CommandSpec} crosses a Worker boundary.
 *
 * @module
 */

import type { BusCall } from "../../protocols/bus/calls.ts";
import type { z } from "zod";
import { lazyProperty, toJsonSchema } from "../../protocols/bus/schema.ts";
import type { DoorTraits } from "../../protocols/bus/doors.ts";
import type {
  Caller,
  CommandSpec,
  ResolvedTargets,
  TargetIds,
  TargetObjects,
  TargetSpec,
} from "../../protocols/bus/command_spec.ts";

/** What a handler receives. */
export interface CallContext<I, T = Readonly<Record<string, unknown>>> {
  /** The validated input; a target field holds the canonical id. */
  input: I;
  /** The resolved targets, by field. */
  targets: T;
  caller: Caller;
  /** What the caller's door is like (who types, whether its calls are short): `doorOf`. */
  door: DoorTraits;
  requestId: string;
  /** Aborted when the caller gives up or the command's deadline passes (reason: `TIMEOUT`). */
  signal: AbortSignal;
  /** Calls another bus command as this command's owner, within the caller's rights. */
  call: BusCall;
}

/** A command as registered in-process: spec, input validator, handler. */
export interface Command<I = unknown, O = unknown> extends CommandSpec {
  /** Validates and normalises the input before the handler runs. */
  parse(input: unknown): I;
  /** Does the work. (Method syntax: a `Command<X>` is usable where `Command` is expected.) */
  handler(ctx: CallContext<I>): Promise<O> | O;
}

/** Options for {@link defineCommand}: a zod input schema instead of JSON Schema. */
export interface CommandDefinition<
  S extends z.ZodType,
  O,
  T extends readonly TargetSpec[] = readonly [],
  M extends TargetObjects = TargetIds,
> extends Omit<CommandSpec, "inputSchema" | "outputSchema" | "owner" | "targets"> {
  input: S;
  output?: z.ZodType<O>;
  targets?: T;
  handler: (ctx: CallContext<z.output<S>, ResolvedTargets<T, M>>) => Promise<O> | O;
}

/**
 * A `defineCommand` whose handlers see targets as `M` (the core's model objects; ids in a
 * Worker). The bus resolves targets through the resolver its owner installed, so the objects a
 * handler gets are the ones that resolver returns.
 *
 * @example
 * ```ts
 * import { z } from "zod";
 * import { commandFactory } from "./command.ts";
 * type Things = { pane: { id: string; title: string }; window: unknown; session: unknown };
 * const define = commandFactory<Things>();
 * const title = define({
 *   name: "pane.title", title: "Title", description: "A pane's title.", capabilities: [],
 *   targets: [{ kind: "pane", field: "pane", fallback: "caller" }],
 *   input: z.object({ pane: z.string().optional() }),
 *   handler: ({ targets }) => targets.pane.title,
 * });
 * console.assert(title.targets?.[0]?.field === "pane");
 * ```
 */
export function commandFactory<M extends TargetObjects>() {
  return function define<
    S extends z.ZodType,
    O,
    const T extends readonly TargetSpec[] = readonly [],
  >(
    def: CommandDefinition<S, O, T, M>,
  ): Command<z.output<S>, O> {
    const { input, output, handler, ...spec } = def;
    const command = {
      ...spec,
      parse: (value: unknown) => input.parse(value ?? {}),
      handler,
      // The bus hands `handler` the targets its resolver returned: `M`, by this factory's contract.
    } as unknown as Command<z.output<S>, O>;
    // The JSON Schemas are derived on first use (listing, MCP, help), not at start-up.
    lazyProperty(command, "inputSchema", () => toJsonSchema(input));
    if (output) lazyProperty(command, "outputSchema", () => toJsonSchema(output));
    return command;
  };
}

/**
 * Builds a command from a zod schema: the JSON Schema is derived, the input is validated by
 * the bus before the handler runs, and declared targets reach the handler as canonical ids.
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
export const defineCommand = commandFactory<TargetIds>();
