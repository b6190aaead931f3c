/**
 * The web door against a hostile page: frames that are not JSON objects end that page's socket
 * alone (the plugin, its port and every other page stay), and a restarted web plugin serves on
 * the port it had. Real server, real WebSocket client with the login cookie.
 */

import assert from "node:assert/strict";
import { E2E, withServer } from "./helpers/server.ts";
import { eventually } from "./helpers/poll.ts";
import { pluginPids } from "./helpers/plugin_pids.ts";
import type { WeftClient } from "../plugins/client/mod.ts";

const WEB = { plugins: { web: true } };

/** Logs in with a fresh code: the session cookie and the port. */
async function logIn(client: WeftClient, readOnly = false) {
  const { url, port } = await client.call<{ url: string; port: number }>("web.login", {
    readOnly,
  });
  const login = await fetch(url, { redirect: "manual" });
  await login.body?.cancel();
  const cookie = (login.headers.get("set-cookie") ?? "").split(";")[0]!;
  assert.match(cookie, /^weft_session=/);
  return { cookie, port };
}

/** An open page socket and the messages it received, with its close code once closed. */
async function openPage(port: number, cookie: string) {
  // Deno's WebSocket takes handshake headers (non-standard; the DOM typing does not know it).
  const init = { headers: { cookie } } as unknown as string[];
  const socket = new WebSocket(`ws://127.0.0.1:${port}/ws`, init);
  const messages: string[] = [];
  const closed = new Promise<number>((resolve) => (socket.onclose = (e) => resolve(e.code)));
  socket.onmessage = (e) => typeof e.data === "string" && messages.push(e.data);
  await new Promise<void>((resolve, reject) => {
    socket.onopen = () => resolve();
    socket.onerror = () => reject(new Error("Cannot open the page's WebSocket"));
  });
  return { socket, messages, closed };
}

async function webPlugin(client: WeftClient) {
  const { plugins } = await client.call<
    { plugins: { name: string; state: string; restarts: number }[] }
  >(
    "server.status",
    {},
  );
  return plugins.find((p) => p.name === "web")!;
}

Deno.test(
  "web door: a frame that is not a JSON object closes that page alone; the plugin stays up",
  E2E,
  async () => {
    await withServer(async ({ client }) => {
      const { cookie, port } = await logIn(client, true);
      const quiet = await openPage(port, cookie);
      await eventually("the quiet page's first view", () => quiet.messages.length > 0);
      for (const frame of ["not json {", "null", "[1,2]", "42"]) {
        const page = await openPage(port, cookie);
        page.socket.send(frame);
        assert.equal(await page.closed, 1007, `the page that sent ${frame} is closed as invalid`);
        assert.ok(page.messages.some((m) => JSON.parse(m).t === "error"), "it is told why");
      }
      const web = await webPlugin(client);
      assert.deepEqual([web.state, web.restarts], ["running", 0]);
      assert.equal((await client.call<{ port: number }>("web.status", {})).port, port);
      // The page that did nothing wrong still has its socket and still gets views.
      assert.equal(quiet.socket.readyState, WebSocket.OPEN);
      const seen = quiet.messages.length;
      await client.call("session.create", {});
      await eventually("the quiet page's next view", () => quiet.messages.length > seen);
      quiet.socket.close();
      await quiet.closed;
    }, { weft: WEB, startupSession: true });
  },
);

Deno.test("web door: a restarted web plugin serves on the port it had", E2E, async () => {
  await withServer(async ({ client, dir }) => {
    const { port } = await client.call<{ port: number }>("web.status", {});
    const [proc] = await pluginPids("web", Deno.pid, dir);
    assert.ok(proc, "the web plugin runs as a process");
    Deno.kill(proc.pid, "SIGKILL");
    await eventually("the web plugin restarted", async () => {
      const web = await webPlugin(client);
      return web.state === "running" && web.restarts === 1;
    });
    assert.equal((await client.call<{ port: number }>("web.status", {})).port, port);
    const { cookie } = await logIn(client);
    const page = await openPage(port, cookie);
    page.socket.close();
    await page.closed;
  }, { weft: WEB });
});

Deno.test(
  "web door: no page of it may be framed (CSP frame-ancestors, X-Frame-Options)",
  E2E,
  async () => {
    await withServer(async ({ client }) => {
      const { cookie, port } = await logIn(client);
      for (const headers of [{ cookie }, {} as Record<string, string>]) {
        const res = await fetch(`http://127.0.0.1:${port}/`, { headers });
        await res.body?.cancel();
        assert.match(res.headers.get("content-security-policy") ?? "", /frame-ancestors 'none'/);
        assert.equal(res.headers.get("x-frame-options"), "DENY");
      }
    }, { weft: WEB });
  },
);
