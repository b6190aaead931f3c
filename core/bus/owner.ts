/**
 * Who a caller is as an owner of things it makes (a canvas pane): a plugin by its name, any
 * other door by its kind and id. The bus uses the same name to give owner-only events
 * (`pane.canvas.input`) to their owner alone.
 *
 * @module
 */

import type { Caller } from "../../protocols/bus/command_spec.ts";

/**
 * The owner name of `caller`.
 *
 * @example
 * ```ts
 * import { ownerOf } from "./owner.ts";
 * console.assert(ownerOf({ kind: "plugin", id: "canvas", grants: "all" }) === "canvas");
 * console.assert(ownerOf({ kind: "socket", id: "c7", grants: "all" }) === "socket:c7");
 * ```
 */
export function ownerOf(caller: Caller): string {
  return caller.kind === "plugin" ? caller.id : `${caller.kind}:${caller.id}`;
}
