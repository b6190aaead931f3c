// Shared pieces of the spec and file validators: paths, failures, plain-object and key checks.
import { WeftError } from "../bus/errors.ts";
import { didYouMean } from "../bus/suggest.ts";

/** `a.b`, `a[1]`, or just `b` at the root. */
export function join(path: string, key: string | number): string {
  if (typeof key === "number") return `${path}[${key}]`;
  return path ? `${path}.${key}` : key;
}

/** Throws `INVALID_INPUT` for the value at `path`; `data.path` names it for tools. */
export function fail(path: string, problem: string): never {
  throw new WeftError(
    "INVALID_INPUT",
    `Cannot read layout: ${path || "the layout"} ${problem}`,
    { path },
  );
}

/** True for a plain object (not null, not an array). */
export function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

/** The value as a plain object, or a failure at `path`. */
export function object(value: unknown, path: string): Record<string, unknown> {
  if (!isObject(value)) fail(path, `must be a table/object, not ${describe(value)}`);
  return value;
}

/** Fails on the first key of `value` that is not in `known`, suggesting the closest. */
export function onlyKeys(
  value: Record<string, unknown>,
  known: readonly string[],
  path: string,
): void {
  for (const key of Object.keys(value)) {
    if (!known.includes(key)) {
      fail(join(path, key), `is not a known key${didYouMean(key, known)}`);
    }
  }
}

/** A non-empty string at `path`, at most `max` characters. */
export function text(value: unknown, path: string, max = 64 * 1024): string {
  if (typeof value !== "string" || value === "") {
    fail(path, `must be a non-empty string, not ${describe(value)}`);
  }
  if (value.length > max) fail(path, `must be at most ${max} characters long`);
  return value;
}

/** A short description of a bad value for messages: its JSON, cut short, or its type. */
export function describe(value: unknown): string {
  if (value === undefined) return "missing";
  if (typeof value === "number" && !Number.isFinite(value)) return String(value);
  const json = JSON.stringify(value);
  if (json === undefined) return typeof value;
  return json.length > 40 ? `${json.slice(0, 37)}...` : json;
}
