/**
 * Small shape checks for the plugin message validators. Each throws `INVALID_INPUT` naming the
 * path of the bad field.
 *
 * @module
 */

import { WeftError } from "../bus/errors.ts";

/** Throws the validator's error for `path`. */
export function fail(path: string, what: string): never {
  throw new WeftError("INVALID_INPUT", `Cannot read plugin message: ${path} ${what}`, { path });
}

/** A plain object (not an array, not null). */
export function obj(value: unknown, path: string): Record<string, unknown> {
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    fail(path, "must be an object");
  }
  return value as Record<string, unknown>;
}

/** A string. */
export function str(value: unknown, path: string): string {
  if (typeof value !== "string") fail(path, "must be a string");
  return value;
}

/** A finite number. */
export function num(value: unknown, path: string): number {
  if (typeof value !== "number" || !Number.isFinite(value)) fail(path, "must be a number");
  return value;
}

/** A boolean. */
export function bool(value: unknown, path: string): boolean {
  if (typeof value !== "boolean") fail(path, "must be a boolean");
  return value;
}

/** An array of strings. */
export function strings(value: unknown, path: string): string[] {
  if (!Array.isArray(value)) fail(path, "must be an array of strings");
  return value.map((v, i) => str(v, `${path}[${i}]`));
}

/** An object whose values are all strings. */
export function stringRecord(value: unknown, path: string): Record<string, string> {
  const o = obj(value, path);
  return Object.fromEntries(Object.entries(o).map(([k, v]) => [k, str(v, `${path}.${k}`)]));
}

/** One of the listed values. */
export function oneOf<T extends string>(value: unknown, allowed: readonly T[], path: string): T {
  if (!(allowed as readonly unknown[]).includes(value)) {
    fail(path, `must be one of ${allowed.map((a) => `"${a}"`).join(", ")}`);
  }
  return value as T;
}

/** `{ [key]: check(value) }` when the field is present, `{}` when it is absent. */
export function opt<T, K extends string>(
  source: Record<string, unknown>,
  key: K,
  check: (value: unknown, path: string) => T,
  path: string,
): { [P in K]?: T } {
  const value = source[key];
  return value === undefined ? {} : { [key]: check(value, `${path}.${key}`) } as { [P in K]?: T };
}
