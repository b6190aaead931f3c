import assert from "node:assert/strict";
import { eventually } from "../../tests/helpers/poll.ts";
import {
  type GuardedHandler,
  type GuardedHttpOptions,
  type GuardedServer,
  serveGuarded,
} from "./guarded_http.ts";

const enc = new TextEncoder();

async function withDoor(
  options: Partial<GuardedHttpOptions>,
  fn: (door: GuardedServer, lines: string[]) => Promise<void>,
  handler: GuardedHandler = () => new Response("ok"),
) {
  const lines: string[] = [];
  const door = await serveGuarded(
    { name: "test", port: 0, log: (l) => lines.push(l), ...options },
    handler,
  );
  try {
    await fn(door, lines);
  } finally {
    await door.close();
  }
}

/** Reads until the server closes the connection; the first line of what it sent. */
async function untilClosed(conn: Deno.Conn): Promise<string> {
  const buf = new Uint8Array(4096);
  let text = "";
  try {
    for (;;) {
      const n = await conn.read(buf);
      if (n === null) break;
      text += new TextDecoder().decode(buf.subarray(0, n));
    }
  } catch { /* reset */ }
  conn.close();
  return text.split("\r\n")[0] ?? "";
}

async function raw(port: number, request: string): Promise<string> {
  const conn = await Deno.connect({ hostname: "127.0.0.1", port });
  await conn.write(enc.encode(request));
  return await untilClosed(conn);
}

Deno.test("serveGuarded() past its cap replaces idle connections: a real client is answered", async () => {
  await withDoor({ maxConnections: 8 }, async (door) => {
    const idle: Deno.Conn[] = [];
    for (let i = 0; i < 40; i++) {
      idle.push(await Deno.connect({ hostname: "127.0.0.1", port: door.port }));
    }
    const res = await fetch(`http://127.0.0.1:${door.port}/`);
    assert.equal(await res.text(), "ok");
    assert.ok(door.connections <= 8, `${door.connections} open, cap 8`);
    for (const c of idle) c.close();
  });
});

Deno.test("serveGuarded() refuses a connection past its cap when every one is busy", async () => {
  const release = Promise.withResolvers<void>();
  await withDoor({ maxConnections: 2 }, async (door) => {
    const held = [
      fetch(`http://127.0.0.1:${door.port}/a`),
      fetch(`http://127.0.0.1:${door.port}/b`),
    ];
    while (door.connections < 2) await new Promise((r) => setTimeout(r, 10));
    const third = await raw(door.port, "GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n");
    assert.equal(third, "", "closed without an answer");
    release.resolve();
    for (const r of await Promise.all(held)) assert.equal(await r.text(), "ok");
  }, async () => {
    await release.promise;
    return new Response("ok");
  });
});

Deno.test("serveGuarded() closes a client that dribbles its headers (slowloris) with 408", async () => {
  await withDoor({ headersTimeoutMs: 400, requestTimeoutMs: 800 }, async (door) => {
    const conn = await Deno.connect({ hostname: "127.0.0.1", port: door.port });
    await conn.write(enc.encode("GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n"));
    let sent = 0;
    const dribble = setInterval(() => {
      conn.write(enc.encode(`X-Slow-${sent++}: 1\r\n`)).catch(() => {});
    }, 50);
    const first = await untilClosed(conn);
    clearInterval(dribble);
    assert.equal(first, "HTTP/1.1 408 Request Timeout");
    assert.ok(sent < 200, `closed after ${sent} header lines`);
  });
});

Deno.test("serveGuarded() closes a client that dribbles its body with 408", async () => {
  await withDoor({ headersTimeoutMs: 400, requestTimeoutMs: 800 }, async (door) => {
    const conn = await Deno.connect({ hostname: "127.0.0.1", port: door.port });
    await conn.write(
      enc.encode("POST / HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 100000\r\n\r\n"),
    );
    const dribble = setInterval(() => void conn.write(enc.encode("a")).catch(() => {}), 50);
    const first = await untilClosed(conn);
    clearInterval(dribble);
    assert.equal(first, "HTTP/1.1 408 Request Timeout");
  }, async (req) => new Response(String((await req.arrayBuffer()).byteLength)));
});

Deno.test("serveGuarded() closes an idle keep-alive connection", async () => {
  await withDoor({ keepAliveTimeoutMs: 300 }, async (door) => {
    const conn = await Deno.connect({ hostname: "127.0.0.1", port: door.port });
    await conn.write(enc.encode("GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"));
    assert.equal(await untilClosed(conn), "HTTP/1.1 200 OK");
  });
});

Deno.test("serveGuarded() answers a foreign Host 403, huge headers 431, garbage 400, a throw 500", async () => {
  const lines: string[] = [];
  await withDoor({ maxHeaderBytes: 1024, log: (l) => lines.push(l) }, async (door) => {
    const get = (host: string, extra = "") =>
      raw(door.port, `GET / HTTP/1.1\r\nHost: ${host}\r\n${extra}Connection: close\r\n\r\n`);
    assert.equal(await get("evil.example"), "HTTP/1.1 403 Forbidden");
    assert.equal(await get(`localhost:${door.port}`), "HTTP/1.1 200 OK");
    assert.equal(
      await get("127.0.0.1", `X-Big: ${"a".repeat(4000)}\r\n`),
      "HTTP/1.1 431 Request Header Fields Too Large",
    );
    assert.equal(await raw(door.port, "\x00\x01 not http\r\n\r\n"), "HTTP/1.1 400 Bad Request");
    assert.equal(await get("127.0.0.1", "X-Throw: 1\r\n"), "HTTP/1.1 500 Internal Server Error");
    assert.ok(lines.some((l) => /a request failed: boom/.test(l)));
  }, (req) => {
    if (req.headers.has("x-throw")) throw new Error("boom");
    return new Response("ok");
  });
});

