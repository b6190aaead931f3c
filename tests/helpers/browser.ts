/**
 * Test helper: Debian's system Chromium, headless, driven over CDP by npm `playwright-core`,
 * with a fresh profile in a temporary folder and nothing that talks to the internet.
 *
 * @module
 */

import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { type BrowserContext, chromium, type Locator, type Page } from "playwright-core";

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

/** Where tests leave screenshots: `$WEFT_TEST_ARTIFACTS`, else `test-artifacts/` in the repo. */
export function artifactsDir(): string {
  return Deno.env.get("WEFT_TEST_ARTIFACTS") ??
    fileURLToPath(new URL("../../test-artifacts/", import.meta.url));
}

/** Saves a PNG screenshot of `page` as `<artifacts>/<name>.png`; returns the PNG's bytes. */
export async function saveScreenshot(page: Page, name: string): Promise<Uint8Array> {
  const dir = artifactsDir();
  await Deno.mkdir(dir, { recursive: true });
  const path = join(dir, `${name}.png`);
  await page.screenshot({ path });
  return await Deno.readFile(path);
}

/**
 * Taps `target` with a finger, as a phone does: turns on the page's touch emulation (a touch
 * screen, `pointer: coarse`) and sends a touch start and end at its centre over CDP; the browser
 * makes the tap's events (pointer, touch, the compatibility mouse events and the click).
 */
export async function tap(page: Page, target: Locator): Promise<void> {
  await target.scrollIntoViewIfNeeded();
  const box = await target.boundingBox();
  if (!box) throw new Error(`cannot tap ${target}: it is not shown`);
  const cdp = await page.context().newCDPSession(page);
  try {
    await cdp.send("Emulation.setTouchEmulationEnabled", { enabled: true, maxTouchPoints: 1 });
    const point = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
    await cdp.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: [point] });
    await cdp.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
  } finally {
    await cdp.detach();
  }
}
