/**
 * The web door's HTTP server on 127.0.0.1: `/login?code=…` turns a one-time code into an
 * HttpOnly, SameSite=Strict cookie; `/` serves the page, `/assets/…` its files, `/ws` the
 * page's one WebSocket. Host must be a loopback name and Origin, when sent, a loopback origin
 * of this very server (a WebSocket has no same-origin rule of its own), or both the name of an
 * allowed host (a reverse proxy in front of the loopback port). No response may be
 * framed by another page (`frame-ancestors 'none'`, `X-Frame-Options: DENY`).
 *
 * Served by the SDK's `serveGuarded`, like the hooks and MCP doors: a connection cap, header
 * and request deadlines, and a listener that listens again after it failed (`Deno.serve` has
 * none of these, and an `EMFILE` inside it ends the process).
 *
 * @module
 */

import { isLoopbackHost, isLoopbackOrigin } from "../../protocols/http/loopback.ts";
import { type GuardedRequestInfo, type GuardLimits, serveGuarded } from "@weft/weft/plugin";
import type { Logins, WebSession } from "./logins.ts";

/** Options of {@link serveWeb}. */
export interface WebHttpOptions {
  /** 0 picks a free port. */
  port: number;
  logins: Logins;
  /** The body and content type of an asset by its path under `/assets/`, or undefined. */
  asset: (path: string) => Promise<{ body: Uint8Array; type: string } | undefined>;
  /** Serves an accepted WebSocket for a session. */
  connect: (socket: WebSocket, session: WebSession) => void;
  /** How often an open page's socket checks that its login is still live (ms; default 1 s). */
  sessionCheckMs?: number;
  /** The guarded server's limits (tests lower them). */
  limits?: Partial<GuardLimits>;
  /** Host names besides loopback it answers to (a reverse proxy's; `Options.allowedHosts`). */
  allowedHosts?: readonly string[];
}

/** A running web door. */
export interface WebServer {
  port: number;
  /** `http://127.0.0.1:<port>` */
  origin: string;
  close: () => Promise<void>;
}

const COOKIE = "weft_session";

/** What every response carries: no framing by another page, no sniffing. */
const FRAMING = {
  "x-frame-options": "DENY",
  "x-content-type-options": "nosniff",
};
const PAGE_CSP = "default-src 'self'; style-src 'self' 'unsafe-inline'; connect-src 'self'; " +
  "frame-ancestors 'none'";

/** Starts the HTTP server; rejects with `Deno.errors.AddrInUse` when the port is taken. */
export async function serveWeb(options: WebHttpOptions): Promise<WebServer> {
  const door = { port: options.port };
  const server = await serveGuarded(
    {
      name: "web",
      port: options.port,
      render: (status, message) => guarded(text(status, message)),
      hosts: [...(options.allowedHosts ?? [])],
      ...options.limits,
    },
    async (req, info) => guarded(await handle(req, info, door.port, options)),
  );
  door.port = server.port;
  return {
    port: door.port,
    origin: `http://127.0.0.1:${door.port}`,
    close: async () => await server.close(),
  };
}

/** This server's own origin: loopback on its port, or an allowed host's (behind a proxy). */
function ourOrigin(origin: string, port: number, allowed: readonly string[]): boolean {
  if (isLoopbackOrigin(origin)) return new URL(origin).port === String(port);
  try {
    const url = new URL(origin);
    return (url.protocol === "https:" || url.protocol === "http:") &&
      url.port === "" && allowed.includes(url.hostname);
  } catch {
    return false;
  }
}

/** The framing headers on a response (a WebSocket's 101 is left as it is). */
function guarded(response: Response): Response {
  if (response.status === 101) return response;
  for (const [k, v] of Object.entries(FRAMING)) response.headers.set(k, v);
  if (!response.headers.has("content-security-policy")) {
    response.headers.set("content-security-policy", "frame-ancestors 'none'");
  }
  return response;
}

async function handle(
  req: Request,
  info: GuardedRequestInfo,
  port: number,
  options: WebHttpOptions,
): Promise<Response> {
  const allowed = options.allowedHosts ?? [];
  const host = req.headers.get("host");
  if (host === null || !(isLoopbackHost(host, port) || allowed.includes(host))) {
    return text(403, `Cannot serve this request: Host "${host ?? ""}" is not a loopback name`);
  }
  const origin = req.headers.get("origin");
  if (origin !== null && !ourOrigin(origin, port, allowed)) {
    return text(403, `Cannot serve this request: Origin "${origin}" is not this server`);
  }
  const url = new URL(req.url);
  if (url.pathname === "/login") return login(url, options.logins);
  const session = options.logins.session(cookieOf(req));
  if (!session) {
    return text(401, "Cannot serve this request: not logged in; run `weft web` for a login URL");
  }
  if (url.pathname === "/ws") {
    if (!info.upgradeWebSocket || req.headers.get("upgrade")?.toLowerCase() !== "websocket") {
      return text(400, "Cannot serve /ws: it is a WebSocket");
    }
    const { socket, response } = info.upgradeWebSocket();
    socket.binaryType = "arraybuffer";
    endWithLogin(socket, cookieOf(req)!, options);
    options.connect(socket, session);
    return response;
  }
  const path = url.pathname === "/" ? "index.html" : url.pathname.replace(/^\/assets\//, "");
  if (path !== "index.html" && !url.pathname.startsWith("/assets/")) {
    return text(404, `Cannot find ${url.pathname}`);
  }
  const found = await options.asset(path);
  if (!found) return text(404, `Cannot find ${url.pathname}`);
  return new Response(found.body as BodyInit, {
    headers: {
      "content-type": found.type,
      "cache-control": "no-store",
      "content-security-policy": PAGE_CSP,
    },
  });
}

/**
 * An open page's socket ends with its login (idle or too old): what the page sends counts as
 * activity; checked every `sessionCheckMs`.
 */
function endWithLogin(socket: WebSocket, sid: string, options: WebHttpOptions): void {
  socket.addEventListener("message", () => options.logins.session(sid));
  const check = setInterval(() => {
    if (options.logins.alive(sid)) return;
    clearInterval(check);
    try {
      socket.close(4001, "the login expired; run `weft web` for a new one");
    } catch { /* already closing */ }
  }, options.sessionCheckMs ?? 1_000);
  socket.addEventListener("close", () => clearInterval(check));
}

function login(url: URL, logins: Logins): Response {
  const sid = logins.redeem(url.searchParams.get("code") ?? "");
  if (!sid) {
    return text(401, "Cannot log in: the code is wrong, spent or expired; run `weft web` again");
  }
  return new Response(null, {
    status: 303,
    headers: {
      location: "/",
      "set-cookie": `${COOKIE}=${sid}; HttpOnly; SameSite=Strict; Path=/`,
    },
  });
}

function cookieOf(req: Request): string | undefined {
  for (const part of (req.headers.get("cookie") ?? "").split(";")) {
    const [k, v] = part.trim().split("=", 2);
    if (k === COOKIE && v) return v;
  }
  return undefined;
}

function text(status: number, message: string): Response {
  return new Response(message + "\n", {
    status,
    headers: { "content-type": "text/plain; charset=utf-8" },
  });
}
