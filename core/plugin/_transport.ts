/**
 * How the host reaches one running plugin: a swappable piece under the link. A transport moves
 * messages and reports the plugin's end; it neither validates messages nor keeps time.
 *
 * @module
 */

import type { Capability } from "../../protocols/bus/capabilities.ts";
import type { HostMessage } from "../../protocols/plugin/mod.ts";
import type { Backlog } from "../edge/party.ts";

/** What a transport reports. */
export interface TransportEvents {
  /** Something the plugin sent, decoded but not yet validated. */
  message(raw: unknown): void;
  /** The plugin sent bytes that are not a message; they were dropped. */
  invalid(reason: string): void;
  /** The plugin is gone (exited, crashed, killed for a limit); at most once, never after kill. */
  down(reason: string): void;
  /** A line the plugin's runtime printed outside the protocol (its process's stderr). */
  stderr?(line: string): void;
}

/** What a transport needs to start a plugin. */
export interface TransportOptions {
  /** The plugin module. */
  url: URL;
  plugin: string;
  /** The effective grant; its Deno part becomes the plugin's permissions. */
  grant: ReadonlySet<Capability>;
  /** `read:`/`write:` grants are relative to this. */
  projectDir: string;
  /** The project's state folder, where `.weft` grants point (default `<project>/.weft`). */
  stateDir?: string;
  /**
   * The lock file of its module's remote and npm entries: weft's `deno.lock` when absent (a
   * built-in), a file of the project's for a project's plugin, `null` for none (a module read
   * once, `weft plugin add`).
   */
  lockFile?: string | null;
  /** The plugin's memory cap. */
  memoryMiB: number;
}

/** One running plugin as the link sees it. */
export interface Transport {
  /**
   * Sends a message; throws when it cannot be encoded. `lane` names the pane it is about (an
   * event of that pane, the answer to a call on it): a transport that queues may let messages
   * of different lanes pass one another, never messages of one lane.
   */
  send(message: HostMessage, lane?: string): void;
  /**
   * Characters queued and not yet read by the plugin: in all, and in `lane`. A transport that
   * does not queue leaves it out (nothing is then dropped for a slow reader).
   */
  backlog?(lane?: string): Backlog;
  /** Ends the plugin for real; no `down` follows. */
  kill(): void;
  /** Resolves once the plugin is gone and its pipes are drained (after `down` or `kill`). */
  readonly exited: Promise<void>;
}

/** Starts a plugin and returns its transport. */
export type TransportFactory = (options: TransportOptions, events: TransportEvents) => Transport;
