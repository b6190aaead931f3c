/**
 * Muting a pane's notifications (`weft mute PANE`, the page's 🔕): when two agents start
 * waiting, a terminal attached with `weft attach` gets an OSC 9 for the other one only, and so
 * does the page's browser notification (the page's real `Notification`, recorded on its way
 * through); the muted one is still listed and counted. The page's 🔔 on its card unmutes it.
 */

import assert from "node:assert/strict";
import { E2E, withServer } from "./helpers/server.ts";
import { withBrowser } from "./helpers/browser.ts";
import { fakeDialog } from "./helpers/fake_dialog.ts";
import { weftArgs, weftProcess } from "./helpers/cli.ts";
import { waitForText } from "./helpers/panes.ts";
import { eventually } from "./helpers/poll.ts";
import type { PaneInfo } from "../protocols/bus/records.ts";

/** Records each notification the page makes, then makes it with the browser's own. */
const RECORD = `(() => {
  const Real = window.Notification;
  window.__notes = [];
  window.Notification = class extends Real {
    constructor(title, options) { super(title, options); window.__notes.push({ title, body: options?.body }); }
  };
})();`;

Deno.test(
  "weft mute: a muted pane's wait sends no OSC 9 and no page notification",
  E2E,
  async () => {
    await withServer(async (fx) => {
      const { client } = fx;
      const watched = await client.call("session.create", {
        argv: ["bash", "--norc", "--noprofile"],
      });
      const claude = await fakeDialog(fx.dir);
      // Each in a window of its own in the watched session (room for its whole dialog).
      const agent = async () => {
        const { pane } = await client.call("window.create", {
          session: watched.session,
          argv: [claude, "--later"],
        });
        return { id: pane };
      };
      const quiet = await agent();
      const loud = await agent();
      const muted = await weftProcess(fx.dir, "mute", quiet.id);
      assert.equal(muted.code, 0, muted.err);
      assert.equal(muted.out, `${quiet.id}: notifications muted\n`);
      const viewer = await client.call("session.create", {
        argv: [Deno.execPath(), ...weftArgs("attach", watched.session)],
        cwd: fx.dir,
      });
      let raw = "";
      await client.subscribe(
        { topics: ["pane.output"], panes: [viewer.pane] },
        (e) => void (raw += (e.data as { data: string }).data),
      );
      // Attached: it knows the session's panes (both agents were there before it).
      await waitForText(client, {
        pane: viewer.pane,
        match: `[${watched.session}]`,
        timeout: 30_000,
      });
      const { url } = await client.call<{ url: string }>("web.login", {});
      await withBrowser(async (browser) => {
        await browser.grantPermissions(["notifications"], { origin: new URL(url).origin });
        await browser.addInitScript(RECORD);
        const page = await browser.newPage();
        await page.setViewportSize({ width: 390, height: 844 });
        await page.goto(url);
        await page.locator(".pane").first().waitFor(); // the page has its first view
        for (const agent of [quiet, loud]) {
          await waitForText(client, { pane: agent.id, match: "ready" });
          await client.call("pane.write", { pane: agent.id, text: "d" });
          await client.call("pane.wait", { pane: agent.id, state: "blocked", timeout: 15_000 });
        }
        // Both listed and counted; only the other one announced (the muted one waited first).
        await page.waitForFunction(() => document.title === "(2) weft");
        const notes = await eventually("the page's notification", async () => {
          const notes = await page.evaluate(() =>
            (globalThis as unknown as { __notes: { title: string }[] }).__notes
          );
          return notes.length ? notes : undefined;
        });
        assert.deepEqual(notes.map((n) => n.title.split(" ")[0]), [loud.id], JSON.stringify(notes));
        const osc = await eventually("the OSC 9 in the attached terminal's output", () => {
          // deno-lint-ignore no-control-regex
          const found = raw.match(/\x1b\]9;[^\x07]*\x07/g);
          return found?.length ? found : undefined;
        });
        assert.deepEqual(osc.map((s) => s.split(" ")[1]), [loud.id], JSON.stringify(osc));
        assert.equal(raw.includes(`\x1b]9;weft: ${quiet.id} `), false);

        // The page's 🔔 on the muted pane's card unmutes it, in the server.
        const card = page.locator(`.need[data-pane="${quiet.id}"]`);
        assert.equal(await card.locator("button.mute").innerText(), "🔔 Unmute");
        await page.locator(`.need[data-pane="${loud.id}"] button.mute`).click();
        await card.locator("button.mute").click();
        await eventually("the mutes changed in the server", async () => {
          const { panes } = await client.call<{ panes: PaneInfo[] }>("pane.list", {});
          const meta = (id: string) => panes.find((p) => p.id === id)!.meta.notify;
          return meta(quiet.id) === undefined && meta(loud.id) === "off";
        });
        await page.locator(`.need[data-pane="${quiet.id}"] button.mute`, { hasText: "Mute" })
          .waitFor();
      });
    }, { weft: { shell: "sh", plugins: { web: true } } });
  },
);
