/**
 * The door kit: where a project's server is. For doors that run in their own process
 * (the CLI, `weft mcp`, `weft attach`), not for plugins inside the server. Light on purpose:
 * `weft ls` loads it before every call (tests/lean_cli_test.ts), so it names no package.
 *
 * @example
 * ```ts ignore
 * import { findServerInfo } from "../../core/sdk/project.ts";
 * const info = await findServerInfo(Deno.cwd()); // undefined when no server runs
 * ```
 *
 * @module
 */

export { findServerInfo, readServerInfo, type ServerInfo } from "../server/info.ts";
export {
  claimStateDir,
  ensureProjectDir,
  type ServerPaths,
  serverPaths,
  stateDirOf,
} from "../server/paths.ts";
export { listServers, type ServerEntry } from "../server/registry.ts";
