/**
 * Web door benchmarks: a real `weft serve` process with the web plugin on, its page in Debian's
 * Chromium (headless, over CDP).
 *
 * - keystroke echo: from the browser's keydown to the echoed character in the pane's xterm.js
 *   rows, both timed inside the page (goal p50 ≤ 16 ms);
 * - the same in a window of 10 panes while one of them floods output (goal p99 ≤ 50 ms).
 *
 * Run alone: `deno task bench -- web`.
 *
 * @module
 */

import type { Page } from "playwright-core";
import type { WeftClient } from "../../plugins/client/mod.ts";
import { withBrowser } from "../helpers/browser.ts";
import { cpuNow, cpuShares, percentile, spawnServer } from "./_util.ts";

const SAMPLES = 200;

/**
 * Echo latencies (ms) of `SAMPLES` keys typed into `pane`, timed in the page, and how many keys
 * showed no echo within 10 s (counted, not fatal: a figure, not a test).
 */
async function echoLatencies(
  page: Page,
  pane: string,
): Promise<{ ms: number[]; lost: number; parts: number[][] }> {
  await page.evaluate((id) => {
    const w = globalThis as unknown as {
      __lat: number[];
      __echoed?: () => void;
      __down: number;
      __sent: number;
      __came: number;
      __parts: number[][];
    };
    w.__lat = [];
    w.__parts = [];
    const rows = document.querySelector(`.pane[data-pane="${id}"] .xterm-rows`)!;
    document.addEventListener("keydown", () => {
      w.__down = performance.now();
      w.__sent = w.__came = 0;
    }, true);
    // The stages of one echo: key to WebSocket send, send to the echo's frame reaching the
    // pane's terminal (the server and the web plugin), and that to the row drawn.
    const send = WebSocket.prototype.send;
    WebSocket.prototype.send = function (data) {
      if (w.__down && !w.__sent && typeof data === "string" && data.includes('"input"')) {
        w.__sent = performance.now();
      }
      return send.call(this, data);
    };
    const T = (globalThis as unknown as { Terminal: { prototype: { write: unknown } } }).Terminal;
    const write = T.prototype.write as (this: unknown, ...a: unknown[]) => unknown;
    T.prototype.write = function (this: { element?: Element }, ...a: unknown[]) {
      if (w.__sent && !w.__came && this.element?.closest(`.pane[data-pane="${id}"]`)) {
        w.__came = performance.now();
      }
      return write.apply(this, a);
    };
    let last = rows.textContent;
    new MutationObserver(() => {
      if (rows.textContent === last) return;
      last = rows.textContent;
      if (!w.__down) return;
      const now = performance.now();
      w.__lat.push(now - w.__down);
      if (w.__sent && w.__came) {
        w.__parts.push([w.__sent - w.__down, w.__came - w.__sent, now - w.__came]);
      }
      w.__down = 0;
      w.__echoed?.();
    }).observe(rows, { subtree: true, childList: true, characterData: true });
  }, pane);
  await page.locator(`.pane[data-pane="${pane}"]`).click();
  let lost = 0;
  for (let i = 0; i < SAMPLES; i++) {
    // Waits in the page for the echo without polling (a rAF poll would keep the page and this
    // process busy, and take CPU from what is measured).
    const seen = await page.evaluate(() => (globalThis as unknown as { __lat: number[] }).__lat);
    const echoed = page.evaluate((n) =>
      new Promise<boolean>((resolve) => {
        const w = globalThis as unknown as { __lat: number[]; __echoed?: () => void };
        const timer = setTimeout(() => resolve(false), 10_000);
        w.__echoed = () => {
          if (w.__lat.length <= n) return;
          clearTimeout(timer);
          resolve(true);
        };
        w.__echoed(); // it may have come already
      }), seen.length);
    await page.keyboard.press("a");
    if (!(await echoed)) lost++;
  }
  await page.keyboard.press("Control+U");
  const { ms, parts } = await page.evaluate(() => {
    const w = globalThis as unknown as { __lat: number[]; __parts: number[][] };
    return { ms: w.__lat, parts: w.__parts };
  });
  return { ms, lost, parts };
}

