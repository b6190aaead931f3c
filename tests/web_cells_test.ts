/**
 * The page draws every pixel of a cell (Chromium, device pixel ratio 1, the DOM renderer): a
 * pane printing `___` in the four corners of its screen shows all four, the bottom row's
 * underscores inside the pane (they were cut off by the row height), and each pane's title box
 * sits above its terminal rather than on its top row: the top pane's in the page's title row,
 * the one under it in the border row between them. Checked on the screenshot's pixels (read
 * back through a canvas of the page) and on the title's and rows' boxes.
 */

import assert from "node:assert/strict";
import { Buffer } from "node:buffer";
import type { Page } from "playwright-core";
import { E2E, withServer } from "./helpers/server.ts";
import { saveScreenshot, withBrowser } from "./helpers/browser.ts";
import { waitForText } from "./helpers/panes.ts";

/** Prints `___` in the four corners, again at each resize, then waits. */
const CORNERS = "draw() { r=$(tput lines); c=$(tput cols); printf '\\033[2J\\033[H___'; " +
  "printf '\\033[1;%dH___' $((c-2)); printf '\\033[%d;1H___' $r; " +
  "printf '\\033[%d;%dH___' $r $((c-2)); printf '\\033[2;1Hcorners-%s' $((6*7)); }; " +
  "trap draw WINCH; draw; while :; do sleep 5 & wait; done";

interface Box {
  x: number;
  y: number;
  w: number;
  h: number;
}

/**
 * How many pixels of `box` in the PNG `png` are light (the page's text is light on dark), read
 * through a canvas of `page` (a blank page: weft's own allows no `data:` images).
 */
function lightPixels(page: Page, png: Uint8Array, box: Box): Promise<number> {
  const data = `data:image/png;base64,${Buffer.from(png).toString("base64")}`;
  return page.evaluate(async ([src, b]) => {
    const img = new Image();
    img.src = src;
    await img.decode();
    const canvas = document.createElement("canvas");
    canvas.width = img.width;
    canvas.height = img.height;
    const ctx = canvas.getContext("2d")!;
    ctx.drawImage(img, 0, 0);
    const px = ctx.getImageData(b.x, b.y, b.w, b.h).data;
    let n = 0;
    for (let i = 0; i < px.length; i += 4) if (px[i]! + px[i + 1]! + px[i + 2]! > 300) n++;
    return n;
  }, [data, box] as const);
}

/** Where a pane and its parts are on the page. */
interface Geometry {
  pane: Box;
  screen: Box;
  title: Box;
  first: Box;
  last: Box;
  cols: number;
}

function overlaps(a: Box, b: Box): boolean {
  return a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;
}

Deno.test(
  "web page in Chromium: a cell's bottom row is drawn, and titles do not cover the top row",
  E2E,
  async () => {
    await withServer(async ({ client }) => {
      const corners = ["bash", "--norc", "--noprofile", "-c", CORNERS];
      const top = await client.call<{ pane: string }>("session.create", { argv: corners });
      // A second pane under it: its title goes in the border row between them.
      const under = await client.call<{ id: string }>("pane.create", {
        split: top.pane,
        direction: "vertical",
        argv: corners,
      });
      const panes = [top.pane, under.id];
      for (const pane of panes) await waitForText(client, { pane, match: "corners-42" });
      const { url } = await client.call<{ url: string }>("web.login", {});
      await withBrowser(async (browser) => {
        const page = await browser.newPage();
        await page.goto(url);
        // Headless Chromium draws with a software GL, so the page keeps xterm.js's DOM renderer.
        assert.equal(await page.evaluate(() => document.body.dataset.renderer), "dom");
        // At the page's own size (not scaled), every corner printed (a resize redraws them).
        await page.waitForFunction((ids) => {
          if (document.getElementById("window")!.dataset.scale !== "1.000") return false;
          return ids.every((id) => {
            const rows = [
              ...document.querySelectorAll(`.pane[data-pane="${id}"] .xterm-rows > div`),
            ];
            const first = rows[0]?.textContent ?? "";
            const last = rows.at(-1)?.textContent ?? "";
            return /^___ +___$/.test(first.trimEnd()) && /^___ +___$/.test(last.trimEnd());
          });
        }, panes);
        const geos = await page.evaluate((ids) =>
          ids.map((id) => {
            const root = document.querySelector(`.pane[data-pane="${id}"]`)!;
            const box = (e: Element) => {
              const r = e.getBoundingClientRect();
              return { x: r.x, y: r.y, w: r.width, h: r.height };
            };
            const rows = [...root.querySelectorAll(".xterm-rows > div")];
            return {
              pane: box(root),
              screen: box(root.querySelector(".xterm-screen")!),
              title: box(root.querySelector(".title")!),
              first: box(rows[0]!),
              last: box(rows.at(-1)!),
              cols: Number((root as HTMLElement).dataset.cols),
            };
          }), panes) as Geometry[];
        const png = await saveScreenshot(page, "web_cells_corners");
        assert.equal(await page.evaluate(() => devicePixelRatio), 1);
        assert.ok(geos[1]!.pane.y > geos[0]!.pane.y, "stacked");
        const blank = await browser.newPage();
        const missing = [];
        for (const [n, geo] of geos.entries()) {
          // No title box covers a row of a terminal (its own first row, the upper one's last).
          for (const other of geos) {
            for (const row of [other.first, other.last]) {
              assert.ok(
                !overlaps(geo.title, row),
                `${panes[n]}'s title ${JSON.stringify(geo.title)} covers ${JSON.stringify(row)}`,
              );
            }
          }
          // The terminal's rows are inside the pane's box.
          assert.ok(
            geo.last.y + geo.last.h <= geo.pane.y + geo.pane.h + 0.5,
            `the last row ${JSON.stringify(geo.last)} is below the pane ${
              JSON.stringify(geo.pane)
            }`,
          );
          // Each corner's underscores: the bottom half of its cells (an underscore's ink),
          // within the pane; light pixels there are the underscores drawn.
          const cellW = geo.screen.w / geo.cols;
          const corner = (row: Box, right: boolean): Box => ({
            x: Math.round(right ? row.x + row.w - 3 * cellW : row.x),
            y: Math.round(row.y + row.h / 2),
            w: Math.floor(3 * cellW),
            h: Math.round(
              Math.min(row.y + row.h, geo.pane.y + geo.pane.h) - (row.y + row.h / 2),
            ),
          });
          for (
            const [name, box] of [
              ["top left", corner(geo.first, false)],
              ["top right", corner(geo.first, true)],
              ["bottom left", corner(geo.last, false)],
              ["bottom right", corner(geo.last, true)],
            ] as const
          ) {
            const lit = await lightPixels(blank, png, box);
            if (lit < 2 * cellW) {
              missing.push(`${panes[n]} ${name}: ${lit} light pixels in ${JSON.stringify(box)}`);
            }
          }
        }
        assert.deepEqual(missing, [], "underscores not drawn");
      });
    }, { weft: { plugins: { web: true } }, startupSession: false });
  },
);
