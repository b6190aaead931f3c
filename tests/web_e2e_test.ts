/**
 * The web door end to end: a real server with the web plugin on, Debian's Chromium over CDP.
 * Login code → cookie, a pane's text in the page, typing reaches the PTY, split from the
 * toolbar, the viewport's size reaches the window, a read-only page cannot type, and the gate:
 * no cookie → 401, a foreign Origin on the WebSocket → 403.
 */

import assert, { ok } from "node:assert/strict";
import type { Page } from "playwright-core";
import { E2E, withServer } from "./helpers/server.ts";
import { eventually } from "./helpers/poll.ts";
import { saveScreenshot, withBrowser } from "./helpers/browser.ts";
import type { WeftClient } from "../plugins/client/mod.ts";

const WEB = { plugins: { web: true } };

async function paneText(client: WeftClient, pane: string): Promise<string> {
  return (await client.call<{ text: string }>("pane.read", { pane })).text;
}

async function firstPane(client: WeftClient): Promise<string> {
  const { panes } = await client.call<{ panes: { id: string }[] }>("pane.list", {});
  return panes[0]!.id;
}

/** The text the page shows for a pane (xterm.js's DOM renderer rows). */
function shown(page: Page, pane: string): Promise<string> {
  return page.locator(`.pane[data-pane="${pane}"] .xterm-rows`).innerText();
}

/** The status line of a raw WebSocket handshake to `/ws` with these extra headers. */
function handshake(port: number, headers: Record<string, string>): Promise<string> {
  return rawStatus(port, `127.0.0.1:${port}`, {
    Upgrade: "websocket",
    Connection: "Upgrade",
    "Sec-WebSocket-Key": "dGhlIHNhbXBsZSBub25jZQ==",
    "Sec-WebSocket-Version": "13",
    ...headers,
  });
}

/** The status line of a raw `GET` (fetch would not send a foreign Host header). */
async function rawStatus(
  port: number,
  host: string,
  headers: Record<string, string>,
  path = "/ws",
): Promise<string> {
  const conn = await Deno.connect({ hostname: "127.0.0.1", port });
  try {
    const lines = [
      `GET ${path} HTTP/1.1`,
      `Host: ${host}`,
      ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`),
    ];
    await conn.write(new TextEncoder().encode(lines.join("\r\n") + "\r\n\r\n"));
    const buf = new Uint8Array(1024);
    const n = await conn.read(buf);
    return new TextDecoder().decode(buf.subarray(0, n ?? 0)).split("\r\n")[0]!;
  } finally {
    conn.close();
  }
}

Deno.test(
  "web door: the login code becomes a cookie; no cookie is 401, a foreign Origin 403",
  E2E,
  async () => {
    await withServer(async ({ client }) => {
      const { url, port } = await client.call<{ url: string; port: number }>("web.login", {});
      const bare = await fetch(`http://127.0.0.1:${port}/`);
      assert.equal(bare.status, 401);
      await bare.body?.cancel();
      const login = await fetch(url, { redirect: "manual" });
      await login.body?.cancel();
      assert.equal(login.status, 303);
      const setCookie = login.headers.get("set-cookie") ?? "";
      assert.match(setCookie, /HttpOnly/);
      assert.match(setCookie, /SameSite=Strict/);
      const cookie = setCookie.split(";")[0]!;
      const again = await fetch(url, { redirect: "manual" });
      await again.body?.cancel();
      assert.equal(again.status, 401, "a login code works once");
      const page = await fetch(`http://127.0.0.1:${port}/`, { headers: { cookie } });
      assert.equal(page.status, 200);
      assert.match(await page.text(), /xterm\.js/);
      const xterm = await fetch(`http://127.0.0.1:${port}/assets/xterm.js`, {
        headers: { cookie },
      });
      assert.equal(xterm.status, 200);
      assert.ok((await xterm.text()).length > 100_000, "xterm.js comes from its npm package");
      assert.match(await rawStatus(port, `127.0.0.1:${port}`, { Cookie: cookie }, "/"), / 200 /);
      assert.match(await rawStatus(port, "evil.example", { Cookie: cookie }, "/"), / 403 /);
      assert.match(await handshake(port, { Cookie: cookie }), / 101 /);
      assert.match(await handshake(port, {}), / 401 /);
      assert.match(
        await handshake(port, { Cookie: cookie, Origin: "http://evil.example" }),
        / 403 /,
      );
      assert.match(
        await handshake(port, { Cookie: cookie, Origin: "http://127.0.0.1:1" }),
        / 403 /,
        "another local port's page is a foreign origin too",
      );
    }, { weft: WEB, startupSession: true });
  },
);