/** p50 and p99 of each stage of the echoes (see {@link echoLatencies}), under `label`. */
function stages(out: Record<string, number>, label: string, parts: number[][]): void {
  const names = ["key to send", "send to frame (server + plugin)", "frame to drawn"];
  names.forEach((name, i) => {
    const column = parts.map((p) => p[i]!);
    out[`${label}${name} p50 ms`] = percentile(column, 50);
    out[`${label}${name} p99 ms`] = percentile(column, 99);
  });
}

/** Waits for the web plugin to run; returns a fresh login URL. */
export async function webReady(client: WeftClient): Promise<string> {
  for (let i = 0; i < 300; i++) {
    const s = await client.call<{ plugins: { name: string; state: string }[] }>("server.status");
    if (s.plugins.some((p) => p.name === "web" && p.state === "running")) {
      return (await client.call<{ url: string }>("web.login", {})).url;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error("the web plugin did not start within 30 s");
}

/** Keystroke-to-echo latency in the browser, quiet and next to a flooding pane. */
export async function benchWeb(): Promise<Record<string, number>> {
  const server = await spawnServer({ plugins: { web: true } });
  const client = await server.connect();
  const out: Record<string, number> = {};
  try {
    const url = await webReady(client);
    const { panes } = await client.call<{ panes: { id: string }[] }>("pane.list", {});
    const pane = panes[0]!.id;
    await withBrowser(async (browser) => {
      const page = await browser.newPage();
      await page.setViewportSize({ width: 1800, height: 1000 });
      await page.goto(url);
      await page.locator(`.pane[data-pane="${pane}"][data-ready="true"]`).waitFor();
      const quiet = await echoLatencies(page, pane);
      out["echo p50 ms"] = percentile(quiet.ms, 50);
      out["echo p99 ms"] = percentile(quiet.ms, 99);
      out["keys without echo"] = quiet.lost;
      stages(out, "", quiet.parts);
      let flooder = "";
      for (let i = 0; i < 9; i++) {
        const made = await client.call<{ id: string }>("pane.create", {
          split: i % 2 ? pane : panes[0]!.id,
          ...(i === 0 ? { command: "yes weft-flood" } : {}),
        });
        if (i === 0) flooder = made.id;
      }
      await page.locator(".pane").nth(9).waitFor();
      await page.locator(`.pane[data-pane="${flooder}"][data-ready="true"]`).waitFor();
      const cpuBefore = cpuNow();
      const t0 = performance.now();
      const busy = await echoLatencies(page, pane);
      const shares = cpuShares(cpuBefore, cpuNow(), performance.now() - t0, [
        ["server", (c) => c.includes(" serve --project ")],
        ["web plugin", (c) => c.includes("--weft-plugin=web")],
        ["other plugins", (c) => c.includes("--weft-plugin=")],
        ["chromium", (c) => c.includes("chromium")],
        ["flooder", (c) => c.startsWith("yes weft-flood")],
        ["bench (driving the page over CDP)", (c) => c.includes("tests/bench/mod.ts")],
      ]);
      for (const [g, pct] of Object.entries(shares)) {
        out[`CPU % of a core while flooding: ${g}`] = pct;
      }
      out["echo p50 ms, 10 panes, 1 flooding"] = percentile(busy.ms, 50);
      out["echo p99 ms, 10 panes, 1 flooding"] = percentile(busy.ms, 99);
      out["keys without echo, 10 panes, 1 flooding"] = busy.lost;
      stages(out, "flooding: ", busy.parts);
      out["load average (1 min)"] = Deno.loadavg()[0]!;
    });
  } finally {
    client.close();
    await server.stop();
  }
  return out;
}

if (import.meta.main) console.table(await benchWeb());
