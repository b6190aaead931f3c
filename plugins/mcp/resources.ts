/**
 * Pane screens as MCP resources for one session: `weft://pane/{id}` listed, read as text, and
 * watched: a subscribed pane's output sends `notifications/resources/updated`, at most
 * `updatesPerSecond` times a second per pane (the last change always gets one).
 *
 * @module
 */

import { ErrorCode, McpError, type ReadResourceResult, type Resource } from "./sdk.ts";
import { paneUri, parsePaneUri } from "../../protocols/mcp/mod.ts";
import type { McpHost } from "./host.ts";

/** MCP's code for a resource that does not exist. */
const RESOURCE_NOT_FOUND = -32002;

/** What a session's resources tell its client. */
export interface ResourceNotices {
  updated: (uri: string) => void;
  listChanged: () => void;
}

/** Options of {@link PaneResources}. */
export interface PaneResourcesOptions {
  updatesPerSecond: number;
  /** Fixed text resources besides the panes (the conformance suite's fixtures). */
  fixtures?: Readonly<Record<string, string>>;
}

/** The fields of `pane.list` entries that a resource shows. */
interface PaneSummary {
  id: string;
  name?: string | null;
  command: string;
  cwd: string;
  cols: number;
  rows: number;
  state: string;
  exit?: unknown;
}

interface Watch {
  stop: () => void;
  last: number;
  timer: ReturnType<typeof setTimeout> | undefined;
}

/** One MCP session's pane resources and subscriptions. */
export class PaneResources {
  #host: McpHost;
  #notices: ResourceNotices;
  #options: PaneResourcesOptions;
  #watches = new Map<string, Watch>();
  #stopList: (() => void) | undefined;
  #closed = false;

  constructor(host: McpHost, notices: ResourceNotices, options: PaneResourcesOptions) {
    this.#host = host;
    this.#notices = notices;
    this.#options = options;
  }

  /** Follows panes coming and going, for `notifications/resources/list_changed`. */
  async start(): Promise<void> {
    this.#stopList = await this.#host.subscribe(
      { topics: ["pane.created", "pane.closed"] },
      () => this.#notices.listChanged(),
    );
  }

  /** Every pane as a resource. */
  async list(): Promise<Resource[]> {
    const reply = await this.#host.call("pane.list", {});
    if (!reply.ok) throw new McpError(ErrorCode.InternalError, reply.error.message);
    const panes: Resource[] = reply.value.panes.map((p) => ({
      uri: paneUri(p.id),
      name: p.name ?? p.id,
      title: `${p.id}${p.name ? ` (${p.name})` : ""}: ${p.command}`,
      description: `The screen of pane ${p.id} running \`${p.command}\` in ${p.cwd} ` +
        `(${p.cols}x${p.rows}, ${p.exit ? "exited" : p.state}).`,
      mimeType: "text/plain",
    }));
    const fixtures = Object.keys(this.#options.fixtures ?? {}).map((uri) => ({
      uri,
      name: uri,
      description: "A fixed text resource (conformance mode).",
      mimeType: "text/plain",
    }));
    return [...panes, ...fixtures];
  }

  /** A pane's visible screen as text. */
  async read(uri: string): Promise<ReadResourceResult> {
    const fixture = this.#options.fixtures?.[uri];
    if (fixture !== undefined) {
      return { contents: [{ uri, mimeType: "text/plain", text: fixture }] };
    }
    const pane = this.#pane(uri);
    const reply = await this.#host.call("pane.read", { pane });
    if (!reply.ok) {
      const missing = reply.error.code === "TARGET_NOT_FOUND" || reply.error.code === "NOT_FOUND";
      throw new McpError(
        missing ? RESOURCE_NOT_FOUND : ErrorCode.InternalError,
        reply.error.message,
        { uri },
      );
    }
    return { contents: [{ uri, mimeType: "text/plain", text: reply.value.text }] };
  }

  /** Starts sending updates for a resource. */
  async subscribe(uri: string): Promise<void> {
    if (this.#options.fixtures?.[uri] !== undefined || this.#watches.has(uri)) return;
    const pane = this.#pane(uri);
    const status = await this.#host.call("pane.status", { pane });
    if (!status.ok) throw new McpError(RESOURCE_NOT_FOUND, status.error.message, { uri });
    const watch: Watch = { stop: () => {}, last: 0, timer: undefined };
    this.#watches.set(uri, watch);
    const stop = await this.#host.subscribe(
      { topics: ["pane.output", "pane.exited", "pane.closed"], panes: [status.value.id] },
      () => this.#changed(uri, watch),
    );
    if (this.#closed || this.#watches.get(uri) !== watch) return stop();
    watch.stop = stop;
  }

  /** Stops sending updates for a resource. */
  unsubscribe(uri: string): void {
    const watch = this.#watches.get(uri);
    if (!watch) return;
    this.#watches.delete(uri);
    clearTimeout(watch.timer);
    watch.stop();
  }

  /** Drops every subscription. */
  close(): void {
    this.#closed = true;
    this.#stopList?.();
    for (const uri of [...this.#watches.keys()]) this.unsubscribe(uri);
  }

  #pane(uri: string): string {
    const pane = parsePaneUri(uri);
    if (pane === undefined) {
      throw new McpError(
        RESOURCE_NOT_FOUND,
        `Cannot find resource "${uri}": weft serves weft://pane/{id}`,
        {
          uri,
        },
      );
    }
    return pane;
  }

  #changed(uri: string, watch: Watch): void {
    if (watch.timer !== undefined) return;
    const gap = 1000 / this.#options.updatesPerSecond;
    const wait = Math.max(0, watch.last + gap - performance.now());
    watch.timer = setTimeout(() => {
      watch.timer = undefined;
      if (this.#watches.get(uri) !== watch) return;
      watch.last = performance.now();
      this.#notices.updated(uri);
    }, wait);
  }
}