Deno.test("serveGuarded() accepts a WebSocket; a refused handshake gets the handler's status", async () => {
  await withDoor(
    { headersTimeoutMs: 300, requestTimeoutMs: 600, keepAliveTimeoutMs: 300 },
    async (door) => {
      const refused = await raw(
        door.port,
        "GET /no HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n",
      );
      assert.equal(refused, "HTTP/1.1 401 Unauthorized");
      const ws = new WebSocket(`ws://127.0.0.1:${door.port}/ws`);
      const got = Promise.withResolvers<string>();
      ws.onmessage = (e) => got.resolve(String(e.data));
      ws.onopen = () => setTimeout(() => ws.send("hi"), 1_000); // past every HTTP deadline
      assert.equal(await got.promise, "echo hi");
      const closed = new Promise((r) => (ws.onclose = r));
      ws.close();
      await closed;
    },
    (req, info) => {
      if (new URL(req.url).pathname !== "/ws" || !info.upgradeWebSocket) {
        return new Response("no", { status: 401 });
      }
      const { socket, response } = info.upgradeWebSocket();
      socket.onmessage = (e) => socket.send(`echo ${e.data}`);
      return response;
    },
  );
});

Deno.test("serveGuarded() counts a WebSocket's connection only while it is open", async () => {
  // A page reloaded past the cap used to find every place held by its closed sockets.
  await withDoor({ maxConnections: 4 }, async (door) => {
    for (let i = 0; i < 10; i++) {
      const ws = new WebSocket(`ws://127.0.0.1:${door.port}/ws`);
      const opened = await Promise.race([
        new Promise((r) => (ws.onopen = () => r("open"), ws.onerror = () => r("refused"))),
        new Promise((r) => setTimeout(() => r("no answer in 3 s"), 3_000)),
      ]);
      assert.equal(opened, "open", `socket ${i}`);
      const closed = new Promise((r) => (ws.onclose = r));
      ws.close();
      await closed;
    }
    await eventually("no connection counted", () => door.connections === 0);
    assert.equal(await (await fetch(`http://127.0.0.1:${door.port}/`)).text(), "ok");
  }, (_req, info) => {
    if (!info.upgradeWebSocket) return new Response("ok");
    const { socket, response } = info.upgradeWebSocket();
    socket.onmessage = (e) => socket.send(`echo ${e.data}`);
    return response;
  });
});

/** The fixture door in a child whose descriptor limit is `fds`; resolves with its port. */
async function childDoor(fds: number, options: Record<string, unknown>) {
  const fixture = new URL("../../tests/fixtures/doors/guarded_door.ts", import.meta.url).pathname;
  const child = new Deno.Command("bash", {
    args: [
      "-c",
      `ulimit -n ${fds}; exec "$0" run -A "$1" "$2"`,
      Deno.execPath(),
      fixture,
      JSON.stringify(options),
    ],
    stdout: "piped",
    stderr: "piped",
  }).spawn();
  const reader = child.stdout.pipeThrough(new TextDecoderStream()).getReader();
  const first = (await reader.read()).value ?? "";
  const port = Number(/port (\d+)/.exec(first)?.[1]);
  assert.ok(port, `the child door listens: ${first}`);
  return { child, port, reader };
}

async function flood(port: number, n: number): Promise<Deno.Conn[]> {
  const conns: Deno.Conn[] = [];
  for (let i = 0; i < n; i++) {
    try {
      conns.push(await Deno.connect({ hostname: "127.0.0.1", port }));
    } catch { /* the backlog is full: so much the better for the door */ }
  }
  return conns;
}

Deno.test("serveGuarded() in a process out of descriptors stays up and answers again", async () => {
  // A cap far past the limit: accepts fail with EMFILE (Deno.serve's process dies of it).
  const { child, port, reader } = await childDoor(64, { maxConnections: 100_000, watchdogMs: 300 });
  try {
    const conns = await flood(port, 300);
    for (const c of conns) c.close();
    // The stuck listener is found by the watchdog and replaced: answers come again.
    await eventually("an answer after the flood", async () => {
      const res = await fetch(`http://127.0.0.1:${port}/`);
      return await res.text() === "ok";
    });
    assert.equal(
      await Promise.race([child.status.then(() => "exited"), Promise.resolve("up")]),
      "up",
    );
  } finally {
    child.kill("SIGKILL");
    await child.status;
    await reader.cancel();
    await child.stderr.cancel();
  }
});

Deno.test("serveGuarded() with a low descriptor limit caps below it: answered during a flood", async () => {
  // The default cap is an eighth of the limit (32 here): the flood never runs the process dry.
  const { child, port, reader } = await childDoor(256, {});
  try {
    const conns = await flood(port, 1000);
    const res = await fetch(`http://127.0.0.1:${port}/`);
    assert.equal(await res.text(), "ok");
    for (const c of conns) c.close();
  } finally {
    child.kill("SIGKILL");
    await child.status;
    await reader.cancel();
    const log = await new Response(child.stderr).text();
    assert.doesNotMatch(log, /stopped accepting/, "the listener never ran out of descriptors");
  }
});
