/**
 * What the model's helpers (`_create.ts`, `_close.ts`, `_restore.ts`, …) share of it: its records, lookups, name
 * checks, events and the current session. The model makes one and keeps it private.
 *
 * @module
 */

import type { Size } from "../../protocols/layout/tree/mod.ts";
import type { ForegroundProcess } from "../pty/mod.ts";
import type { CheckNameOptions, Kind, Named } from "./_names.ts";
import type { ForegroundTracker } from "./foreground.ts";
import type { IdAllocator } from "./ids.ts";
import type { LaunchRequest, ModelOptions } from "./model_options.ts";
import type { Pane } from "./pane.ts";
import type { DeferredPty } from "./deferred_pty.ts";
import type { SessionInfo, SessionRecord, WindowInfo, WindowRecord } from "./records.ts";

/** The model's insides, for its helpers. */
export interface ModelParts {
  readonly options: ModelOptions;
  readonly ids: IdAllocator;
  readonly sessions: Map<string, SessionRecord>;
  readonly windows: Map<string, WindowRecord>;
  readonly panes: Map<string, Pane>;
  readonly foreground: ForegroundTracker<ForegroundProcess> | undefined;
  /** The current session's id. */
  current: string | undefined;
  pane(id: string): Pane;
  window(id: string): WindowRecord;
  session(id: string): SessionRecord;
  checkName(kind: Kind, name: string, options?: CheckNameOptions): void;
  /** The records of a kind, by id. */
  records(kind: Kind): ReadonlyMap<string, Named>;
  /**
   * Starts a pane (a new id unless given) and adds it to the model; with `deferred`, checks its
   * program can start and collects its start there.
   */
  spawn(
    window: WindowRecord,
    launch: LaunchRequest,
    size: Size,
    id?: string,
    deferred?: DeferredPty[],
  ): Pane;
  relayout(window: string): void;
  windowInfo(id: string): WindowInfo;
  sessionInfo(id: string): SessionInfo;
}
