/**
 * What the command files share: the state-aware `defineCommand` and the input fields several
 * commands take.
 *
 * @module
 */

import { withState, z } from "@weft/weft/plugin";
import type { Messaging } from "./_messaging.ts";
import { PRIORITIES } from "./_store.ts";

/** `defineCommand` for handlers that use the plugin's state. */
export const { defineCommand } = withState<Messaging>();

/** `as`: act as an identity the caller may speak for. */
export const AS = z.string().max(64).optional().describe(
  "Act as this identity: a plugin names one it registered; a caller outside panes names " +
    "itself (default: human). Panes always speak as themselves.",
);

/** A priority. */
export const PRIORITY = z.enum(PRIORITIES);
