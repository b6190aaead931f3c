/**
 * One-time login codes and the browser sessions they become. A code is good for one use and a
 * short while; the session it opens is a random id kept only in this process (a cookie), and
 * ends after `idleTtlMs` without a request and `maxTtlMs` after login, whatever it does.
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
  /** A session unused this long ends (ms; default 12 h). */
  idleTtlMs?: number;
  /** A session ends this long after its login, used or not (ms; default 7 days). */
  maxTtlMs?: number;
  /** The clock (ms); injected for tests. */
  now?: () => number;
}

/** Default session lifetimes. */
export const SESSION_TTL = { idleMs: 12 * 3600_000, maxMs: 7 * 24 * 3600_000 };

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
  #sessions = new Map<string, { session: WebSession; born: number; used: number }>();
  #ttl: number;
  #idle: number;
  #max: number;
  #now: () => number;

  constructor(options: LoginsOptions = {}) {
    this.#ttl = options.codeTtlMs ?? 5 * 60_000;
    this.#idle = options.idleTtlMs ?? SESSION_TTL.idleMs;
    this.#max = options.maxTtlMs ?? SESSION_TTL.maxMs;
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
    const now = this.#now();
    for (const [sid, s] of this.#sessions) if (this.#over(s, now)) this.#sessions.delete(sid);
    const id = randomId();
    this.#sessions.set(id, { session: found.session, born: now, used: now });
    return id;
  }

  /** The live session a cookie names, if any; using it counts as activity. */
  session(id: string | undefined): WebSession | undefined {
    const found = id === undefined ? undefined : this.#sessions.get(id);
    if (!found) return undefined;
    const now = this.#now();
    if (this.#over(found, now)) {
      this.#sessions.delete(id!);
      return undefined;
    }
    found.used = now;
    return found.session;
  }

  /** Whether the session a cookie names is still live (not counted as activity). */
  alive(id: string): boolean {
    const found = this.#sessions.get(id);
    return found !== undefined && !this.#over(found, this.#now());
  }

  #over(s: { born: number; used: number }, now: number): boolean {
    return now - s.used >= this.#idle || now - s.born >= this.#max;
  }
}

function randomId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(24));
  return btoa(String.fromCharCode(...bytes)).replace(/\+/g, "-").replace(/\//g, "_")
    .replace(/=+$/, "");
}
