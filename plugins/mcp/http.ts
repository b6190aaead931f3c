/**
 * The Streamable HTTP transport on 127.0.0.1 at `/mcp`: one SDK transport and one session
 * server per client, behind the gate (Host/Origin, bearer token).
 *
 * @module
 */

import { isInitializeRequest, WebStandardStreamableHTTPServerTransport } from "./sdk.ts";
import { guard } from "./guard.ts";
import type { Session } from "./session_server.ts";

/** Options of {@link serveHttp}. */
export interface HttpOptions {
  /** 0 picks a free port. */
  port: number;
  token: string;
  tokenless: boolean;
  /** Makes the session server for a new client session. */
  createSession: (id: string) => Session;
  /** Largest request body, in bytes. */
  maxBodyBytes?: number;
}

/** A running HTTP transport. */
export interface HttpServer {
  port: number;
  url: string;
  /** Open sessions. */
  readonly sessions: number;
  close: () => Promise<void>;
}

interface Open {
  transport: WebStandardStreamableHTTPServerTransport;
  session: Session;
  used: number;
}

const MAX_BODY = 4 * 1024 * 1024;
/** Past this many open sessions, the least recently used one is ended (clients that vanished). */
const MAX_SESSIONS = 64;

/** Starts the HTTP transport. */
export function serveHttp(options: HttpOptions): HttpServer {
  const open = new Map<string, Open>();
  let port = options.port;
  const maxBody = options.maxBodyBytes ?? MAX_BODY;

  const handle = async (req: Request): Promise<Response> => {
    const url = new URL(req.url);
    if (url.pathname !== "/mcp") {
      return rpcError(404, -32601, `Cannot find ${url.pathname}: weft serves MCP at /mcp`);
    }
    const refused = guard(req, { port, token: options.token, tokenless: options.tokenless });
    if (refused) return refused;
    const id = req.headers.get("mcp-session-id");
    if (id !== null) {
      const found = open.get(id);
      if (!found) {
        return rpcError(
          404,
          -32001,
          `Cannot find session "${id}": it ended or never was; initialize again`,
        );
      }
      return await found.transport.handleRequest(req);
    }
    if (req.method !== "POST") {
      return rpcError(
        400,
        -32000,
        "Cannot serve this request: it has no Mcp-Session-Id; initialize first",
      );
    }
    const body = await readJson(req, maxBody);
    if (body instanceof Response) return body;
    const messages = Array.isArray(body) ? body : [body];
    if (!messages.some((m) => isInitializeRequest(m))) {
      return rpcError(
        400,
        -32000,
        "Cannot serve this request: it has no Mcp-Session-Id and is not an initialize request",
      );
    }
    return await start(req, body);
  };

  const start = async (req: Request, body: unknown): Promise<Response> => {
    if (open.size >= MAX_SESSIONS) {
      const [oldest] = [...open.entries()].sort((a, b) => a[1].used - b[1].used)[0]!;
      end(oldest);
    }
    const id = crypto.randomUUID();
    const session = options.createSession(id);
    const transport = new WebStandardStreamableHTTPServerTransport({
      sessionIdGenerator: () => id,
      enableJsonResponse: true,
      maxRequestBodySize: maxBody,
      onsessioninitialized: (sid) =>
        void open.set(sid, { transport, session, used: performance.now() }),
      onsessionclosed: (sid) => end(sid),
    });
    transport.onclose = () => end(id);
    await session.start();
    await session.server.connect(transport);
    return await transport.handleRequest(req, { parsedBody: body });
  };

  const end = (id: string) => {
    const found = open.get(id);
    if (!found) return;
    open.delete(id);
    found.session.close();
    void found.transport.close().catch(() => {});
    void found.session.server.close().catch(() => {});
  };

  const server = Deno.serve({
    hostname: "127.0.0.1",
    port: options.port,
    onListen: () => {},
    onError: (err) => rpcError(500, -32603, `Cannot serve this request: ${String(err)}`),
  }, handle);
  port = (server.addr as Deno.NetAddr).port;

  return {
    port,
    url: `http://127.0.0.1:${port}/mcp`,
    get sessions() {
      return open.size;
    },
    close: async () => {
      for (const id of [...open.keys()]) end(id);
      await server.shutdown();
    },
  };
}

async function readJson(req: Request, maxBody: number): Promise<unknown | Response> {
  const declared = Number(req.headers.get("content-length") ?? "0");
  if (declared > maxBody) {
    return rpcError(
      413,
      -32600,
      `Cannot read the request: ${declared} bytes is over the ${maxBody}-byte limit`,
    );
  }
  const text = await req.text();
  if (text.length > maxBody) {
    return rpcError(413, -32600, `Cannot read the request: it is over the ${maxBody}-byte limit`);
  }
  try {
    return JSON.parse(text);
  } catch (err) {
    return rpcError(400, -32700, `Cannot parse the request: ${(err as Error).message}`);
  }
}

function rpcError(status: number, code: number, message: string): Response {
  return new Response(JSON.stringify({ jsonrpc: "2.0", error: { code, message }, id: null }), {
    status,
    headers: { "content-type": "application/json" },
  });
}
