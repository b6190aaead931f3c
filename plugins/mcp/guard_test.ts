import assert from "node:assert/strict";
import { guard } from "./guard.ts";
import { isLoopbackHost, isLoopbackOrigin } from "../../protocols/http/loopback.ts";

const TOKEN = "a".repeat(43);
const OPTIONS = { port: 8931, token: TOKEN, tokenless: false };

function request(headers: Record<string, string>): Request {
  return new Request("http://127.0.0.1:8931/mcp", { method: "POST", headers });
}

Deno.test("isLoopbackHost() accepts loopback names with the server's port or none", () => {
  for (const host of ["127.0.0.1:8931", "localhost:8931", "[::1]:8931", "LOCALHOST", "127.0.0.1"]) {
    assert.equal(isLoopbackHost(host, 8931), true, host);
  }
  for (const host of ["127.0.0.1:80", "evil.example", "localhost.evil.example:8931", "", "[::2]"]) {
    assert.equal(isLoopbackHost(host, 8931), false, host);
  }
});

Deno.test("isLoopbackOrigin() accepts loopback http(s) origins on any port", () => {
  assert.equal(isLoopbackOrigin("http://localhost:3000"), true);
  assert.equal(isLoopbackOrigin("https://127.0.0.1"), true);
  assert.equal(isLoopbackOrigin("http://[::1]:9"), true);
  for (
    const origin of ["http://evil.example", "null", "file://", "http://127.0.0.1.evil.example"]
  ) {
    assert.equal(isLoopbackOrigin(origin), false, origin);
  }
});

Deno.test("guard() lets a loopback request with the token through", () => {
  const req = request({ host: "localhost:8931", authorization: `Bearer ${TOKEN}` });
  assert.equal(guard(req, OPTIONS), undefined);
});

Deno.test("guard() checks Host and Origin before the token, and says why", async () => {
  const host = guard(
    request({ host: "evil.example:8931", authorization: `Bearer ${TOKEN}` }),
    OPTIONS,
  );
  assert.equal(host?.status, 403);
  assert.match((await host!.json()).error.message, /Host "evil\.example:8931"/);
  const origin = guard(request({ host: "127.0.0.1:8931", origin: "http://evil.example" }), OPTIONS);
  assert.equal(origin?.status, 403);
});

Deno.test("guard() refuses a missing or wrong token with 401 and WWW-Authenticate", async () => {
  const none = guard(request({ host: "127.0.0.1:8931" }), OPTIONS)!;
  assert.equal(none.status, 401);
  assert.equal(none.headers.get("www-authenticate"), 'Bearer realm="weft"');
  assert.match((await none.json()).error.message, /no bearer token/);
  const wrong = guard(
    request({ host: "127.0.0.1:8931", authorization: `Bearer ${TOKEN}b` }),
    OPTIONS,
  )!;
  assert.equal(wrong.status, 401);
  const tokenless = guard(request({ host: "127.0.0.1:8931" }), { ...OPTIONS, tokenless: true });
  assert.equal(tokenless, undefined);
});
