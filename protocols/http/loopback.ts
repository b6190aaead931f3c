/**
 * Loopback checks for weft's HTTP doors (MCP, web): a request's `Host` and `Origin` must name
 * this machine, so a page elsewhere cannot reach a door through DNS rebinding.
 *
 * @module
 */

const LOOPBACK = ["127.0.0.1", "localhost", "[::1]"];

/** True for `127.0.0.1`, `localhost`, `[::1]`, with the server's port or none. */
export function isLoopbackHost(host: string, port: number): boolean {
  const m = /^(\[[^\]]*\]|[^:]+)(?::(\d+))?$/.exec(host.trim().toLowerCase());
  if (!m || !LOOPBACK.includes(m[1]!)) return false;
  return m[2] === undefined || Number(m[2]) === port;
}

/** True for an `http(s)://` origin on a loopback name (any port: a local tool's page). */
export function isLoopbackOrigin(origin: string): boolean {
  try {
    const url = new URL(origin);
    return (url.protocol === "http:" || url.protocol === "https:") &&
      LOOPBACK.includes(url.hostname);
  } catch {
    return false;
  }
}
