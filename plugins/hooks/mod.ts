/**
 * `hooks`: the door through which agent hooks reach weft. Every agent vendor whose hooks weft
 * knows runs weft's hook on each event it has (`weft hooks install` puts them in each vendor's
 * settings, where its vendor file in `protocols/agents/` says); the hook posts the event to the
 * core's HTTP door (`core/server/http_door.ts`), which runs `pane.report`. This folder holds the
 * CLI that writes the settings files; what goes in them, and the merge, are pure code in
 * `protocols/hooks/`.
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
