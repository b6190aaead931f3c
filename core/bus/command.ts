/**
 * Commands are data plus a handler. Everything but the handler and the zod schema is
 * structured-cloneable, so a {@link CommandSpec} crosses a Worker boundary.
 *
 * @module
 */

import { z } from "zod";
import type { Capability, GrantSet } from "../permissions.ts";

/** A JSON Schema object, as produced by `z.toJSONSchema`. */
export type JsonSchema = Record<string, unknown>;

/** What a command acts on; the bus resolves it before the handler runs. */
export interface TargetSpec {
  /** The kind of object named. */
  kind: "pane" | "window" | "session";
  /** The input field that names it (an id such as `p3` or a unique name). */
  field: string;
  /**
   * When the field is absent: `"caller"` uses the caller's own pane (or its window/session),
   * then the focused one; `"focused"` uses the focused one; `"required"` is an error.
   */
  fallback: "caller" | "focused" | "required";
}

/** How the MCP door shows a command. */
export interface McpSpec {
  /** The tool name, when the generated snake_case one reads badly. */
  name?: string;
  /** False hides the command from MCP. */
  expose?: boolean;
  /** A tool that changes nothing (kept in read-only mode). */
  readOnly?: boolean;
}

/** The cloneable description of a command. */
export interface CommandSpec {
  /** `<owner>.<verb>`, e.g. `pane.create`, `layout.apply_preset`. */
  name: string;
  /** A short human title. */
  title: string;
  /** What an agent reads: what it does, when to use it, what it returns. */
  description: string;
  /** JSON Schema of the input. */
  inputSchema: JsonSchema;
  /** JSON Schema of the value returned. */
  outputSchema?: JsonSchema;
  /** Every capability the caller needs. Mandatory, may be empty only for harmless reads. */
  capabilities: readonly Capability[];
  /** The object the command acts on, if any. */
  target?: TargetSpec;
  /** MCP presentation. */
  mcp?: McpSpec;
  /** The plugin (or `core`) that registered the command; set by the bus. */
  owner?: string;
}

/** Who is calling: attribution and rights. */
export interface Caller {
  /** What kind of door or actor. */
  kind: "socket" | "cli" | "tui" | "plugin" | "mcp" | "sideband" | "internal";
  /** A stable id for logs: a client id, a plugin name, an MCP session id. */
  id: string;
  /** The pane the caller runs in, when known (`WEFT_PANE`, the pane whose sideband spoke). */
  pane?: string;
  /** What the caller may do: already the intersection along the call chain. */
  grants: GrantSet;
  /** Owners along the call chain, outermost first (for loops and attribution). */
  chain?: readonly string[];
}

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
