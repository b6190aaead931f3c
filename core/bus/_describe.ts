import type { Caller } from "../../protocols/bus/command_spec.ts";

/** How an error message names a caller: `plugin "layout"`, `socket caller "c3"`. */
export function describeCaller(caller: Pick<Caller, "kind" | "id">): string {
  return caller.kind === "plugin"
    ? `plugin "${caller.id}"`
    : `${caller.kind} caller "${caller.id}"`;
}
