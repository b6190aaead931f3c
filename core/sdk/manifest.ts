/**
 * The door kit: what a plugin module asks for, read by loading it once with no rights and
 * without running it (`weft plugin add`). Only for CLI doors (tests/imports_test.ts).
 *
 * @example
 * ```ts ignore
 * import { inspectPlugin } from "../../core/sdk/manifest.ts";
 * ```
 *
 * @module
 */

export { inspectPlugin } from "../plugin/inspect.ts";
