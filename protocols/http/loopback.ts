/**
 * Loopback names, for the doors' DNS-rebinding checks: a page on another site that resolves
 * its own name to 127.0.0.1 still sends its own name as Host, and its own origin as Origin.
 *
 * @module
 */

/** Names a browser on this machine uses for loopback. */
const LOOPBACK = ["127.0.0.1", "localhost", "[::1]"];

/**
 * True for `127.0.0.1`, `localhost`, `[::1]`, with the server's port or none.
 *
 * @example
 * ```ts
 * import { isLoopbackHost } from "./loopback.ts";
 * console.assert(isLoopbackHost("localhost:8931", 8931));
 * console.assert(!isLoopbackHost("evil.example:8931", 8931));
 * ```
 */
export function isLoopbackHost(host: string, port: number): boolean {
  const m = /^(\[[^\]]*\]|[^:]+)(?::(\d+))?$/.exec(host.trim().toLowerCase());
  if (!m || !LOOPBACK.includes(m[1]!)) return false;
  return m[2] === undefined || Number(m[2]) === port;
}

/**
 * True for an `http(s)://` origin on a loopback name (any port: a local tool's page).
 *
 * @example
 * ```ts
 * import { isLoopbackOrigin } from "./loopback.ts";
 * console.assert(isLoopbackOrigin("http://127.0.0.1:3000"));
 * console.assert(!isLoopbackOrigin("https://evil.example"));
 * ```
 */
export function isLoopbackOrigin(origin: string): boolean {
  try {
    const url = new URL(origin);
    return (url.protocol === "http:" || url.protocol === "https:") &&
      LOOPBACK.includes(url.hostname);
  } catch {
    return false;
  }
}
