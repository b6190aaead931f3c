/**
 * Names no configured plugin may take: the core's own, and those of the built-in plugins,
 * which only that built-in may use.
 *
 * @module
 */

/**
 * The core's names: it owns `core` and the commands and events under these prefixes (the
 * topics only the core publishes: `core/bus/events.ts`).
 */
export const CORE_NAMES: readonly string[] = [
  "core",
  "session",
  "window",
  "pane",
  "server",
  "focus",
  "plugin",
  "bus",
];

/**
 * The built-in plugins' names (the table in `plugins/builtin.ts`, which the core cannot import:
 * it is the floor above), and `messaging`, the folder of the `message` plugin. All of them ship;
 * `plugins/builtin_test.ts` checks that every built-in in the table is listed here.
 */
export const BUILTIN_NAMES: readonly string[] = [
  "layout",
  "sideband",
  "mcp",
  "web",
  "canvas",
  "messaging",
  "message",
  "bridge",
  "tmux",
  "fabric",
];

/** Every reserved name: the core's and the built-ins'. */
export const RESERVED_NAMES: readonly string[] = [...CORE_NAMES, ...BUILTIN_NAMES];

/**
 * Why `name` cannot be a configured plugin loaded from `from`, or undefined when it can.
 * A built-in's name is free only for that built-in's own module (`builtinFrom`).
 *
 * @example
 * ```ts
 * import { reservedReason } from "./reserved.ts";
 * console.assert(reservedReason("core", "file:///x.ts", undefined) !== undefined);
 * console.assert(reservedReason("mcp", "file:///m.ts", "file:///m.ts") === undefined);
 * console.assert(reservedReason("hello", "file:///h.ts", undefined) === undefined);
 * ```
 */
export function reservedReason(
  name: string,
  from: string,
  builtinFrom: string | undefined,
): string | undefined {
  if (CORE_NAMES.includes(name)) return `"${name}" is reserved for the core`;
  if (builtinFrom !== undefined) {
    return from === builtinFrom
      ? undefined
      : `"${name}" is the built-in plugin's name; only its own module may use it`;
  }
  if (RESERVED_NAMES.includes(name)) return `"${name}" is reserved for a built-in plugin`;
  return undefined;
}
