/**
 * Test helper: Debian's system Chromium, headless, driven over CDP by npm `playwright-core`,
 * with a fresh profile in a temporary folder and nothing that talks to the internet.
 *
 * @module
 */

import { type BrowserContext, chromium } from "playwright-core";

/** Where Debian's `chromium` package puts the browser. */
export const CHROMIUM = "/usr/bin/chromium";

/** Chromium flags for a quiet, offline, sandbox-free headless run. */
const ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];

/** Starts a browser with a fresh `--user-data-dir`, runs `fn`, and closes it. */
export async function withBrowser(fn: (browser: BrowserContext) => Promise<void>): Promise<void> {
  const profile = await Deno.makeTempDir({ prefix: "weft-chromium-" });
  const browser = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    args: ARGS,
    viewport: { width: 1000, height: 600 },
  });
  try {
    await fn(browser);
  } finally {
    await browser.close();
    await Deno.remove(profile, { recursive: true }).catch(() => {});
  }
}
