/**
 * What the core's and the plugin SDK's commands share about schemas: zod → JSON Schema, the one
 * grammar of an input error, a lazily derived property, and the cloneable spec of a command.
 *
 * @module
 */

import { z } from "zod";
import type { CommandSpec, JsonSchema } from "./command_spec.ts";
import { WeftError } from "./errors.ts";

/**
 * JSON Schema for a zod schema, in the form MCP tools expect (no `$schema`).
 *
 * @example
 * ```ts
 * import { z } from "zod";
 * import { toJsonSchema } from "./schema.ts";
 * console.assert(toJsonSchema(z.object({ a: z.string() })).type === "object");
 * ```
 */
export function toJsonSchema(schema: z.ZodType): JsonSchema {
  const json = z.toJSONSchema(schema, { io: "input", unrepresentable: "any" }) as JsonSchema;
  delete json.$schema;
  return json;
}

/**
 * Runs `parse` for command `name` and turns a zod failure into `INVALID_INPUT` listing the issues,
 * so input errors read the same wherever a command runs (the core or a plugin's process).
 *
 * @example
 * ```ts
 * import { z } from "zod";
 * import { parseCommandInput } from "./schema.ts";
 * try {
 *   parseCommandInput("demo.echo", (v) => z.object({ text: z.string() }).parse(v), { text: 1 });
 * } catch (err) {
 *   console.assert((err as { code: string }).code === "INVALID_INPUT");
 * }
 * ```
 */
export function parseCommandInput<I>(name: string, parse: (raw: unknown) => I, raw: unknown): I {
  try {
    return parse(raw);
  } catch (err) {
    if (!(err instanceof z.ZodError)) throw err;
    const issues = err.issues.map((i) => ({ path: i.path.join("."), message: i.message }));
    const first = issues[0];
    throw new WeftError(
      "INVALID_INPUT",
      `Cannot call "${name}": ${
        first ? `${first.path || "input"}: ${first.message}` : "bad input"
      }`,
      { issues },
    );
  }
}

/** Defines `key` on `target` as a value made by `make` on first read (schemas: not at start-up). */
export function lazyProperty<T extends object>(target: T, key: string, make: () => unknown): void {
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

/** The cloneable part of a command: everything but its handler and validator. */
export function specOf(command: CommandSpec): CommandSpec {
  const {
    name,
    title,
    description,
    inputSchema,
    outputSchema,
    capabilities,
    targets,
    timeout,
    mcp,
    sideband,
    owner,
  } = command;
  return structuredClone({
    name,
    title,
    description,
    inputSchema,
    ...(outputSchema ? { outputSchema } : {}),
    capabilities,
    ...(targets ? { targets } : {}),
    ...(timeout ? { timeout } : {}),
    ...(mcp ? { mcp } : {}),
    ...(sideband ? { sideband } : {}),
    ...(owner ? { owner } : {}),
  });
}
