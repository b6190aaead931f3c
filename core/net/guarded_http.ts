/**
 * The one HTTP server of every door on 127.0.0.1 (the hooks door, MCP, the web page), with the
 * guarantees `Deno.serve` does not give: any local user can connect to a loopback port, so
 *
 * - at most `maxConnections` connections are open at once; one past the cap is closed as it
 *   comes (an idle flood costs the door nothing but its cap, never the process's descriptors);
 * - a request's headers must arrive within `headersTimeoutMs` and the whole request within
 *   `requestTimeoutMs` (a client dribbling bytes is closed with 408), an idle keep-alive
 *   connection is closed after `keepAliveTimeoutMs`, and a response a client does not read for
 *   `writeTimeoutMs` ends its connection;
 * - headers past `maxHeaderBytes` get 431, malformed requests 400, a Host that is not a
 *   loopback name for this port 403 (DNS rebinding), and a handler that throws 500;
 * - a listener that fails (out of descriptors, say) is logged and listens again on the same
 *   port; nothing a client sends reaches the process as an uncaught error.
 *
 * `Deno.serve` has no connection cap nor read deadline, and an accept that fails with
 * `EMFILE` inside it is an uncaught error that ends the process. This server is Deno's
 * `node:http` (Node's HTTP/1.1 server and its timeouts, on `node:net`), behind a web-standard
 * `Request → Response` handler; a WebSocket handshake is accepted with `Deno.upgradeWebSocket`
 * on the connection's socket.
 *
 * @module
 */

import http from "node:http";
import type { Socket } from "node:net";
import { isLoopbackHost } from "../../protocols/http/loopback.ts";
import { acceptStuck, listenOnce, relisten } from "./_listen.ts";
import { clientErrorStatus, endRaw, plain, writeResponse } from "./_raw_http.ts";

/** Limits of a {@link serveGuarded} server (all times in milliseconds). */
export interface GuardLimits {
  /** Most connections open at once (WebSockets included); one past it is closed at once. */
  maxConnections: number;
  /** A request's headers must be in by then (slowloris), else 408 and close. */
  headersTimeoutMs: number;
  /** The whole request, body included, must be in by then, else 408 and close. */
  requestTimeoutMs: number;
  /** An idle keep-alive connection is closed after this. */
  keepAliveTimeoutMs: number;
  /** A response whose client reads nothing for this long ends its connection. */
  writeTimeoutMs: number;
  /** Largest request head; past it 431. */
  maxHeaderBytes: number;
  /** Pause before listening again after the listener failed. */
  relistenMs: number;
  /** How often the server checks that its listener still accepts. */
  watchdogMs: number;
}

/** The limits of a door that sets none; `maxConnections` shrinks to 1/8 of a low fd limit. */
export const GUARD_DEFAULTS: GuardLimits = {
  maxConnections: 256,
  headersTimeoutMs: 10_000,
  requestTimeoutMs: 30_000,
  keepAliveTimeoutMs: 5_000,
  writeTimeoutMs: 30_000,
  maxHeaderBytes: 16 * 1024,
  relistenMs: 500,
  watchdogMs: 5_000,
};

/** Options of {@link serveGuarded}. */
export interface GuardedHttpOptions extends Partial<GuardLimits> {
  /** The door's name in log lines (`hooks`, `mcp`, `web`). */
  name: string;
  /** 0 picks a free port. */
  port: number;
  /** Where log lines go (default `console.error`). */
  log?: (line: string) => void;
  /** Host names accepted besides the loopback ones (the hooks' bash client sends `weft`). */
  hosts?: string[];
  /** Renders the server's own refusals (a foreign Host, a handler that threw) in the door's
   * format; default plain text. */
  render?: (status: number, message: string) => Response;
}

/** What a handler gets besides the request. */
export interface GuardedRequestInfo {
  /** Present on a WebSocket handshake: accepts it (the handler returns the response). */
  upgradeWebSocket?: () => { socket: WebSocket; response: Response };
}

