/**
 * Names no configured plugin may take: the core's own, and those of the built-in plugins
 * (present and coming), which only that built-in may use.
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
 * Built-in plugins that are not in the table yet but will be; reserved now so a project's
 * plugin cannot squat on a name a later weft needs.
 */
export const COMING_BUILTINS: readonly string[] = [
  "canvas",
  "messaging",
  "message",
  "bridge",
  "tmux",
];

/** Every reserved name: the core's, the known built-ins' and the coming built-ins'. */
export const RESERVED_NAMES: readonly string[] = [
  ...CORE_NAMES,
  "layout",
  "sideband",
  "mcp",
  "web",
  ...COMING_BUILTINS,
];

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
