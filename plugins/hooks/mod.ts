/**
 * `hooks`: the door through which agent hooks reach weft. Claude Code runs weft's hook on each
 * event it cares about (`weft hooks install` puts them in its settings); the hook posts the
 * event to the core's HTTP door (`core/server/http_door.ts`), which runs `pane.report`.
 * This folder holds the CLI that manages the settings entries; the mapping and the merge are
 * pure code in `protocols/hooks/`.
 *
 * @example
 * ```ts
 * import { hooks } from "./mod.ts";
 * console.assert(hooks.usage.startsWith("weft hooks install"));
 * ```
 *
 * @module
 */

export { hooks } from "./cli.ts";