/** Answers one request. */
export type GuardedHandler = (
  request: Request,
  info: GuardedRequestInfo,
) => Response | Promise<Response>;

/** A running server. */
export interface GuardedServer {
  readonly port: number;
  /** Connections open now. */
  readonly connections: number;
  /** Stops listening and closes every connection. */
  close(): Promise<void>;
}

/**
 * Serves `handler` on 127.0.0.1; rejects with `Deno.errors.AddrInUse` when the port is taken.
 *
 * @example
 * ```ts
 * import { serveGuarded } from "./guarded_http.ts";
 * const server = await serveGuarded({ name: "demo", port: 0 }, () => new Response("hi"));
 * const res = await fetch(`http://127.0.0.1:${server.port}/`);
 * console.assert((await res.text()) === "hi");
 * await server.close();
 * ```
 */
export async function serveGuarded(
  options: GuardedHttpOptions,
  handler: GuardedHandler,
): Promise<GuardedServer> {
  const limits = { ...GUARD_DEFAULTS, maxConnections: defaultCap(), ...limitsOf(options) };
  const log = options.log ?? ((line: string) => console.error(line));
  const say = (text: string) => log(`weft: ${options.name} door: ${text}`);
  const server = http.createServer({
    headersTimeout: limits.headersTimeoutMs,
    requestTimeout: limits.requestTimeoutMs,
    keepAliveTimeout: limits.keepAliveTimeoutMs,
    maxHeaderSize: limits.maxHeaderBytes,
    // How often Node looks for requests past their deadlines.
    connectionsCheckingInterval: Math.min(1_000, limits.headersTimeoutMs / 2),
  } as http.ServerOptions);
  // Oldest first; a socket is busy while a request on it is answered, or once upgraded.
  const sockets = new Map<Socket, { busy: boolean }>();
  const refusals = refusalLog(say, limits.maxConnections);
  let closing = false;
  const accepts = { count: 0, relistening: false };
  server.on("connection", (socket: Socket) => {
    accepts.count++;
    if (sockets.size >= limits.maxConnections && !evictIdle(sockets)) {
      refusals.count();
      return void socket.destroy();
    }
    sockets.set(socket, { busy: false });
    socket.on("close", () => sockets.delete(socket));
    socket.on("error", () => {}); // a reset: the socket closes, nothing else to do
  });
  const door: Door = {
    port: options.port,
    limits,
    handler,
    say,
    render: options.render ?? plain,
    hosts: options.hosts ?? [],
    webSockets: new Set(),
    release: (socket) => sockets.delete(socket),
  };
  server.on("request", (req: http.IncomingMessage, res: http.ServerResponse) => {
    const state = sockets.get(req.socket as Socket);
    if (state) state.busy = true;
    res.on("close", () => state && (state.busy = false));
    void respond(req, res, door);
  });
  server.on("upgrade", (req: http.IncomingMessage, socket: Socket, head: Uint8Array) => {
    const state = sockets.get(socket);
    if (state) state.busy = true;
    void upgrade(req, socket, head, door);
  });
  server.on("clientError", (err: Error & { code?: string }, socket: Socket) => {
    endRaw(socket, clientErrorStatus(err.code));
  });
  door.port = await listenOnce(server, options.port);
  server.on("error", (err: Error) => {
    if (closing) return;
    say(`its listener failed (${err.message}); listening again on port ${door.port}`);
    relisten(server, door.port, limits.relistenMs, () => closing, say, accepts);
  });
  // Deno's node:net stops accepting, silently, after an accept fails (EMFILE): a connection
  // of its own that the server never sees means the listener is stuck.
  const watchdog = setInterval(async () => {
    if (accepts.relistening || !await acceptStuck(door.port, accepts)) return;
    if (closing || accepts.relistening) return;
    say(`its listener stopped accepting; listening again on port ${door.port}`);
    relisten(server, door.port, limits.relistenMs, () => closing, say, accepts);
  }, limits.watchdogMs);
  return {
    get port() {
      return door.port;
    },
    get connections() {
      return sockets.size;
    },
    close: async () => {
      closing = true;
      refusals.stop();
      clearInterval(watchdog);
      // Not server.close's callback: a socket a WebSocket took over never reports its end.
      server.close();
      for (const ws of door.webSockets) ws.close(1001, "the server is stopping");
      for (const socket of sockets.keys()) socket.destroy();
      await new Promise((resolve) => setTimeout(resolve, 0));
    },
  };
}

