import { implement } from "./_define.ts";
import { keysEqual, SIDEBAND_KEY_ENV } from "../../protocols/sideband/key.ts";
import type { CoreDeps } from "./deps.ts";

/**
 * `pane.check_key`: whether a string is the sideband key the core gave a pane
 * (`WEFT_SIDEBAND_KEY` in its environment, random per pane, made when the pane is created).
 *
 * Why a check and not a lookup: the sideband plugin must tell a program's own OSC command (it
 * carries the key) from bytes the program merely shows. Handing the plugin the keys would put
 * them in a Worker and behind a capability that every socket client (which holds every right)
 * and MCP session could use too; stripping and checking them in the core's output path would
 * put a second streaming OSC parser, with state across chunks, on the hottest path there is.
 * A yes/no answer gives nothing away: no caller ever reads a key, the comparison takes the same
 * time wherever the strings differ, and 128 random bits cannot be guessed one call at a time.
 * The key is not in `pane.list`, `pane.status` or any other output.
 */
export function paneCheckKey(_deps: CoreDeps) {
  return implement("pane.check_key", ({ input, targets: { pane } }) => {
    const expected = pane.launch.env[SIDEBAND_KEY_ENV];
    return { pane: pane.id, valid: expected !== undefined && keysEqual(expected, input.key) };
  });
}
