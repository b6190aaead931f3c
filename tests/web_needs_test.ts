/**
 * The needs-you list on a phone-sized page (Chromium with a 390×844 viewport, Approve tapped with touch emulation): an agent blocked on a
 * permission dialog is listed with its question and one big button per choice; tapping Approve
 * answers that very dialog (the program prints CHOSE 1) and the item leaves the list; a
 * read-only page shows the list but cannot answer. Screenshots of the phone view are kept.
 */

import assert from "node:assert/strict";
import { E2E, withServer } from "./helpers/server.ts";
import { saveScreenshot, tap, withBrowser } from "./helpers/browser.ts";
import { fakeDialog } from "./helpers/fake_dialog.ts";
import { waitForText } from "./helpers/panes.ts";
import { eventually } from "./helpers/poll.ts";
import { HOOK_COMMAND, PERMISSION_HOOK_COMMAND } from "../protocols/hooks/mod.ts";
import { SIDEBAND_KEY_ENV } from "../protocols/sideband/key.ts";

Deno.test("web needs: approve from a phone-sized page", E2E, async () => {
  await withServer(async (fx) => {
    const { client } = fx;
    const claude = await fakeDialog(fx.dir);
    const { pane } = await client.call("session.create", { argv: [claude] });
    await client.call("pane.wait", { pane, state: "blocked", timeout: 20_000 });
    const { url } = await client.call<{ url: string }>("web.login", {});
    const ro = await client.call<{ url: string }>("web.login", { readOnly: true });
    await withBrowser(async (browser) => {
      const watcher = await browser.newPage();
      await watcher.setViewportSize({ width: 390, height: 844 });
      await watcher.goto(ro.url);
      const roCard = watcher.locator(`.need[data-pane="${pane}"]`);
      await roCard.waitFor();
      assert.equal(await roCard.locator("button.approve").isDisabled(), true, "read-only");

      // (Its WebSocket is open: the next login's cookie does not change what it may do.)
      const page = await browser.newPage();
      await page.setViewportSize({ width: 390, height: 844 });
      await page.goto(url);
      const card = page.locator(`.need[data-pane="${pane}"]`);
      await card.waitFor();
      assert.match(await card.innerText(), /rm -rf build/);
      assert.equal(await card.locator(".choices button").count(), 3);
      const approve = card.locator("button.approve");
      // The page re-reads the list every 2 s and draws its cards again: a box read in between
      // is null (the gate saw it once), so it is read until the button is laid out.
      const box = await eventually("the Approve button laid out", () => approve.boundingBox());
      assert.ok(box.height >= 44 && box.width >= 300, `a big button: ${JSON.stringify(box)}`);
      await saveScreenshot(page, "web_needs_phone");
      // Tapped with a finger (touch emulation): the button answers, and never keeps the focus.
      await page.evaluate(() => {
        const w = globalThis as unknown as { __events: string[] };
        w.__events = [];
        for (const type of ["touchstart", "click"]) {
          addEventListener(type, () => w.__events.push(type), true);
        }
      });
      await page.locator(`.pane[data-pane="${pane}"] textarea`).focus(); // typing into the pane
      await tap(page, approve);
      await waitForText(client, { pane, match: "CHOSE 1" });
      assert.deepEqual(
        await page.evaluate(() => (globalThis as unknown as { __events: string[] }).__events),
        ["touchstart", "click"],
        "a tap, not a mouse click",
      );
      assert.equal(
        await page.evaluate(() => document.activeElement?.className),
        "xterm-helper-textarea",
        "the pane keeps the keyboard",
      );
      await card.waitFor({ state: "detached" });
      await saveScreenshot(page, "web_needs_phone_answered");
    });
  }, { weft: { plugins: { web: true } } });
});

Deno.test(
  "web needs: a held permission request with no dialog is answered by the hook",
  E2E,
  async () => {
    await withServer(async (fx) => {
      const { client, server } = fx;
      const { pane } = await client.call("session.create", { argv: ["bash", "--norc"] });
      // weft's own hooks, run as Claude Code runs them: in the pane's environment.
      const env = server.model.panes.get(pane)!.launch.env;
      const runHook = (command: string, event: unknown) => {
        const child = new Deno.Command("bash", {
          args: ["--norc", "--noprofile", "-c", command],
          env: {
            WEFT_HTTP: env.WEFT_HTTP!,
            WEFT_PANE: pane,
            WEFT_SIDEBAND_KEY: env[SIDEBAND_KEY_ENV]!,
            PATH: Deno.env.get("PATH")!,
          },
          clearEnv: true,
          stdin: "piped",
          stdout: "piped",
        }).spawn();
        const w = child.stdin.getWriter();
        void w.write(new TextEncoder().encode(JSON.stringify(event))).then(() => w.close());
        return child;
      };
      const hook = runHook(PERMISSION_HOOK_COMMAND, {
        hook_event_name: "PermissionRequest",
        tool_name: "Bash",
        tool_input: { command: "make deploy" },
      });
      const { url } = await client.call<{ url: string }>("web.login", {});
      await withBrowser(async (browser) => {
        const page = await browser.newPage();
        await page.setViewportSize({ width: 390, height: 844 });
        await page.goto(url);
        const card = page.locator(`.need[data-pane="${pane}"]`);
        await card.waitFor();
        assert.match(await card.innerText(), /Bash: make deploy/);
        await saveScreenshot(page, "web_needs_phone_held");
        await card.locator("button.deny").click();
        const out = JSON.parse(new TextDecoder().decode((await hook.output()).stdout));
        assert.deepEqual(out.hookSpecificOutput.decision, {
          behavior: "deny",
          message: "The user denied this from weft.",
        });
        // Claude Code goes on and stops (its next hook event after a denial).
        await runHook(HOOK_COMMAND, { hook_event_name: "Stop" }).output();
        await card.waitFor({ state: "detached" });
      });
    }, { weft: { plugins: { web: true } } });
  },
);
