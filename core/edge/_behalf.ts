/**
 * Who a door plugin's client is when the plugin calls for it: one definition of read-only,
 * the same in every door.
 *
 * @module
 */

import type { Caller } from "../bus/mod.ts";
import { WeftError } from "../../protocols/bus/errors.ts";
import { type GrantSet, intersect, missing } from "../../protocols/bus/capabilities.ts";
import type { OnBehalf } from "../../protocols/plugin/mod.ts";

/**
 * A client a door plugin speaks for, as a caller: attributed to the plugin, never with more
 * than the plugin's rights, narrowed to the client's (read-only is `READ_ONLY`, the same in
 * every door). Speaking for a pane is no more than typing into it would allow.
 */
export function behalfCaller(
  plugin: string,
  grant: GrantSet,
  client: OnBehalf,
): Caller {
  if (client.pane !== undefined && missing(["pane:write"], grant).length) {
    throw new WeftError(
      "DENIED",
      `Cannot call for pane ${client.pane}: plugin "${plugin}" lacks pane:write, which ` +
        "speaking for a pane needs",
    );
  }
  return {
    kind: client.kind,
    id: `${plugin}/${client.id}`,
    ...(client.pane === undefined ? {} : { pane: client.pane }),
    grants: client.grants ? intersect(grant, new Set(client.grants)) : grant,
    chain: [plugin],
  };
}
