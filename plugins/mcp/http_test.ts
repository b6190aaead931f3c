import assert from "node:assert/strict";
import { type HttpServer, serveHttp } from "./http.ts";
import { Server } from "./sdk.ts";
import type { Session } from "./session_server.ts";

const TOKEN = "t".repeat(43);
const HEADERS = {
  authorization: `Bearer ${TOKEN}`,
  accept: "application/json, text/event-stream",
  "content-type": "application/json",
};

/** A session server with nothing but the SDK's own handlers (initialize, ping). */
function bareSession(closed: string[], id: string): Session {
  return {
    server: new Server({ name: "test", version: "1.0.0" }, { capabilities: {} }),
    start: () => Promise.resolve(),
    close: () => void closed.push(id),
  };
}

async function withDoor(
  maxSessions: number,
  body: (http: HttpServer, closed: string[]) => Promise<void>,
): Promise<void> {
  const closed: string[] = [];
  const http = await serveHttp({
    port: 0,
    token: TOKEN,
    tokenless: false,
    maxSessions,
    createSession: (id) => bareSession(closed, id),
  });
  try {
    await body(http, closed);
  } finally {
    await http.close();
  }
}

function post(http: HttpServer, message: unknown, session?: string): Promise<Response> {
  const headers: Record<string, string> = { ...HEADERS };
  if (session !== undefined) headers["mcp-session-id"] = session;
  return fetch(http.url, { method: "POST", headers, body: JSON.stringify(message) });
}

async function initialize(http: HttpServer): Promise<string> {
  const res = await post(http, {
    jsonrpc: "2.0",
    id: 1,
    method: "initialize",
    params: {
      protocolVersion: "2025-06-18",
      capabilities: {},
      clientInfo: { name: "raw", version: "1" },
    },
  });
  assert.equal(res.status, 200);
  await res.body?.cancel();
  return res.headers.get("mcp-session-id")!;
}

/** A ping in a session: the HTTP status (404 once the session has ended). */
async function ping(http: HttpServer, session: string): Promise<number> {
  const res = await post(http, { jsonrpc: "2.0", id: 2, method: "ping" }, session);
  await res.body?.cancel();
  return res.status;
}

Deno.test("serveHttp() past its session cap ends the least recently used session, not the oldest", async () => {
  await withDoor(3, async (http, closed) => {
    const first = await initialize(http);
    const second = await initialize(http);
    const third = await initialize(http);
    assert.equal(http.sessions, 3);
    assert.equal(await ping(http, first), 200, "the oldest session is used again");
    const fourth = await initialize(http);
    assert.equal(http.sessions, 3);
    assert.deepEqual(closed, [second], "the one idle the longest is ended");
    assert.equal(await ping(http, second), 404);
    for (const live of [first, third, fourth]) assert.equal(await ping(http, live), 200);
  });
});

Deno.test("serveHttp() answers a session that was never opened with 404 and initialize advice", async () => {
  await withDoor(2, async (http) => {
    const res = await post(http, { jsonrpc: "2.0", id: 2, method: "ping" }, "nope");
    assert.equal(res.status, 404);
    assert.match((await res.json()).error.message, /Cannot find session "nope".*initialize again/);
  });
});

Deno.test("serveHttp() keeps nothing of answered requests (the SDK's JSON-mode leak)", async () => {
  await withDoor(2, async (http) => {
    const session = await initialize(http);
    for (let i = 0; i < 50; i++) assert.equal(await ping(http, session), 200);
    assert.equal(http.streams, 0);
  });
});
