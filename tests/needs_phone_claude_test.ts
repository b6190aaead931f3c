// The whole "Needs you" walk on a phone, with the real programs: the real Claude Code TUI
// (pinned npm build) with weft's hooks installed asks the mock Messages API's Bash tool and
// blocks on its permission; weft holds its PermissionRequest hook; a phone-sized Chromium page
// (390×844, touch) lists the exact command, and a finger's tap on Approve answers through the
// hook: the mock receives the tool's result, the command ran, and the card goes.
import { ok, strictEqual } from "node:assert/strict";
import { join } from "node:path";
import { claudeUnavailable } from "./helpers/claude_code.ts";
import { startHookedClaude } from "./helpers/claude_pane.ts";
import { mockAnthropic, text, toolUse } from "./helpers/mock_anthropic.ts";
import { E2E, withServer } from "./helpers/server.ts";
import { eventually } from "./helpers/poll.ts";
import { saveScreenshot, tap, withBrowser } from "./helpers/browser.ts";
import type { Need } from "../protocols/bus/records.ts";

const TIMEOUT = 60_000;

Deno.test({
  name: "needs: real Claude Code's held Bash permission approved by a tap on the phone page",
  ignore: claudeUnavailable() !== undefined,
  ...E2E,
}, async () => {
  await withServer(async (fx) => {
    await using api = await mockAnthropic([
      toolUse("Bash", { command: "touch weft-phone.txt", description: "Touch a file" }),
      text("Approved and done."),
    ]);
    const pane = await startHookedClaude(fx, api.url, "run it");
    await eventually("the held request in pane.needs", async () => {
      const { needs } = await fx.client.call("pane.needs", { wait: true, timeout: TIMEOUT });
      return needs.find((n: Need) => n.pane === pane && n.held?.input === "touch weft-phone.txt");
    }, {
      timeoutMs: TIMEOUT,
      detail: async () => (await fx.client.call("pane.read", { pane })).text,
    });
    const { url } = await fx.client.call<{ url: string }>("web.login", {});
    await withBrowser(async (browser) => {
      const page = await browser.newPage();
      await page.setViewportSize({ width: 390, height: 844 });
      await page.goto(url);
      const card = page.locator(`.need[data-pane="${pane}"]`);
      await card.waitFor({ timeout: TIMEOUT });
      ok((await card.innerText()).includes("touch weft-phone.txt"), await card.innerText());
      const approve = card.locator("button.approve");
      await saveScreenshot(page, "needs_phone_claude");
      // The page is the only client, so the session takes its size and Claude Code draws its
      // dialog again, narrower: a tap on a card read before that is refused as STALE (nothing
      // typed) and the card is drawn anew. A person taps again; so does the test, each tap
      // checked by the server against the dialog on screen.
      let tapped = performance.now();
      let results: ReturnType<typeof api.toolResults> = [];
      for (let tap_ = 1; tap_ <= 5 && !results.length; tap_++) {
        await eventually("the Approve button laid out", () => approve.boundingBox());
        tapped = performance.now();
        await tap(page, approve);
        results = await eventually("the tool result at the mock", () => {
          const r = api.toolResults();
          return r.length ? r : undefined;
        }, { timeoutMs: tap_ < 5 ? 5_000 : TIMEOUT }).catch(() => []);
      }
      if (!results.length) {
        throw new Error(
          `no tool result after 5 taps:\n${(await fx.client.call("pane.read", { pane })).text}`,
        );
      }
      console.log(`tap → tool result at the mock: ${Math.round(performance.now() - tapped)} ms`);
      strictEqual(results[0]!.is_error, false, results[0]!.text);
      await Deno.stat(join(fx.dir, "weft-phone.txt"));
      await eventually("Claude Code saying the hook allowed it", async () => {
        const screen = (await fx.client.call("pane.read", { pane })).text;
        return screen.includes("Allowed by PermissionRequest hook");
      }, { timeoutMs: TIMEOUT });
      await card.waitFor({ state: "detached", timeout: TIMEOUT });
      await saveScreenshot(page, "needs_phone_claude_answered");
    });
  }, { weft: { plugins: { web: true } } });
});
