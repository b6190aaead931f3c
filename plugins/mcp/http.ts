/**
 * The Streamable HTTP transport on 127.0.0.1 at `/mcp`: one SDK transport and one session
 * server per client, behind the gate (Host/Origin, bearer token), on the SDK's guarded server
 * (connection cap, header and body deadlines, a listener that listens again).
 *
 * @module
 */

import { type GuardLimits, serveGuarded } from "@weft/weft/plugin";
import { isInitializeRequest, WebStandardStreamableHTTPServerTransport } from "./sdk.ts";
import { guard } from "./guard.ts";
import { OpenSessions } from "./_open_sessions.ts";
import { keptStreams, releaseAnswered } from "./_answered_streams.ts";
import { leaseStream, NotificationLog, STREAM_LEASE_MS } from "./_stream_lease.ts";
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
  /** Most sessions open at once; past it the least recently used one is ended. */
  maxSessions?: number;
  /** Connection cap and deadlines (tests shrink them). */
  limits?: Partial<GuardLimits>;
  /** How long one notification stream (GET) lives; see {@link STREAM_LEASE_MS}. */
  streamLeaseMs?: number;
}

/** A running HTTP transport. */
export interface HttpServer {
  port: number;
  url: string;
  /** Open sessions. */
  readonly sessions: number;
  /** Streams the sessions' transports hold (requests in flight, notification streams). */
  readonly streams: number;
  close: () => Promise<void>;
}

const MAX_BODY = 4 * 1024 * 1024;
/** Past this many open sessions, the least recently used one is ended (clients that vanished). */
const MAX_SESSIONS = 64;

/** What every request of one HTTP door needs. */
interface Door {
  options: HttpOptions;
  /** The port listened on (known once listening). */
  port: number;
  maxBody: number;
  sessions: OpenSessions;
}

/** Starts the HTTP transport. */
export async function serveHttp(options: HttpOptions): Promise<HttpServer> {
  const sessions = new OpenSessions(options.maxSessions ?? MAX_SESSIONS);
  const maxBody = options.maxBodyBytes ?? MAX_BODY;
  const door: Door = { options, port: options.port, maxBody, sessions };
  const server = await serveGuarded(
    {
      name: "mcp",
      port: options.port,
      render: (status, message) => rpcError(status, status === 403 ? -32001 : -32603, message),
      ...options.limits,
    },
    (req) => handle(req, door),
  );
  door.port = server.port;
  return {
    port: door.port,
    url: `http://127.0.0.1:${door.port}/mcp`,
    get sessions() {
      return sessions.size;
    },
    get streams() {
      return sessions.transports().reduce((n, t) => n + (keptStreams(t) ?? 0), 0);
    },
    close: async () => {
      sessions.endAll();
      await server.close();
    },
  };
}

/** The gate, then the request's session: an open one, or a new one for an initialize. */
async function handle(req: Request, door: Door): Promise<Response> {
  const url = new URL(req.url);
  if (url.pathname !== "/mcp") {
    return rpcError(404, -32601, `Cannot find ${url.pathname}: weft serves MCP at /mcp`);
  }
  const { token, tokenless } = door.options;
  const refused = guard(req, { port: door.port, token, tokenless });
  if (refused) return refused;
  const id = req.headers.get("mcp-session-id");
  return id === null ? await initialize(req, door) : await resume(req, id, door);
}

/** A request in an open session. */
async function resume(req: Request, id: string, door: Door): Promise<Response> {
  const found = door.sessions.use(id);
  if (!found) {
    return rpcError(
      404,
      -32001,
      `Cannot find session "${id}": it ended or never was; initialize again`,
    );
  }
  try {
    const res = await found.transport.handleRequest(req);
    return leaseStream(req, res, found.log, door.options.streamLeaseMs ?? STREAM_LEASE_MS);
  } finally {
    releaseAnswered(found.transport);
  }
}

/** A request without a session: only an initialize may start one. */
async function initialize(req: Request, door: Door): Promise<Response> {
  if (req.method !== "POST") {
    return rpcError(
      400,
      -32000,
      "Cannot serve this request: it has no Mcp-Session-Id; initialize first",
    );
  }
  const body = await readJson(req, door.maxBody);
  if (body instanceof Response) return body;
  const messages = Array.isArray(body) ? body : [body];
  if (!messages.some((m) => isInitializeRequest(m))) {
    return rpcError(
      400,
      -32000,
      "Cannot serve this request: it has no Mcp-Session-Id and is not an initialize request",
    );
  }
  return await open(req, body, door);
}

/** Makes a session's server and transport and lets the transport answer the initialize. */
async function open(req: Request, body: unknown, door: Door): Promise<Response> {
  const { sessions, maxBody } = door;
  const id = crypto.randomUUID();
  const session = door.options.createSession(id);
  const log = new NotificationLog();
  const transport = new WebStandardStreamableHTTPServerTransport({
    sessionIdGenerator: () => id,
    enableJsonResponse: true,
    maxRequestBodySize: maxBody,
    eventStore: log,
    onsessioninitialized: (sid): void => sessions.add(sid, { transport, session, log }),
    onsessionclosed: (sid) => sessions.end(sid),
  });
  transport.onclose = () => sessions.end(id);
  await session.start();
  await session.server.connect(transport);
  try {
    return await transport.handleRequest(req, { parsedBody: body });
  } finally {
    releaseAnswered(transport);
  }
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
