import assert from "node:assert/strict";

/** The web door alone in a child whose descriptor limit is `fds`: its port and a login code. */
async function childDoor(fds: number, limits: Record<string, unknown> = {}, idleMs = 0) {
  const fixture = new URL("../../tests/fixtures/doors/web_door.ts", import.meta.url).pathname;
  const child = new Deno.Command("bash", {
    args: [
      "-c",
      `ulimit -n ${fds}; exec "$0" run -A "$1" "$2" "$3"`,
      Deno.execPath(),
      fixture,
      JSON.stringify(limits),
      String(idleMs),
    ],
    stdout: "piped",
    stderr: "piped",
  }).spawn();
  const reader = child.stdout.pipeThrough(new TextDecoderStream()).getReader();
  const first = (await reader.read()).value ?? "";
  const [, port, code] = /port (\d+) code (\S+)/.exec(first) ?? [];
  assert.ok(port && code, `the child door listens: ${first}`);
  const stop = async () => {
    try {
      child.kill("SIGKILL");
    } catch { /* it died */ }
    await child.status;
    await reader.cancel();
    await child.stderr.cancel();
  };
  return { child, port: Number(port), code, stop };
}

async function logIn(port: number, code: string): Promise<string> {
  const res = await fetch(`http://127.0.0.1:${port}/login?code=${code}`, { redirect: "manual" });
  await res.body?.cancel();
  const cookie = (res.headers.get("set-cookie") ?? "").split(";")[0]!;
  assert.match(cookie, /^weft_session=/);
  return cookie;
}

/** A page's socket: its first message, then the echo of what it sent. */
async function pageSocket(port: number, cookie: string): Promise<string[]> {
  const init = { headers: { cookie } } as unknown as string[];
  const ws = new WebSocket(`ws://127.0.0.1:${port}/ws`, init);
  const got: string[] = [];
  const two = Promise.withResolvers<void>();
  ws.onmessage = (e) => {
    got.push(String(e.data));
    if (got.length === 1) ws.send("hi");
    if (got.length === 2) two.resolve();
  };
  ws.onerror = () => two.reject(new Error("Cannot open the page's WebSocket"));
  await two.promise;
  const closed = new Promise((r) => (ws.onclose = r));
  ws.close();
  await closed;
  return got;
}

Deno.test("web door: a flood past its descriptor limit leaves it up, serving a logged-in page", async () => {
  const { child, port, code, stop } = await childDoor(256);
  const conns: Deno.Conn[] = [];
  try {
    const cookie = await logIn(port, code);
    for (let i = 0; i < 1000; i++) {
      try {
        conns.push(await Deno.connect({ hostname: "127.0.0.1", port }));
      } catch { /* the backlog is full */ }
    }
    // On Deno.serve the process died here: "Http: Error: Too many open files" (uncaught).
    const page = await fetch(`http://127.0.0.1:${port}/`, { headers: { cookie } });
    assert.equal(page.status, 200);
    assert.equal(await page.text(), "<p>weft</p>");
    assert.deepEqual(await pageSocket(port, cookie), ["hello", "echo hi"]);
    const exited = await Promise.race([child.status.then(() => true), Promise.resolve(false)]);
    assert.equal(exited, false, "the door's process lives");
  } finally {
    for (const c of conns) c.close();
    await stop();
  }
});

Deno.test("web door: a client dribbling its headers (slowloris) is closed by the deadline", async () => {
  const { port, stop } = await childDoor(1024, { headersTimeoutMs: 500, requestTimeoutMs: 1_000 });
  try {
    const conn = await Deno.connect({ hostname: "127.0.0.1", port });
    const enc = new TextEncoder();
    await conn.write(enc.encode("GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n"));
    let answer = "";
    const reading = (async () => {
      const buf = new Uint8Array(4096);
      try {
        for (;;) {
          const n = await conn.read(buf);
          if (n === null) return;
          answer += new TextDecoder().decode(buf.subarray(0, n));
        }
      } catch { /* reset */ }
    })();
    // One header line every 200 ms, for ever: Deno.serve waited as long as bytes came.
    let sent = 0;
    const dribble = setInterval(() => {
      conn.write(enc.encode(`x-slow-${sent++}: 1\r\n`)).catch(() => {});
    }, 200);
    const outcome = await Promise.race([
      reading.then(() => "closed"),
      new Promise((r) => setTimeout(() => r("still open after 10 s"), 10_000)),
    ]);
    clearInterval(dribble);
    conn.close();
    assert.equal(outcome, "closed");
    assert.match(answer, /^HTTP\/1\.1 408/);
  } finally {
    await stop();
  }
});

Deno.test("web door: an open page's socket is closed when its login expires", async () => {
  const { port, code, stop } = await childDoor(1024, {}, 600);
  try {
    const cookie = await logIn(port, code);
    const init = { headers: { cookie } } as unknown as string[];
    const ws = new WebSocket(`ws://127.0.0.1:${port}/ws`, init);
    const closed = new Promise<{ code: number; reason: string }>((r) =>
      ws.onclose = (e) => r({ code: e.code, reason: e.reason })
    );
    // The page says nothing after it opened: its login idles out, and its socket ends with it.
    const outcome = await Promise.race([
      closed,
      new Promise((r) => setTimeout(() => r("still open after 10 s"), 10_000)),
    ]);
    assert.deepEqual(outcome, {
      code: 4001,
      reason: "the login expired; run `weft web` for a new one",
    });
    const res = await fetch(`http://127.0.0.1:${port}/`, { headers: { cookie } });
    await res.body?.cancel();
    assert.equal(res.status, 401, "the cookie opens nothing any more");
  } finally {
    await stop();
  }
});
