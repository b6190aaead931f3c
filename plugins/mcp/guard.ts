/**
 * The HTTP transport's gate: DNS-rebinding protection (Host and Origin must be loopback names)
 * and the bearer token. A refused request gets a JSON-RPC error body that says why.
 *
 * @module
 */

import { isLoopbackHost, isLoopbackOrigin } from "../../protocols/http/loopback.ts";

/** What the gate checks against. */
export interface GuardOptions {
  /** The port the server listens on (a Host header must name it when it names one). */
  port: number;
  token: string;
  /** Test only: let requests without a token through (Host/Origin are still checked). */
  tokenless: boolean;
}

/**
 * The refusal for a request, or undefined when it may pass.
 *
 * @example
 * ```ts
 * import { guard } from "./guard.ts";
 * const options = { port: 8931, token: "t".repeat(40), tokenless: false };
 * const evil = new Request("http://127.0.0.1:8931/mcp", { headers: { host: "evil.example" } });
 * console.assert(guard(evil, options)?.status === 403);
 * ```
 */
export function guard(req: Request, options: GuardOptions): Response | undefined {
  const host = req.headers.get("host");
  if (host === null || !isLoopbackHost(host, options.port)) {
    return refuse(403, `Cannot serve this request: Host "${host ?? ""}" is not a loopback name`);
  }
  const origin = req.headers.get("origin");
  if (origin !== null && !isLoopbackOrigin(origin)) {
    return refuse(403, `Cannot serve this request: Origin "${origin}" is not a loopback origin`);
  }
  if (options.tokenless) return undefined;
  const auth = req.headers.get("authorization") ?? "";
  const match = /^Bearer\s+(\S+)\s*$/i.exec(auth);
  if (!match) {
    return refuse(
      401,
      'Cannot serve this request: it has no bearer token; send "Authorization: Bearer <token>" ' +
        "with the token from .weft/mcp.token (`weft mcp token` prints it)",
    );
  }
  if (!sameText(match[1]!, options.token)) {
    return refuse(401, "Cannot serve this request: the bearer token is wrong; see .weft/mcp.token");
  }
  return undefined;
}

function refuse(status: number, message: string): Response {
  const headers: Record<string, string> = { "content-type": "application/json" };
  if (status === 401) headers["www-authenticate"] = 'Bearer realm="weft"';
  return new Response(
    JSON.stringify({ jsonrpc: "2.0", error: { code: -32001, message }, id: null }),
    { status, headers },
  );
}

/** Compares without stopping at the first difference. */
function sameText(a: string, b: string): boolean {
  const x = new TextEncoder().encode(a);
  const y = new TextEncoder().encode(b);
  let diff = x.length ^ y.length;
  for (let i = 0; i < Math.max(x.length, y.length); i++) diff |= (x[i] ?? 0) ^ (y[i] ?? 0);
  return diff === 0;
}
