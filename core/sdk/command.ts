/**
 * A plugin's commands: data plus a handler that runs in the plugin's Worker. Everything but the
 * handler and the zod schema is structured-cloneable, so the host gets a {@link CommandSpec}.
 *
 * @module
 */

import { z } from "zod";
import { WeftError } from "../../protocols/bus/errors.ts";
import type { Caller, CommandSpec, JsonSchema } from "../../protocols/bus/command_spec.ts";

/** What a plugin command's handler receives. */
export interface CallContext<I> {
  /** The validated input; a target field holds the canonical id. */
  input: I;
  /** The canonical id of the resolved target, when the command has one. */
  target: string | undefined;
  /** Who called, with the rights left along the call chain. */
  caller: Caller;
  requestId: string;
  /** Aborted when the caller gives up or the call times out. */
  signal: AbortSignal;
  /** Calls another bus command as this plugin, within the caller's rights. */
  call: <T = unknown>(name: string, input: unknown) => Promise<T>;
}

/** A plugin command: spec, input validator, handler. */
export interface Command<I = unknown, O = unknown> extends CommandSpec {
  /** Validates and normalises the input before the handler runs. */
  parse(input: unknown): I;
  /** Does the work. (Method syntax: a `Command<X>` is usable where `Command` is expected.) */
  handler(ctx: CallContext<I>): Promise<O> | O;
}

/** What {@link defineCommand} takes: a zod input schema instead of JSON Schema. */
export interface CommandDefinition<S extends z.ZodType, O>
  extends Omit<CommandSpec, "inputSchema" | "outputSchema" | "owner"> {
  input: S;
  output?: z.ZodType<O>;
  handler: (ctx: CallContext<z.output<S>>) => Promise<O> | O;
}

/**
 * Builds a plugin command from a zod schema: the JSON Schema is derived, the input is validated
 * before the handler runs.
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
  // The JSON Schemas are derived when the manifest is built, not for every import.
  lazy(command, "inputSchema", () => jsonSchemaOf(input));
  if (output) lazy(command, "outputSchema", () => jsonSchemaOf(output));
  return command;
}

/**
 * Validates a call's input with the command's parser; a zod failure becomes `INVALID_INPUT`
 * naming the first bad field.
 *
 * @example
 * ```ts
 * import { z } from "zod";
 * import { defineCommand, parseCommandInput } from "./command.ts";
 * const cmd = defineCommand({
 *   name: "demo.echo", title: "Echo", description: "Echoes.", capabilities: [],
 *   input: z.object({ text: z.string() }), handler: ({ input }) => input.text,
 * });
 * try {
 *   parseCommandInput(cmd, { text: 1 });
 * } catch (err) {
 *   console.assert((err as { code: string }).code === "INVALID_INPUT");
 * }
 * ```
 */
export function parseCommandInput<I>(command: Command<I>, raw: unknown): I {
  try {
    return command.parse(raw);
  } catch (err) {
    if (!(err instanceof z.ZodError)) throw err;
    const issues = err.issues.map((i) => ({ path: i.path.join("."), message: i.message }));
    const first = issues[0];
    throw new WeftError(
      "INVALID_INPUT",
      `Cannot call "${command.name}": ${
        first ? `${first.path || "input"}: ${first.message}` : "bad input"
      }`,
      { issues },
    );
  }
}

/** The cloneable part of a command: what goes into the manifest. */
export function specOfCommand(command: CommandSpec): CommandSpec {
  const { name, title, description, inputSchema, outputSchema, capabilities, target, mcp } =
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
  });
}

function jsonSchemaOf(schema: z.ZodType): JsonSchema {
  const json = z.toJSONSchema(schema, { io: "input", unrepresentable: "any" }) as JsonSchema;
  delete json.$schema;
  return json;
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
