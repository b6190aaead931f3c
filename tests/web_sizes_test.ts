/**
 * A web page is a viewer, not a terminal: it draws the server's size scaled to fit and sizes a
 * session only while no terminal is attached to it (then the largest page wins). A phone-sized
 * page that opens and leaves never shrinks what an attached terminal shows; a page that leaves
 * drops its size. Real server, real WebSocket pages with the login cookie, a real socket client.
 */

import assert from "node:assert/strict";
import { E2E, withServer } from "./helpers/server.ts";
import { eventually } from "./helpers/poll.ts";
import { waitForText } from "./helpers/panes.ts";
import type { WeftClient } from "../plugins/client/mod.ts";

const WEB = { plugins: { web: true } };

async function logIn(client: WeftClient) {
  const { url, port } = await client.call<{ url: string; port: number }>("web.login", {});
  const login = await fetch(url, { redirect: "manual" });
  await login.body?.cancel();
  return { cookie: (login.headers.get("set-cookie") ?? "").split(";")[0]!, port };
}

/** An open page whose first view has arrived (so its size applies to that view's session). */
async function openPage(client: WeftClient) {
  const { cookie, port } = await logIn(client);
  // Deno's WebSocket takes handshake headers (non-standard; the DOM typing does not know it).
  const init = { headers: { cookie } } as unknown as string[];
  const socket = new WebSocket(`ws://127.0.0.1:${port}/ws`, init);
  let viewed!: () => void;
  const view = new Promise<void>((resolve) => (viewed = resolve));
  const closed = new Promise<void>((resolve) => (socket.onclose = () => resolve()));
  socket.onmessage = (e) => typeof e.data === "string" && e.data.includes('"state"') && viewed();
  await view;
  const send = (m: unknown) => socket.send(JSON.stringify(m));
  return { send, close: () => (socket.close(), closed) };
}

Deno.test(
  "web page sizes: a phone page never shrinks an attached terminal's windows; leaving drops its size",
  E2E,
  async () => {
    await withServer(async ({ client, connect }) => {
      const s = await client.call<{ session: string; window: string; pane: string }>(
        "session.create",
        { argv: ["cat"] },
      );
      const size = async () => {
        const l = await client.call<{ cols: number; rows: number }>("window.layout", {
          window: s.window,
        });
        return `${l.cols}x${l.rows}`;
      };
      const at = (want: string) =>
        eventually(`the window at ${want}`, async () => {
          return (await size()) === want;
        }, { detail: size });

      // No terminal attached: pages size the session, the largest one wins.
      const desk = await openPage(client);
      desk.send({ t: "size", cols: 120, rows: 40 });
      await at("120x40");
      const phone = await openPage(client);
      phone.send({ t: "size", cols: 44, rows: 30 });
      // The page's actions run in order: once its typing reached the pane, its size was taken.
      phone.send({ t: "input", pane: s.pane, data: "phone-sized\r" });
      await waitForText(client, { pane: s.pane, match: "phone-sized" });
      assert.equal(await size(), "120x40", "a phone does not shrink the desktop page");
      await desk.close();
      await at("44x30"); // the desktop page left: its size went with it

      // A terminal attaches: it alone sizes the session while it stays.
      const tui = await connect();
      await tui.call("attach", { session: s.session, cols: 160, rows: 45 });
      await at("160x45");
      phone.send({ t: "size", cols: 40, rows: 20 });
      phone.send({ t: "input", pane: s.pane, data: "still-160\r" });
      await waitForText(client, { pane: s.pane, match: "still-160" });
      assert.equal(await size(), "160x45", "the phone's size never reaches the terminal");
      await phone.close();
      const again = await openPage(client);
      again.send({ t: "size", cols: 30, rows: 12 });
      again.send({ t: "input", pane: s.pane, data: "third-page\r" });
      await waitForText(client, { pane: s.pane, match: "third-page" });
      await again.close();
      assert.equal(await size(), "160x45", "the terminal's layout stayed whole throughout");
    }, { weft: WEB });
  },
);
