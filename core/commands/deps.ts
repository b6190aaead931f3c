/**
 * What built-in command handlers are given: explicit dependencies, no god object.
 *
 * @module
 */

import type { PluginStarted, ServerFacts } from "../../protocols/bus/calls.ts";
import type { Bus, Caller } from "../bus/mod.ts";
import type { WeftConfig } from "../config/mod.ts";
import type { Model } from "../model/mod.ts";
import type { PermissionHolds } from "../model/permission_holds.ts";

/** Facts about the running server and the way to stop it. */
export interface ServerControl {
  /** Static facts: pid, socket path, version, start time, plugin states. */
  status: () => ServerFacts;
  /** Asks the server to shut down after the current reply is sent. */
  stop: () => void;
  /** Starts a dormant built-in plugin (see `WeftConfig.dormant`); resolves to its state. */
  startPlugin: (name: string) => Promise<PluginStarted>;
  /**
   * Reads the project's config again and restarts, starts or stops one plugin to match it;
   * resolves to its state (`removed` when the config no longer has it on).
   */
  reloadPlugin: (
    name: string,
    options?: { refresh?: boolean | undefined },
  ) => Promise<PluginStarted>;
  /** Starts held panes (`server.allow`; all when empty); resolves to the ids started. */
  allow: (panes: readonly string[]) => Promise<string[]>;
  /** The panes restored held, not started (a store weft did not record here). */
  held: () => string[];
  /**
   * Records (or, with null, forgets) a viewer's size for a session (`session.view`); resolves
   * to the session and the size now in effect for it.
   */
  view: (
    id: string,
    request: { session?: string; cols: number; rows: number } | null,
    caller: Caller,
  ) => Promise<{ session: string; cols: number; rows: number } | null>;
}

/** Dependencies of the built-in commands. */
export interface CoreDeps {
  model: Model;
  bus: Bus;
  config: WeftConfig;
  server: ServerControl;
  /** Permission requests held open by agents' hooks, answered by `pane.answer`. */
  holds: PermissionHolds;
}
