/**
 * Commands are data plus a handler. Everything but the handler and the zod schema is
 * structured-cloneable, so a {@link CommandSpec} crosses a Worker boundary.
 *
 * @module
 */

import { z } from "zod";
import type { Caller, CommandSpec, JsonSchema } from "../../protocols/bus/command_spec.ts";

/** What a handler receives. */
export interface CallContext<I> {
  /** The validated input; a target field holds the canonical id. */
  input: I;
  /** The canonical id of the resolved target, when the command has one. */
  target: string | undefined;
  caller: Caller;
  requestId: string;
  signal: AbortSignal;
  /** Calls another bus command as this command's owner, within the caller's rights. */
  call: <T = unknown>(name: string, input: unknown) => Promise<T>;
}

/** A command as registered in-process: spec, input validator, handler. */
export interface Command<I = unknown, O = unknown> extends CommandSpec {
  /** Validates and normalises the input before the handler runs. */
  parse(input: unknown): I;
  /** Does the work. (Method syntax: a `Command<X>` is usable where `Command` is expected.) */
  handler(ctx: CallContext<I>): Promise<O> | O;
}

/** Options for {@link defineCommand}: a zod input schema instead of JSON Schema. */
export interface CommandDefinition<S extends z.ZodType, O>
  extends Omit<CommandSpec, "inputSchema" | "outputSchema" | "owner"> {
  input: S;
  output?: z.ZodType<O>;
  handler: (ctx: CallContext<z.output<S>>) => Promise<O> | O;
}

/**
 * Builds a command from a zod schema: the JSON Schema is derived, the input is validated by
 * the bus before the handler runs.
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
export function defineCommand<S extends z.ZodType, O>(
  def: CommandDefinition<S, O>,
): Command<z.output<S>, O> {
  const { input, output, handler, ...spec } = def;
  const command = {
    ...spec,
    parse: (value: unknown) => input.parse(value ?? {}),
    handler,
  } as Command<z.output<S>, O>;
  // The JSON Schemas are derived on first use (listing, MCP, help), not at start-up.
  lazy(command, "inputSchema", () => toJsonSchema(input));
  if (output) lazy(command, "outputSchema", () => toJsonSchema(output));
  return command;
}

function lazy<T extends object>(target: T, key: string, make: () => unknown): void {
  let value: unknown;
  let made = false;
  Object.defineProperty(target, key, {
    enumerable: true,
    configurable: true,
    get: () => {
      if (!made) {
        value = make();
        made = true;
      }
      return value;
    },
  });
}

/** JSON Schema for a zod schema, in the form MCP tools expect (no `$schema`). */
export function toJsonSchema(schema: z.ZodType): JsonSchema {
  const json = z.toJSONSchema(schema, { io: "input", unrepresentable: "any" }) as JsonSchema;
  delete json.$schema;
  return json;
}

/** The cloneable part of a command. */
export function specOf(command: CommandSpec): CommandSpec {
  const { name, title, description, inputSchema, outputSchema, capabilities, target, mcp, owner } =
    command;
  return structuredClone({
    name,
    title,
    description,
    inputSchema,
    ...(outputSchema ? { outputSchema } : {}),
    capabilities,
    ...(target ? { target } : {}),
    ...(mcp ? { mcp } : {}),
    ...(owner ? { owner } : {}),
  });
}
