/**
 * One-time login codes and the browser sessions they become. A code is good for one use and a
 * short while; the session it opens is a random id kept only in this process (a cookie).
 *
 * @module
 */

/** What a browser session may do. */
export interface WebSession {
  readOnly: boolean;
}

/** Options of {@link Logins}. */
export interface LoginsOptions {
  /** How long a login code stays valid (ms). */
  codeTtlMs?: number;
  /** The clock (ms); injected for tests. */
  now?: () => number;
}

/**
 * Login codes and sessions.
 *
 * @example
 * ```ts
 * import { Logins } from "./logins.ts";
 * const logins = new Logins();
 * const code = logins.issue({ readOnly: false });
 * const sid = logins.redeem(code)!;
 * console.assert(logins.redeem(code) === undefined && logins.session(sid) !== undefined);
 * ```
 */
export class Logins {
  #codes = new Map<string, { session: WebSession; expires: number }>();
  #sessions = new Map<string, WebSession>();
  #ttl: number;
  #now: () => number;

  constructor(options: LoginsOptions = {}) {
    this.#ttl = options.codeTtlMs ?? 5 * 60_000;
    this.#now = options.now ?? Date.now;
  }

  /** A new one-time code that opens a session of this kind. */
  issue(session: WebSession): string {
    const now = this.#now();
    for (const [code, c] of this.#codes) if (c.expires <= now) this.#codes.delete(code);
    const code = randomId();
    this.#codes.set(code, { session: { ...session }, expires: now + this.#ttl });
    return code;
  }

  /** The new session id for a valid code (which is then spent), else undefined. */
  redeem(code: string): string | undefined {
    const found = this.#codes.get(code);
    this.#codes.delete(code);
    if (!found || found.expires <= this.#now()) return undefined;
    const id = randomId();
    this.#sessions.set(id, found.session);
    return id;
  }

  /** The session a cookie names, if any. */
  session(id: string | undefined): WebSession | undefined {
    return id === undefined ? undefined : this.#sessions.get(id);
  }
}

function randomId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(24));
  return btoa(String.fromCharCode(...bytes)).replace(/\+/g, "-").replace(/\//g, "_")
    .replace(/=+$/, "");
}