Deno.test(
  "web door in Chromium: see a pane, type into it, split from the toolbar, resize, switch tabs",
  E2E,
  async () => {
    await withServer(async ({ client, server }) => {
      const info = JSON.parse(await Deno.readTextFile(server.paths.info));
      const pane = await firstPane(client);
      await client.call("pane.write", {
        pane,
        text: "for i in $(seq 1 80); do echo old-line-$i; done; echo seen-$((40+2))\r",
      });
      await eventually(
        "seen-42 in the pane",
        async () => /^seen-42$/m.test(await paneText(client, pane)),
      );
      const { url, port } = await client.call<{ url: string; port: number }>("web.login", {});
      assert.equal(info.web.port, port, "server.json records the page's port");
      await withBrowser(async (browser) => {
        const page = await browser.newPage();
        await page.goto(url);
        await page.locator(`.pane[data-pane="${pane}"][data-ready="true"]`).waitFor();
        await eventually(
          "seen-42 in the page",
          async () => (await shown(page, pane)).includes("seen-42"),
        );
        assert.equal(await page.locator("#hosts").isHidden(), true, "no fabric: no switcher");
        const { plugins } = await client.call<{ plugins: { name: string }[] }>("server.status", {});
        ok(!plugins.some((p) => p.name === "fabric"), "asking for the fabric's hosts starts none");

        await page.locator(`.pane[data-pane="${pane}"]`).click();
        await page.keyboard.type("echo hi");
        await page.keyboard.press("Enter");
        await eventually("hi in the pane", async () => /^hi$/m.test(await paneText(client, pane)));
        await eventually("hi in the page", async () => /^hi$/m.test(await shown(page, pane)));

        const png = await saveScreenshot(page, "web");
        assert.deepEqual([...png.subarray(1, 4)], [0x50, 0x4e, 0x47], "a PNG");

        await page.locator("#split-h").click();
        await page.locator(".pane").nth(1).waitFor();
        const { panes } = await client.call<{ panes: { id: string }[] }>("pane.list", {});
        assert.equal(panes.length, 2);
        assert.equal(await page.locator(".pane").count(), 2);

        const before = await client.call<{ cols: number }>("window.layout", {});
        await page.setViewportSize({ width: 600, height: 400 });
        const after = await eventually("a narrower window", async () => {
          const l = await client.call<{ cols: number; rows: number }>("window.layout", {});
          return l.cols < before.cols ? l : undefined;
        });
        const sizes = await client.call<{ panes: { cols: number }[] }>("pane.list", {});
        assert.ok(sizes.panes.every((p) => p.cols < after.cols), "the PTYs follow the window");

        const other = await client.call<{ session: string; window: string; pane: string }>(
          "window.create",
          { window: "second", command: "echo in-the-second-window; exec cat" },
        );
        await page.locator("#tabs button", { hasText: "second" }).click();
        await page.locator(`.pane[data-pane="${other.pane}"][data-ready="true"]`).waitFor();
        await eventually(
          "the second window's text in the page",
          async () => (await shown(page, other.pane)).includes("in-the-second-window"),
        );
        assert.equal(await page.locator(".pane").count(), 1, "only the shown window's panes");
        await eventually("the second window at the page's size", async () => {
          const l = await client.call<{ cols: number }>("window.layout", { window: other.window });
          return l.cols === after.cols;
        });

        // Respawned (tmux's respawn-pane -k): the page shows the new program's screen only.
        await client.call("pane.respawn", {
          pane: other.pane,
          command: "echo respawned-$((40+2)); exec cat",
        });
        await eventually("only the respawned program's text in the page", async () => {
          const text = await shown(page, other.pane);
          return text.includes("respawned-42") && !text.includes("in-the-second-window");
        });
      });
    }, { weft: WEB, startupSession: true });
  },
);

