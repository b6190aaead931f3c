/**
 * What the core's and the plugin SDK's commands share about schemas: zod → JSON Schema, the one
 * grammar of an input error, a lazily derived property, and the cloneable spec of a command.
 *
 * @module
 */

import { z } from "zod";
import type { CommandSpec, JsonSchema } from "./command_spec.ts";
import { WeftError } from "./errors.ts";
import { didYouMean } from "./suggest.ts";

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
    const issues = err.issues.map((i) => ({
      path: i.path.join("."),
      message: issueMessage(i, valueAt(raw, i.path)),
    }));
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

/**
 * Throws `INVALID_INPUT` naming the first key of `input` that command `name`'s schema does not
 * take, with the key meant (`pane.write` given `txt`: did you mean "text"?). Unknown keys are
 * refused, not dropped: a typo would otherwise succeed doing nothing.
 *
 * @example
 * ```ts
 * import { checkKeys } from "./schema.ts";
 * const schema = { type: "object", properties: { text: { type: "string" } } };
 * try {
 *   checkKeys("pane.write", schema, { txt: "hi" });
 * } catch (err) {
 *   console.assert((err as Error).message.endsWith('did you mean "text"?'));
 * }
 * ```
 */
export function checkKeys(name: string, schema: JsonSchema, input: unknown): void {
  const stray = strayKey(schema, input);
  if (!stray) return;
  const message = `unknown key${didYouMean(stray.key, stray.known)}`;
  throw new WeftError(
    "INVALID_INPUT",
    `Cannot call "${name}": ${stray.path}: ${message}`,
    { issues: [{ path: stray.path, message }] },
  );
}

/**
 * An issue in words that help: a value outside a list names the list and the value meant
 * (`must be one of "idle", "blocked"; did you mean "blocked"?`), also inside a union (`state`:
 * one state or a list), where zod says only "Invalid input".
 */
function issueMessage(issue: z.core.$ZodIssue, value: unknown): string {
  const choice = issue.code === "invalid_value"
    ? issue
    : issue.code === "invalid_union"
    ? issue.errors.flat().find((i) => i.code === "invalid_value" && i.path.length === 0)
    : undefined;
  if (choice?.code !== "invalid_value") return issue.message;
  const values = choice.values.map(String);
  const hint = typeof value === "string" ? didYouMean(value, values) : "";
  return `must be one of ${values.map((v) => `"${v}"`).join(", ")}${
    value === undefined ? "" : `, got ${JSON.stringify(value)}`
  }${hint}`;
}

function valueAt(raw: unknown, path: readonly PropertyKey[]): unknown {
  let value = raw;
  for (const key of path) {
    if (value === null || typeof value !== "object") return undefined;
    value = (value as Record<PropertyKey, unknown>)[key];
  }
  return value;
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
    answersHooks,
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
    ...(answersHooks ? { answersHooks } : {}),
    ...(owner ? { owner } : {}),
  });
}

/** A key of an input that its schema does not name: where, and the keys it would take there. */
export interface StrayKey {
  /** Dotted path of the key (`layout.pane.comand`). */
  path: string;
  key: string;
  known: string[];
}

/**
 * The first key of `value` that `schema` does not name, at any depth where the schema lists its
 * object's properties and does not allow others (`additionalProperties` absent or false); a
 * union takes the keys of all its object branches. Schemas it cannot see into (`$ref`, maps)
 * take anything.
 *
 * @example
 * ```ts
 * import { strayKey } from "./schema.ts";
 * const schema = { type: "object", properties: { text: { type: "string" } } };
 * console.assert(strayKey(schema, { txt: "hi" })?.path === "txt");
 * console.assert(strayKey(schema, { text: "hi" }) === undefined);
 * ```
 */
export function strayKey(schema: JsonSchema, value: unknown, at = ""): StrayKey | undefined {
  if (Array.isArray(value)) {
    const items = schema.items as JsonSchema | undefined;
    if (!items || typeof items !== "object") return undefined;
    for (const [i, item] of value.entries()) {
      const stray = strayKey(items, item, `${at}${i}.`);
      if (stray) return stray;
    }
    return undefined;
  }
  if (value === null || typeof value !== "object") return undefined;
  const shapes = objectShapes(schema);
  if (!shapes) return undefined;
  const known = [...new Set(shapes.flatMap((s) => Object.keys(s)))];
  for (const [key, inner] of Object.entries(value)) {
    const of = shapes.filter((s) => Object.hasOwn(s, key)).map((s) => s[key]!);
    if (!of.length) return { path: at + key, key, known };
    // Into a key's value only when one branch describes it (a union's branches may differ).
    const stray = of.length === 1 ? strayKey(of[0]!, inner, `${at}${key}.`) : undefined;
    if (stray) return stray;
  }
  return undefined;
}

/** The property maps of a closed object schema (or of each branch of a union of them). */
function objectShapes(schema: JsonSchema): Record<string, JsonSchema>[] | undefined {
  const branches = (schema.anyOf ?? schema.oneOf) as JsonSchema[] | undefined;
  if (branches) {
    const objects = branches.filter((b) => b.type === "object" || b.properties);
    if (!objects.length) return undefined;
    const shapes = objects.map(objectShapes);
    return shapes.every((s) => s) ? shapes.flat() as Record<string, JsonSchema>[] : undefined;
  }
  const properties = schema.properties as Record<string, JsonSchema> | undefined;
  const open = schema.additionalProperties !== undefined && schema.additionalProperties !== false;
  if (!properties || open || schema.$ref !== undefined) return undefined;
  return [properties];
}
