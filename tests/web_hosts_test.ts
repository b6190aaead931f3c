/**
 * The web page's host switcher in a fabric (a hub and three weft servers, real nats-server
 * processes, Debian's Chromium at a phone's size): laptop's page lists laptop, buildbox and ro,
 * and ci (granted, never up) marked unreachable and not selectable; picking buildbox shows its
 * pane, streamed live through the remote snapshot subscription, and keys typed there reach it
 * (`pane.write` to `buildbox/pN`); ro lets laptop read but not write: typing there shows the
 * refusal and nothing reaches its pane; ro's server killed, the page marks it unreachable and
 * says so; picking laptop again shows this host's panes.
 */

import { equal, match, ok } from "node:assert/strict";
import type { Page } from "playwright-core";
import { saveScreenshot, withBrowser } from "./helpers/browser.ts";
import { eventually } from "./helpers/poll.ts";
import { paneText, waitForText } from "./helpers/panes.ts";
import {
  endHost,
  endHub,
  FABRIC,
  joinHost,
  startHub,
  type TestHost,
  type TestHub,
  untilUp,
} from "./helpers/fabric.ts";

/** The text the page shows for a pane (xterm.js's DOM renderer rows). */
function shown(page: Page, pane: string): Promise<string> {
  return page.locator(`.pane[data-pane="${pane}"] .xterm-rows`).innerText();
}

Deno.test(
  "web page in a fabric: a host switcher; a remote pane streams live and takes keys; rights hold",
  FABRIC,
  async () => {
    let hub: TestHub | undefined;
    const hosts: TestHost[] = [];
    try {
      hub = await startHub(["laptop", "buildbox", "ro"]);
      // One after another: `weft fabric join` runs in this process, and concurrent runs of it
      // made Deno 2.9.6 panic loading modules ("RefCell already borrowed").
      const started = async (host: Promise<TestHost>) => {
        const h = await host;
        hosts.push(h);
        return h;
      };
      const buildbox = await started(
        joinHost(hub, "buildbox", { grants: { laptop: ["read", "write"] } }),
      );
      const ro = await started(joinHost(hub, "ro", { grants: { laptop: ["read"] } }));
      // ci is granted but never joins: listed, unreachable.
      const laptop = await started(joinHost(hub, "laptop", {
        grants: { buildbox: ["read"], ro: ["read"], ci: ["read"] },
        weft: { plugins: { web: true } },
      }));
      const [far, farRo, near] = await Promise.all([
        buildbox.server.client.call<{ pane: string }>("session.create", { name: "work" }),
        ro.server.client.call<{ pane: string }>("session.create", { name: "look" }),
        laptop.server.client.call<{ pane: string }>("session.create", { name: "here" }),
      ]);
      await buildbox.server.client.call("pane.write", {
        pane: far.pane,
        text: "echo built-$((40+2))",
        submit: true,
      });
      await waitForText(buildbox.server.client, { pane: far.pane, match: "built-42" });
      await untilUp(laptop!, ["buildbox", "ro"]);
      const { url } = await laptop.server.client.call<{ url: string }>("web.login", {});
      const remote = `buildbox/${far.pane}`;
      const remoteRo = `ro/${farRo.pane}`;

      await withBrowser(async (browser) => {
        const page = await browser.newPage();
        await page.setViewportSize({ width: 390, height: 844 });
        await page.goto(url);
        await page.locator(`.pane[data-pane="${near.pane}"][data-ready="true"]`).waitFor();
        const button = (host: string) => page.locator(`#hosts button[data-host="${host}"]`);
        await button("ci").waitFor();
        ok(await button("ci").isDisabled(), "an unreachable host cannot be picked");
        equal(await button("ci").getAttribute("data-state"), "unreachable");
        ok(await button("buildbox").isEnabled());
        match(await button("laptop").innerText(), /laptop \(here\)/);

        // buildbox: its pane, drawn by the replay of what it showed, then live.
        await button("buildbox").click();
        await page.locator(`.pane[data-pane="${remote}"][data-ready="true"]`).waitFor();
        equal(await page.locator(`.pane[data-pane="${near.pane}"]`).count(), 0);
        await eventually("buildbox's screen in the page", async () => {
          const text = await shown(page, remote);
          return /^built-42$/m.test(text) && /\$/.test(text);
        });
        await page.locator(`.pane[data-pane="${remote}"]`).click();
        await page.keyboard.type("echo hi-$((6*7))");
        await page.keyboard.press("Enter");
        await eventually(
          "hi-42 in buildbox's pane",
          async () => /^hi-42$/m.test(await paneText(buildbox.server.client, { pane: far.pane })),
        );
        await eventually(
          "hi-42 in the page",
          async () => /^hi-42$/m.test(await shown(page, remote)),
        );
        await saveScreenshot(page, "web-hosts-buildbox");

        // ro lets laptop read, not write: the refusal shows, nothing is typed.
        await button("ro").click();
        await page.locator(`.pane[data-pane="${remoteRo}"][data-ready="true"]`).waitFor();
        await page.locator(`.pane[data-pane="${remoteRo}"]`).click();
        await page.keyboard.type("echo typed");
        await eventually(
          "the refusal in the page",
          async () => /DENIED|write/i.test(await page.locator("#notice").innerText()),
        );
        ok(
          !(await paneText(ro.server.client, { pane: farRo.pane })).includes("typed"),
          "nothing typed",
        );

        // ro's server killed: the page says it is unreachable and it cannot be picked again.
        await ro.kill();
        await eventually(
          "ro marked unreachable in the page",
          async () =>
            await button("ro").isDisabled() &&
            /HOST_UNREACHABLE|unreachable/.test(await page.locator("#notice").innerText()),
          { timeoutMs: 20_000 },
        );
        equal(await page.locator(`.pane[data-pane="${remoteRo}"]`).count(), 0);

        // Back home.
        await button("laptop").click();
        await page.locator(`.pane[data-pane="${near.pane}"][data-ready="true"]`).waitFor();
        equal(await page.locator("#notice").innerText(), "");
      });
    } finally {
      await Promise.all(hosts.map(endHost));
      if (hub) await endHub(hub);
    }
  },
);
