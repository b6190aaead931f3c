/**
 * The page tells you when an agent starts waiting (Chromium): with notifications allowed, one
 * browser notification naming the pane, its agent and its question (the page's real
 * `Notification`, recorded on its way through); without, a banner at the top of the page;
 * either way the tab's title counts the waiting agents. Agents already waiting when the page
 * opens are listed, not announced.
 */

import assert from "node:assert/strict";
import { E2E, withServer } from "./helpers/server.ts";
import { saveScreenshot, withBrowser } from "./helpers/browser.ts";
import { fakeDialog } from "./helpers/fake_dialog.ts";
import { STATE_LOOK, XTERM_ANSI } from "../protocols/terminal/state_look.ts";
import { BADGES } from "../plugins/tui/chrome.ts";
import { palette } from "../plugins/tui/cells.ts";

function hexToRgb(hex: string): string {
  const n = parseInt(hex.slice(1), 16);
  return `rgb(${n >> 16}, ${(n >> 8) & 255}, ${n & 255})`;
}

/** Records each notification the page makes, then makes it with the browser's own. */
const RECORD = `(() => {
  const Real = window.Notification;
  window.__notes = [];
  window.Notification = class extends Real {
    constructor(title, options) { super(title, options); window.__notes.push({ title, body: options?.body }); }
  };
})();`;

Deno.test(
  "web alerts: a browser notification, a title count, and a banner when not allowed",
  E2E,
  async () => {
    await withServer(async (fx) => {
      const { client } = fx;
      const claude = await fakeDialog(fx.dir);
      // Already waiting when the pages open: listed and counted, not announced.
      const before = await client.call("session.create", { argv: [claude] });
      await client.call("pane.wait", { pane: before.pane, state: "blocked", timeout: 20_000 });
      const { url } = await client.call<{ url: string }>("web.login", {});
      const other = await client.call<{ url: string }>("web.login", {});
      await withBrowser(async (browser) => {
        const origin = new URL(url).origin;
        await browser.grantPermissions(["notifications"], { origin });
        await browser.addInitScript(RECORD);
        const page = await browser.newPage();
        await page.goto(url);
        await page.locator(`.need[data-pane="${before.pane}"]`).waitFor();
        assert.equal(await page.title(), "(1) weft");
        // Its badge in the colours the TUI draws a blocked agent in (ANSI white on red, in
        // xterm.js's palette, as the page's terminals draw them).
        const look = STATE_LOOK.blocked;
        assert.equal(BADGES.blocked!.style.bg, palette(look.bg!));
        // (Read again until it holds: the page redraws a pane's title with each new state.)
        await page.waitForFunction(([pane, want]) => {
          const el = document.querySelector(`.pane[data-pane="${pane}"] .badge`);
          return el !== null && getComputedStyle(el).backgroundColor === want;
        }, [before.pane, hexToRgb(XTERM_ANSI[look.bg!]!)]);

        const plain = await browser.newPage();
        await plain.goto(other.url);
        // This page may not notify: its Notification reports "denied".
        await plain.evaluate(() =>
          Object.defineProperty(Notification, "permission", { get: () => "denied" })
        );
        await plain.locator(`.need[data-pane="${before.pane}"]`).waitFor();

        const { pane } = await client.call("session.create", { argv: [claude] });
        await client.call("pane.wait", { pane, state: "blocked", timeout: 20_000 });
        await page.waitForFunction(() => document.title === "(2) weft");
        const notes = await page.evaluate(() =>
          (globalThis as unknown as { __notes: { title: string; body: string }[] }).__notes
        );
        assert.equal(notes.length, 1, JSON.stringify(notes));
        assert.match(notes[0]!.title, new RegExp(`^${pane} · claude needs you`));
        assert.match(notes[0]!.body, /rm -rf build/);
        assert.equal(await page.locator("#alert").isVisible(), false);

        const banner = plain.locator("#alert");
        await banner.waitFor();
        assert.match(
          await banner.innerText(),
          new RegExp(`${pane} · claude needs you: .*rm -rf build`),
        );
        assert.equal(await plain.title(), "(2) weft");
        await saveScreenshot(plain, "web_alerts_banner");
        // Answered: it leaves the list, the count and the banner.
        await client.call("pane.answer", { pane, approve: true });
        await plain.waitForFunction(() => document.title === "(1) weft");
        await banner.waitFor({ state: "hidden" });
      });
    }, { weft: { plugins: { web: true } } });
  },
);
