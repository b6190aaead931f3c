/**
 * CLI flags derived from a bus command's input schema (the JSON Schema `server.commands`
 * gives), so a field added to a command reaches its subcommand without flag code: `joinWrapped`
 * is `--join-wrapped` (and `--no-join-wrapped`), a string list is `--tags a,b`, a string map is
 * `--env K=V` (repeatable).
 * A subcommand names only what is not a 1:1 field: the fields it fills another way, flags it
 * renames, and flags of its own.
 *
 * @module
 */

import { parseArgs } from "./args.ts";
import type { CommandSpec, JsonSchema } from "../../protocols/bus/command_spec.ts";
import { UsageError } from "./io.ts";

/** A `parseArgs` option. */
export interface FlagOption {
  type: "string" | "boolean";
  short?: string;
  multiple?: boolean;
}

/** How a subcommand's flags come from its command's schema. */
export interface FlagPlan {
  /** Fields given another way: a positional, the command after `--`, a flag of its own. */
  omit?: readonly string[];
  /** Flags whose name is not the field's kebab-case name: field → flag. */
  rename?: Readonly<Record<string, string>>;
  /** The subcommand's own flags, which are no field (`--json`, `-h`). */
  own?: Readonly<Record<string, FlagOption>>;
  /** True when it takes positionals (a pane, text). */
  positionals?: boolean;
}

type Kind = "string" | "boolean" | "integer" | "number" | "list" | "map";

/** One flag that carries one input field. */
export interface FieldFlag {
  flag: string;
  field: string;
  kind: Kind;
  schema: JsonSchema;
}

/** What one parse gave: the fields for the command, the own flags, the positionals. */
export interface ParsedFlags {
  input: Record<string, unknown>;
  own: Record<string, string | boolean | undefined>;
  positionals: string[];
  /** The flag each field came from, for messages. */
  flagOf: (field: string) => string;
}

/**
 * The field flags of a command's input schema under a plan. Fields of a shape a flag cannot
 * carry (nested objects, lists of objects) are left to `weft call`.
 *
 * @example
 * ```ts
 * import { fieldFlags } from "./flags.ts";
 * const flags = fieldFlags({
 *   type: "object",
 *   properties: { joinWrapped: { type: "boolean" }, pane: { type: "string" } },
 * }, { omit: ["pane"] });
 * console.assert(flags[0]?.flag === "join-wrapped" && flags.length === 1);
 * ```
 */
export function fieldFlags(schema: JsonSchema, plan: FlagPlan = {}): FieldFlag[] {
  const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
  const flags: FieldFlag[] = [];
  for (const [field, property] of Object.entries(properties)) {
    if (plan.omit?.includes(field)) continue;
    const kind = kindOf(property);
    if (kind === undefined) continue;
    flags.push({ field, kind, schema: property, flag: plan.rename?.[field] ?? kebab(field) });
  }
  return flags;
}

/**
 * Parses argv against a command's spec and a plan: unknown flags are usage errors (exit 2), as
 * are values a flag cannot read (`--lines x`, `--ratio 2` where the schema says below 1).
 *
 * @example
 * ```ts
 * import { parseFlags } from "./flags.ts";
 * const spec = { inputSchema: { type: "object", properties: { tags: { type: "array",
 *   items: { type: "string" } } } } };
 * const parsed = parseFlags(["--tags", "a,b", "--json"], spec, { own: { json: { type: "boolean" } } });
 * console.assert(parsed.own.json === true && (parsed.input.tags as string[]).length === 2);
 * ```
 */
export function parseFlags(
  args: string[],
  spec: Pick<CommandSpec, "inputSchema">,
  plan: FlagPlan = {},
): ParsedFlags {
  const flags = fieldFlags(spec.inputSchema, plan);
  const options: Record<string, FlagOption> = { ...plan.own };
  for (const f of flags) options[f.flag] = optionOf(f.kind);
  const { values, positionals } = parseArgs({
    args,
    options,
    allowPositionals: plan.positionals ?? false,
    // `--no-focus`: a boolean field whose default is true can be turned off.
    allowNegative: true,
  });
  const given = values as Record<string, string | boolean | string[] | undefined>;
  const input: Record<string, unknown> = {};
  for (const f of flags) {
    const value = given[f.flag];
    if (value !== undefined) input[f.field] = readFlag(f, value);
  }
  const own = Object.fromEntries(
    Object.keys(plan.own ?? {}).map((k) => [k, given[k] as string | boolean | undefined]),
  );
  const byField = new Map(flags.map((f) => [f.field, f.flag]));
  return { input, own, positionals, flagOf: (field) => byField.get(field) ?? kebab(field) };
}

