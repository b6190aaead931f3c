/**
 * What the `fabric` plugin keeps while it runs (its `setup` returns it; handlers get it).
 *
 * @module
 */

import type { NatsConnection } from "@nats-io/transport-node";
import type { LocalNode } from "./node.ts";
import type { RpcLink } from "./link.ts";
import type { Presence } from "./presence.ts";
import type { OutputTaps } from "./taps.ts";

/** The running fabric of this host. */
export interface State {
  /** This host's name. */
  host: string;
  /** The hub's URL. */
  hub: string;
  node: LocalNode;
  nc: NatsConnection;
  link: RpcLink;
  presence: Presence;
  /** This host's panes other hosts follow (`taps.ts`). */
  taps: OutputTaps;
  /** Writes to the server's log as the plugin. */
  log: (line: string) => void;
}
