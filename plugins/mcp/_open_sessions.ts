/**
 * The HTTP door's open sessions, least recently used first, capped: clients that vanish never
 * say goodbye, so past the cap the session idle the longest is ended.
 *
 * @module
 */

import type { WebStandardStreamableHTTPServerTransport } from "./sdk.ts";
import type { Session } from "./session_server.ts";
import type { NotificationLog } from "./_stream_lease.ts";

/** One client session: its transport and its server. */
export interface OpenSession {
  transport: WebStandardStreamableHTTPServerTransport;
  session: Session;
  /** What its notification streams sent, for a client that resumes one. */
  log: NotificationLog;
}

/** Open sessions by id, in order of last use (a `Map` keeps insertion order). */
export class OpenSessions {
  #open = new Map<string, OpenSession>();
  #max: number;

  constructor(max: number) {
    this.#max = max;
  }

  /** How many are open. */
  get size(): number {
    return this.#open.size;
  }

  /** The session with this id, now the most recently used; undefined when it is not open. */
  use(id: string): OpenSession | undefined {
    const found = this.#open.get(id);
    if (!found) return undefined;
    this.#open.delete(id);
    this.#open.set(id, found);
    return found;
  }

  /** Adds a session, first ending the least recently used ones past the cap. */
  add(id: string, open: OpenSession): void {
    for (const oldest of this.#open.keys()) {
      if (this.#open.size < this.#max) break;
      this.end(oldest);
    }
    this.#open.set(id, open);
  }

  /** Ends a session and releases what it holds; nothing when it is not open. */
  end(id: string): void {
    const found = this.#open.get(id);
    if (!found) return;
    this.#open.delete(id);
    found.session.close();
    void found.transport.close().catch(() => {});
    void found.session.server.close().catch(() => {});
  }

  /** The transports of the open sessions. */
  transports(): WebStandardStreamableHTTPServerTransport[] {
    return [...this.#open.values()].map((o) => o.transport);
  }

  /** Ends every session. */
  endAll(): void {
    for (const id of [...this.#open.keys()]) this.end(id);
  }
}