Deno.test("web door: a read-only page shows panes but cannot type", E2E, async () => {
  await withServer(async ({ client }) => {
    const pane = await firstPane(client);
    const { url } = await client.call<{ url: string }>("web.login", { readOnly: true });
    await withBrowser(async (browser) => {
      const page = await browser.newPage();
      await page.goto(url);
      await page.locator(`.pane[data-pane="${pane}"][data-ready="true"]`).waitFor();
      assert.equal(await page.locator("#split-h").isDisabled(), true);
      await page.locator(`.pane[data-pane="${pane}"]`).click();
      await page.keyboard.type("echo typed-$((1+1))");
      await page.keyboard.press("Enter");
      // What the page sent went first; once this later echo shows, the typing would have too.
      await client.call("pane.write", { pane, text: "echo after-$((1+2))\r" });
      await eventually(
        "after-3 in the page",
        async () => /^after-3$/m.test(await shown(page, pane)),
      );
      assert.doesNotMatch(await paneText(client, pane), /typed/);
      // A forged input message on the page's own cookie is refused by the server too.
      const refusal = await page.evaluate(async (id) => {
        const ws = new WebSocket(`ws://${location.host}/ws`);
        await new Promise((r) => (ws.onopen = r));
        ws.send(JSON.stringify({ t: "input", pane: id, data: "echo forged\r" }));
        const message = await new Promise<string>((r) =>
          ws.onmessage = (e) => {
            if (typeof e.data === "string" && e.data.includes('"t":"error"')) r(e.data);
          }
        );
        ws.close();
        return message;
      }, pane);
      assert.match(refusal, /read-only/);
      assert.doesNotMatch(await paneText(client, pane), /forged/);
    });
  }, { weft: WEB, startupSession: true });
});

Deno.test(
  "web door: WebGL draws the panes where it helps; a software GL keeps the DOM",
  E2E,
  async () => {
    await withServer(async ({ client }) => {
      const pane = await firstPane(client);
      const { url } = await client.call<{ url: string }>("web.login", {});
      await withBrowser(async (browser) => {
        const page = await browser.newPage();
        await page.goto(url);
        await page.locator(`.pane[data-pane="${pane}"][data-ready="true"]`).waitFor();
        // Headless Chromium has only SwiftShader, a software GL: slower than the DOM there.
        const gl = await page.evaluate(() => {
          const ctx = document.createElement("canvas").getContext("webgl2");
          const info = ctx?.getExtension("WEBGL_debug_renderer_info");
          return info ? String(ctx!.getParameter(info.UNMASKED_RENDERER_WEBGL)) : "";
        });
        assert.match(gl, /SwiftShader/i);
        assert.equal(await page.locator("body").getAttribute("data-renderer"), "dom");
        assert.equal(await page.locator(".pane").getAttribute("data-renderer"), "dom");

        // Asked for, the WebGL renderer draws the pane: a canvas instead of DOM rows, the
        // typed text reaches the PTY and the picture changes with it.
        await page.goto(new URL("/?renderer=webgl", page.url()).href);
        const shownPane = page.locator(`.pane[data-pane="${pane}"][data-ready="true"]`);
        await shownPane.waitFor();
        assert.equal(await shownPane.getAttribute("data-renderer"), "webgl");
        assert.equal(await page.locator(`.pane[data-pane="${pane}"] .xterm-rows`).count(), 0);
        ok(await page.locator(`.pane[data-pane="${pane}"] .xterm-screen canvas`).count() > 0);
        const before = await shownPane.screenshot();
        await shownPane.click();
        await page.keyboard.type("echo webgl-$((6*7))");
        await page.keyboard.press("Enter");
        await eventually(
          "webgl-42 in the pane",
          async () => /^webgl-42$/m.test(await paneText(client, pane)),
        );
        await eventually("the picture to change", async () => {
          const after = await shownPane.screenshot();
          return after.length !== before.length || after.some((b, i) => b !== before[i]);
        });
        await saveScreenshot(page, "web_webgl");
      });
    }, { weft: WEB, startupSession: true });
  },
);
