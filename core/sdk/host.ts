/**
 * The door kit: the host itself, for the CLI door that starts a server (`weft serve`). Never
 * imported by a plugin that runs inside the server (tests/imports_test.ts): loading it loads
 * the whole core.
 *
 * @example
 * ```ts ignore
 * import { startServer } from "../../core/sdk/host.ts";
 * ```
 *
 * @module
 */

export { startServer } from "../server/server.ts";