interface Door {
  port: number;
  limits: GuardLimits;
  handler: GuardedHandler;
  say: (text: string) => void;
  render: (status: number, message: string) => Response;
  hosts: string[];
  /** Accepted WebSockets, closed with the server. */
  webSockets: Set<WebSocket>;
  /** Stops counting a connection (a WebSocket's, once it closed). */
  release: (socket: Socket) => void;
}

/** The whole exchange of one HTTP request. */
async function respond(req: http.IncomingMessage, res: http.ServerResponse, door: Door) {
  const aborted = new AbortController();
  res.on("close", () => aborted.abort());
  let response: Response;
  const made = toRequest(req, door.port, aborted.signal, true);
  try {
    response = made instanceof Response
      ? made
      : refusedHost(made.request, door) ?? await door.handler(made.request, {});
  } catch (err) {
    door.say(`a request failed: ${(err as Error).message}`);
    response = door.render(500, "Cannot serve this request: the server failed; see its log");
  }
  // What the handler left unread is read and dropped: the client gets its answer once it has
  // sent its body (the request deadline bounds that), and memory holds none of it.
  if (!(made instanceof Response)) made.discard();
  await writeResponse(response, res, door.limits.writeTimeoutMs, aborted.signal);
}

/** A WebSocket handshake: the handler accepts it, or its response is written and it ends. */
async function upgrade(req: http.IncomingMessage, socket: Socket, head: Uint8Array, door: Door) {
  let upgraded = false;
  let response: Response;
  try {
    const made = toRequest(req, door.port, undefined, false);
    const request = made instanceof Response ? made : made.request;
    const accept = () => {
      upgraded = true;
      stopReading(socket);
      // deno-lint-ignore no-explicit-any
      const accepted = Deno.upgradeWebSocket(request as Request, { socket: socket as any, head });
      door.webSockets.add(accepted.socket);
      // The WebSocket took the connection from the Node socket, which never reports its end:
      // counted until the WebSocket closes, else every page ever opened held a place forever.
      const release = () => {
        door.webSockets.delete(accepted.socket);
        door.release(socket);
      };
      accepted.socket.addEventListener("close", release);
      accepted.socket.addEventListener("error", () => {
        if (accepted.socket.readyState === WebSocket.CLOSED) release();
      });
      return accepted;
    };
    response = request instanceof Response
      ? request
      : refusedHost(request, door) ?? await door.handler(request, { upgradeWebSocket: accept });
  } catch (err) {
    if (upgraded) return void socket.destroy();
    door.say(`a handshake failed: ${(err as Error).message}`);
    response = door.render(500, "Cannot serve this request: the server failed; see its log");
  }
  if (upgraded) return;
  const body = new Uint8Array(await response.arrayBuffer().catch(() => new ArrayBuffer(0)));
  endRaw(socket, response.status, body, response.headers.get("content-type") ?? undefined);
}

/**
 * Stops `socket` reading before its WebSocket takes it over. `Deno.upgradeWebSocket` writes the
 * 101, waits for that write, and only then stops the socket's reading and takes its stream: a
 * client that sends a frame as soon as it reads the 101 (a page, on loopback) had that frame
 * read in between into the Node socket, where nothing reads it any more: lost, and the page
 * waited for an answer for ever. Stopped now, the frame waits in the kernel for the WebSocket.
 */
function stopReading(socket: Socket): void {
  socket.pause();
  (socket as unknown as { _handle?: { readStop?: () => void } })._handle?.readStop?.();
}