/**
 * Help lines for a command's field flags: name, value form, description.
 *
 * @example
 * ```ts
 * import { describeFlags } from "./flags.ts";
 * const text = describeFlags({ inputSchema: { type: "object", properties: {
 *   agent: { type: "string", enum: ["claude", "shell"], description: "What runs." } } } });
 * console.assert(text.includes("--agent claude|shell") && text.includes("What runs."));
 * ```
 */
export function describeFlags(spec: Pick<CommandSpec, "inputSchema">, plan: FlagPlan = {}): string {
  const lines = fieldFlags(spec.inputSchema, plan).map((f) => {
    const form = f.kind === "boolean" ? `--[no-]${f.flag}` : `--${f.flag} ${valueForm(f)}`;
    const text = typeof f.schema.description === "string" ? f.schema.description : "";
    return `  ${form.padEnd(28)} ${text}`.trimEnd();
  });
  return lines.length ? `flags:\n${lines.join("\n")}\n` : "";
}

function kindOf(schema: JsonSchema): Kind | undefined {
  const type = schema.type;
  if (type === "string" || type === "boolean" || type === "integer" || type === "number") {
    return type;
  }
  if (type === "array") {
    return (schema.items as JsonSchema | undefined)?.type === "string" ? "list" : undefined;
  }
  if (type === "object") {
    const values = schema.additionalProperties as JsonSchema | undefined;
    return values?.type === "string" && !schema.properties ? "map" : undefined;
  }
  // A union with a plain string branch (`state`: one or a list) takes the string.
  const branches = (schema.anyOf ?? schema.oneOf) as JsonSchema[] | undefined;
  return branches?.some((b) => b.type === "string") ? "string" : undefined;
}

function optionOf(kind: Kind): FlagOption {
  if (kind === "boolean") return { type: "boolean" };
  return kind === "list" || kind === "map"
    ? { type: "string", multiple: true }
    : { type: "string" };
}

function readFlag(f: FieldFlag, value: string | boolean | string[]): unknown {
  if (typeof value === "boolean") return value;
  if (Array.isArray(value)) return f.kind === "map" ? mapOf(f.flag, value) : listOf(value);
  if (f.kind === "integer") return integerOf(f, value);
  if (f.kind === "number") return numberOf(f, value);
  return value;
}

function integerOf(f: FieldFlag, value: string): number {
  const n = Number(value);
  const min = typeof f.schema.minimum === "number" ? f.schema.minimum : -Infinity;
  if (value.trim() === "" || !Number.isInteger(n) || (min >= 0 && n < 0)) {
    throw new UsageError(`--${f.flag} must be a whole number, got "${value}"`);
  }
  return n;
}

function numberOf(f: FieldFlag, value: string): number {
  const n = Number(value);
  const { exclusiveMinimum: above, exclusiveMaximum: below, minimum: min, maximum: max } = f
    .schema as Record<string, number | undefined>;
  const fits = value.trim() !== "" && Number.isFinite(n) &&
    (above === undefined || n > above) && (below === undefined || n < below) &&
    (min === undefined || n >= min) && (max === undefined || n <= max);
  if (!fits) {
    const bounds = [
      above !== undefined ? `above ${above}` : min !== undefined ? `at least ${min}` : "",
      below !== undefined ? `below ${below}` : max !== undefined ? `at most ${max}` : "",
    ].filter(Boolean).join(" and ");
    throw new UsageError(
      `--${f.flag} must be a number${bounds ? ` ${bounds}` : ""}, got "${value}"`,
    );
  }
  return n;
}

/** `--keys C-c,Enter --keys q`: every comma-separated item of every use. */
function listOf(values: string[]): string[] {
  return values.flatMap((v) => v.split(",")).map((v) => v.trim()).filter(Boolean);
}

/** `--env A=1 --env B=2`. */
function mapOf(flag: string, pairs: string[]): Record<string, string> {
  const map: Record<string, string> = {};
  for (const pair of pairs) {
    const at = pair.indexOf("=");
    if (at <= 0) throw new UsageError(`--${flag} takes KEY=VALUE, got "${pair}"`);
    map[pair.slice(0, at)] = pair.slice(at + 1);
  }
  return map;
}

function valueForm(f: FieldFlag): string {
  const choices = f.schema.enum ?? ((f.schema.anyOf ?? f.schema.oneOf) as JsonSchema[] | undefined)
    ?.find((b) => b.type === "string")?.enum;
  if (Array.isArray(choices)) return choices.join("|");
  const forms: Record<Kind, string> = {
    string: "TEXT",
    boolean: "",
    integer: "N",
    number: "X",
    list: "A,B…",
    map: "KEY=VALUE…",
  };
  return forms[f.kind];
}

function kebab(field: string): string {
  return field.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
}
