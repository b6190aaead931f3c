/**
 * Who a caller speaks as. A pane speaks as its pane (whatever door: `weft mcp` in the pane, the
 * CLI in the pane, its sideband); a plugin as an identity it registered (`as`), else its
 * caller's pane, else its own name; anyone else as the name it gives (`as`, or the client name
 * of `server.hello`), else `human`. Nobody speaks as a pane or a registered identity it is not,
 * nor as a pane id (a closed pane's too). A caller's pane is one it proved: the core believes a
 * client's pane only with that pane's key, and a plugin speaks for a pane only with pane:write.
 *
 * @module
 */

import { type Caller, WeftError } from "@weft/weft/plugin";
import { type Directory, paneName } from "./_directory.ts";

/** A valid identity name. */
export const NAME = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$/;

/** A pane id: a pane's identity, live or closed, never a name someone else may take. */
const PANE_ID = /^p\d+$/;

/** Client names the CLI and doors give themselves: they name no one. */
const GENERIC_CLIENTS = new Set(["socket", "cli", "mcp", "tui", "web", "test", "sideband"]);

/**
 * The identity `caller` speaks as, given the `as` it asked for.
 *
 * @example
 * ```ts ignore
 * selfOf({ kind: "cli", id: "cli:c1", grants: "all" }, undefined, directory); // "human"
 * ```
 */
export function selfOf(caller: Caller, as: string | undefined, directory: Directory): string {
  if (caller.kind === "host") {
    // Another host of the fabric messages through its own messaging (NAME@HOST): it is no one
    // here, and reads no one's inbox.
    throw new WeftError(
      "DENIED",
      `Cannot act as anyone here: host "${caller.id.replace(/^fabric\//, "")}" is another ` +
        "host of the fabric; its agents send as NAME@HOST through their own server",
    );
  }
  if (caller.kind === "plugin") return pluginSelf(caller, as, directory);
  const pane = caller.pane ? directory.pane(caller.pane) : undefined;
  if (caller.pane) {
    const me = pane ? paneName(pane) : caller.pane;
    if (as !== undefined && as !== me && as !== caller.pane) {
      throw new WeftError(
        "DENIED",
        `Cannot act as "${as}": the caller runs in pane ${caller.pane} and speaks as "${me}"`,
      );
    }
    return me;
  }
  if (as === undefined) return clientName(caller) ?? "human";
  checkName(as);
  if (PANE_ID.test(as)) {
    throw new WeftError(
      "DENIED",
      `Cannot act as "${as}": it is a pane's id; only that pane speaks as it (a closed pane's ` +
        "mail is nobody's)",
    );
  }
  const found = directory.find(as);
  if (found?.kind === "pane") {
    throw new WeftError(
      "DENIED",
      `Cannot act as "${as}": it is pane ${found.pane!.id}'s identity; only that pane speaks as it`,
    );
  }
  if (found?.kind === "registered") {
    throw new WeftError(
      "DENIED",
      `Cannot act as "${as}": it belongs to plugin "${found.owner}"`,
    );
  }
  return as;
}

function pluginSelf(caller: Caller, as: string | undefined, directory: Directory): string {
  if (as === undefined) {
    const pane = caller.pane ? directory.pane(caller.pane) : undefined;
    return pane ? paneName(pane) : caller.id;
  }
  const found = directory.find(as);
  if (found?.kind !== "registered" || found.owner !== caller.id) {
    throw new WeftError(
      "DENIED",
      `Cannot act as "${as}": plugin "${caller.id}" has not registered it` +
        (found?.kind === "registered" ? ` (plugin "${found.owner}" did)` : "") +
        "; call message.register first",
    );
  }
  return found.name;
}

/** The name a socket client gave in `server.hello {client}`, unless it is a door's own. */
function clientName(caller: Caller): string | undefined {
  if (caller.kind !== "socket") return undefined;
  const name = caller.id.split(":")[0] ?? "";
  return GENERIC_CLIENTS.has(name) || !NAME.test(name) ? undefined : name;
}

/** Throws `INVALID_INPUT` for a name that cannot be an identity. */
export function checkName(name: string): void {
  if (!NAME.test(name)) {
    throw new WeftError(
      "INVALID_INPUT",
      `Cannot use "${name}" as a name: use letters, digits, ".", "_" or "-" (at most 64)`,
    );
  }
}