/** The web request for a Node one (and how to drop its unread body), or a 400 response. */
function toRequest(
  req: http.IncomingMessage,
  port: number,
  signal: AbortSignal | undefined,
  withBody: boolean,
): { request: Request; discard: () => void } | Response {
  try {
    const headers = new Headers();
    const raw = req.rawHeaders;
    for (let i = 0; i + 1 < raw.length; i += 2) headers.append(raw[i]!, raw[i + 1]!);
    const url = new URL(req.url ?? "/", `http://127.0.0.1:${port}`);
    const method = req.method ?? "GET";
    const body = withBody && method !== "GET" && method !== "HEAD" ? bodyOf(req) : undefined;
    const request = new Request(url, {
      method,
      headers,
      ...(signal ? { signal } : {}),
      ...(body ? { body: body.stream, duplex: "half" } : {}),
    } as RequestInit);
    return { request, discard: body?.discard ?? (() => {}) };
  } catch (err) {
    return plain(400, `Cannot read this request: ${(err as Error).message}`);
  }
}

/**
 * A request body as a web stream that reads the socket only as fast as the handler reads it;
 * `discard` (or a cancel) reads the rest and drops it.
 */
function bodyOf(req: http.IncomingMessage) {
  let discarding = false;
  const discard = () => {
    if (discarding) return;
    discarding = true;
    req.resume();
  };
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      req.pause();
      req.on("data", (chunk: Uint8Array) => {
        if (discarding) return;
        controller.enqueue(chunk);
        if ((controller.desiredSize ?? 0) <= 0) req.pause();
      });
      req.on("end", () => !discarding && controller.close());
      req.on("error", (err) => !discarding && controller.error(err));
    },
    pull() {
      if (!discarding) req.resume();
    },
    cancel: discard,
  }, { highWaterMark: 64 * 1024, size: (chunk) => chunk.byteLength });
  return { stream, discard };
}

/** 403 unless Host names a loopback name (and this port, when it names one). */
function refusedHost(request: Request, door: Door): Response | undefined {
  const host = request.headers.get("host");
  if (host !== null && (isLoopbackHost(host, door.port) || door.hosts.includes(host))) {
    return undefined;
  }
  return door.render(403, `Cannot serve this request: Host "${host ?? ""}" is not a loopback name`);
}

/** Counts connections refused past the cap; one log line per 10 s at most. */
function refusalLog(say: (text: string) => void, cap: number) {
  let refused = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  return {
    count() {
      refused++;
      timer ??= setTimeout(() => {
        say(`refused ${refused} connection(s) past its cap of ${cap} open at once`);
        refused = 0;
        timer = undefined;
      }, 10_000);
    },
    stop() {
      if (timer !== undefined) clearTimeout(timer);
    },
  };
}

/** 256, or an eighth of the process's descriptor limit when that is lower. */
function defaultCap(): number {
  try {
    const limits = Deno.readTextFileSync("/proc/self/limits");
    const soft = Number(/^Max open files\s+(\d+)/m.exec(limits)?.[1]);
    if (Number.isFinite(soft)) {
      return Math.max(8, Math.min(GUARD_DEFAULTS.maxConnections, Math.floor(soft / 8)));
    }
  } catch { /* no /proc, or no right to read it (a plugin): the default */ }
  return GUARD_DEFAULTS.maxConnections;
}

/** The limits `options` sets (an explicit undefined does not replace a default). */
function limitsOf(options: Partial<GuardLimits>): Partial<GuardLimits> {
  const keys = Object.keys(GUARD_DEFAULTS) as (keyof GuardLimits)[];
  return Object.fromEntries(
    keys.filter((k) => options[k] !== undefined).map((k) => [k, options[k]]),
  );
}

/**
 * At the cap, a new connection takes the place of the oldest one that is not being answered
 * (idle, or still sending its head): a flood of idle connections cannot lock out a client
 * that sends its request at once. False when every connection is busy.
 */
function evictIdle(sockets: Map<Socket, { busy: boolean }>): boolean {
  for (const [socket, state] of sockets) {
    if (state.busy) continue;
    sockets.delete(socket);
    socket.destroy();
    return true;
  }
  return false;
}
