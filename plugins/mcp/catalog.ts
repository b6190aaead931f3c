/**
 * The live tool list: built from the bus's command registry (`server.commands`) and rebuilt
 * when it changes (`bus.commands_changed`: a plugin registered commands, or crashed and lost
 * them), telling every MCP session so it can send `tools/list_changed`.
 *
 * @module
 */

import { WeftError } from "../../protocols/bus/errors.ts";
import { buildToolTable, type ToolFilter, type ToolTable } from "../../protocols/mcp/mod.ts";
import type { McpHost } from "./host.ts";

/** The current tools, kept in step with the bus. */
export class ToolCatalog {
  #host: McpHost;
  #filter: ToolFilter;
  #table: ToolTable = new Map();
  #signature = "";
  #listeners = new Set<() => void>();
  #refreshing: Promise<void> | undefined;
  #again = false;
  #stop: (() => void) | undefined;

  constructor(host: McpHost, filter: ToolFilter) {
    this.#host = host;
    this.#filter = filter;
  }

  /** Loads the tools and follows the registry; throws when the command list cannot be read. */
  async start(): Promise<void> {
    this.#stop = await this.#host.subscribe(
      { topics: ["bus.commands_changed"] },
      () => void this.refresh(),
    );
    await this.refresh();
  }

  /** Stops following the registry. */
  close(): void {
    this.#stop?.();
    this.#listeners.clear();
  }

  /** The tools now. */
  get table(): ToolTable {
    return this.#table;
  }

  /** Runs `listener` whenever the tool list changes; returns the function that stops it. */
  onChange(listener: () => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /** Re-reads the registry; concurrent calls share one read and one more after it. */
  refresh(): Promise<void> {
    if (this.#refreshing) {
      this.#again = true;
      return this.#refreshing;
    }
    this.#refreshing = this.#load().finally(() => {
      this.#refreshing = undefined;
      if (this.#again) {
        this.#again = false;
        void this.refresh();
      }
    });
    return this.#refreshing;
  }

  async #load(): Promise<void> {
    const reply = await this.#host.call("server.commands", {});
    if (!reply.ok) throw WeftError.fromBody(reply.error);
    const table = buildToolTable(reply.value.commands, this.#filter);
    const signature = JSON.stringify([...table.values()].map((e) => e.tool));
    if (signature === this.#signature) return;
    const first = this.#signature === "";
    this.#table = table;
    this.#signature = signature;
    if (first) return;
    for (const listener of this.#listeners) listener();
  }
}
