/**
 * The web page's input beyond typing, in Debian's Chromium over CDP: dragging the border
 * between two panes resizes them in the server's layout, a program that asked for mouse
 * reports gets the page's clicks, a paste into a program that asked for bracketed paste comes
 * bracketed, IME composition text arrives as input, and the page scrolls back into history
 * the server had before the page opened; agents' states show as badges, and agents blocked on a
 * human are counted in every window; a canvas pane shows like any other. One server and one
 * browser for all of it.
 */

import assert from "node:assert/strict";
import type { Page } from "playwright-core";
import { E2E, withServer } from "./helpers/server.ts";
import { eventually } from "./helpers/poll.ts";
import { saveScreenshot, withBrowser } from "./helpers/browser.ts";
import type { WeftClient } from "../plugins/client/mod.ts";

const WEB = { plugins: { web: true } };
/** Asks for SGR mouse reports and bracketed paste, then shows what it gets (`cat -v`). */
const SHOW_INPUT =
  "printf 'show-input\\n\\033[?1000h\\033[?1006h\\033[?2004h'; stty -echo -icanon; exec cat -v";

/** Turns on mouse reports in the default (X10) encoding and prints the first report's bytes. */
const X10_PROGRAM =
  "printf 'x10-ready\\n\\033[?1000h'; stty raw -echo; head -c 6 | od -An -tx1; sleep 60";

/** Waits on a condition with a time-out generous enough for a loaded machine. */
function soon<T>(
  what: string,
  check: () => T | undefined | null | false | Promise<T | undefined | null | false>,
  options: { timeoutMs?: number } = {},
): Promise<T> {
  return eventually(what, check, { timeoutMs: 30_000, ...options });
}

async function paneText(client: WeftClient, pane: string): Promise<string> {
  return (await client.call<{ text: string }>("pane.read", { pane })).text;
}

function shown(page: Page, pane: string): Promise<string> {
  return page.locator(`.pane[data-pane="${pane}"] .xterm-rows`).innerText();
}

async function paneCols(client: WeftClient, pane: string): Promise<number> {
  const { panes } = await client.call<{ panes: { pane: string; cols: number }[] }>(
    "window.layout",
    {},
  );
  return panes.find((p) => p.pane === pane)!.cols;
}

Deno.test(
  "web page in Chromium: drag a border, mouse for a program that asks, bracketed paste, IME, scrollback, zoom, canvas, agent states",
  E2E,
  async (t) => {
    await withServer(async ({ client }) => {
      const { panes } = await client.call<{ panes: { id: string }[] }>("pane.list", {});
      const shell = panes[0]!.id;
      await client.call("pane.write", {
        pane: shell,
        text: "for i in $(seq 1 120); do echo history-$i; done; echo done-$((6*7))\r",
      });
      await soon(
        "done-42 in the shell",
        async () => /done-42/.test(await paneText(client, shell)),
      );
      const { id: other } = await client.call<{ id: string }>("pane.create", {
        split: shell,
        direction: "horizontal",
        command: SHOW_INPUT,
      });
      await soon(
        "the program's modes",
        async () => /show-input/.test(await paneText(client, other)),
      );
      const { url } = await client.call<{ url: string }>("web.login", {});
      await withBrowser(async (browser) => {
        const page = await browser.newPage();
        await page.setViewportSize({ width: 1200, height: 700 });
        await page.goto(url);
        for (const p of [shell, other]) {
          await page.locator(`.pane[data-pane="${p}"][data-ready="true"]`).waitFor();
        }

        await t.step("dragging the border moves it in the server's layout", async () => {
          const before = await paneCols(client, shell);
          const border = page.locator(".border.horizontal");
          const box = (await border.boundingBox())!;
          const cellW = box.width; // a border is one cell wide
          const y = box.y + box.height / 2;
          await page.mouse.move(box.x + cellW / 2, y);
          await page.mouse.down();
          await page.mouse.move(box.x + cellW / 2 - 10 * cellW, y, { steps: 5 });
          await page.mouse.up();
          await soon(
            "the left pane 10 columns narrower",
            async () => (await paneCols(client, shell)) === before - 10,
          );
          const { panes: sized } = await client.call<{ panes: { id: string; cols: number }[] }>(
            "pane.list",
            {},
          );
          assert.equal(sized.find((p) => p.id === shell)!.cols, before - 10, "the PTY follows");
        });

        await t.step(
          "the toolbar zooms the focused pane to the whole window and back",
          async () => {
            // The zoom acts on the pane clicked last, whether or not the view caught up yet.
            await page.locator(`.pane[data-pane="${other}"]`).click();
            await page.locator(`.pane[data-pane="${shell}"]`).click();
            await page.locator("#zoom").click();
            await page.locator(`.pane[data-pane="${other}"]`).waitFor({ state: "detached" });
            const { cols } = await client.call<{ cols: number }>("window.layout", {});
            await soon("the zoomed PTY as wide as the window", async () => {
              const { panes } = await client.call<{ panes: { id: string; cols: number }[] }>(
                "pane.list",
                {},
              );
              return panes.find((p) => p.id === shell)!.cols === cols;
            });
            const box = (await page.locator(`.pane[data-pane="${shell}"]`).boundingBox())!;
            const whole = (await page.locator("#window").boundingBox())!;
            assert.ok(box.width > whole.width * 0.9, "the page shows it across the window");
            await page.locator("#zoom").click();
            await page.locator(`.pane[data-pane="${other}"][data-ready="true"]`).waitFor();
          },
        );

        // Two panes, a moved border, a program's output: the page as a human sees it.
        const png = await saveScreenshot(page, "web_page");
        assert.deepEqual([...png.subarray(1, 4)], [0x50, 0x4e, 0x47], "a PNG");

        await t.step("a click reaches a program that asked for mouse reports", async () => {
          const pane = page.locator(`.pane[data-pane="${other}"] .xterm-screen`);
          const box = (await pane.boundingBox())!;
          await page.mouse.click(box.x + 5, box.y + box.height / 2);
          await soon(
            "an SGR mouse report in the program",
            async () => /\^\[\[<0;1;\d+M\^\[\[<0;1;\d+m/.test(await paneText(client, other)),
          );
        });

        await t.step(
          "a paste into a program that asked for bracketed paste comes bracketed",
          async () => {
            await page.evaluate((id) => {
              const area = document.querySelector<HTMLTextAreaElement>(
                `.pane[data-pane="${id}"] textarea`,
              )!;
              const data = new DataTransfer();
              data.setData("text/plain", "pasted-words");
              area.dispatchEvent(
                new ClipboardEvent("paste", { clipboardData: data, bubbles: true }),
              );
            }, other);
            await soon(
              "the bracketed paste in the program",
              async () => /\^\[\[200~pasted-words\^\[\[201~/.test(await paneText(client, other)),
            );
          },
        );

        await t.step("IME composition text arrives as input", async () => {
          await page.locator(`.pane[data-pane="${shell}"]`).click();
          await page.keyboard.type("echo ime-");
          const cdp = await browser.newCDPSession(page);
          await cdp.send("Input.imeSetComposition", {
            text: "にほん",
            selectionStart: 3,
            selectionEnd: 3,
          });
          await cdp.send("Input.insertText", { text: "日本" });
          // xterm.js sends what was composed a moment after the composition ends: a human's
          // Enter comes later than that, a test's must wait for it.
          await soon(
            "the composed text on the shell's line",
            async () => /echo ime-日本$/m.test(await paneText(client, shell)),
          );
          await page.keyboard.press("Enter");
          await soon(
            "the composed text in the shell",
            async () => /^ime-日本$/m.test(await paneText(client, shell)),
          );
          await soon(
            "and in the page",
            async () => /ime-日本/.test(await shown(page, shell)),
          );
        });

        await t.step("the page scrolls back into the history it was sent", async () => {
          assert.doesNotMatch(await shown(page, shell), /history-2\b/);
          const box = (await page.locator(`.pane[data-pane="${shell}"]`).boundingBox())!;
          await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
          // Each wheel event scrolls about three lines: keep turning it.
          await soon("history-2 shown after scrolling up", async () => {
            await page.mouse.wheel(0, -20_000);
            return /^history-2$/m.test(await shown(page, shell));
          }, { timeoutMs: 60_000 });
        });

        await t.step(
          "a canvas pane shows like any pane, and keys typed into it reach its owner",
          async () => {
            const { pane: canvas } = await client.call<{ pane: string }>("canvas.open", {
              kind: "json",
              content: '{"shown": "canvas-value-42"}',
              split: shell,
              direction: "vertical",
            });
            await page.locator(`.pane[data-pane="${canvas}"][data-ready="true"]`).waitFor();
            await soon(
              "the canvas's text in the page",
              async () => /canvas-value-42/.test(await shown(page, canvas)),
            );
            await page.locator(`.pane[data-pane="${canvas}"]`).click();
            await page.keyboard.press("q"); // the canvas plugin closes a canvas on q
            await page.locator(`.pane[data-pane="${canvas}"]`).waitFor({ state: "detached" });
          },
        );

        await t.step(
          "agent states show as badges; blocked agents are counted in every window",
          async () => {
            await client.call("pane.set", { pane: other, state: "blocked", message: "allow rm?" });
            await page.locator(`.pane[data-pane="${other}"][data-state="blocked"]`).waitFor();
            assert.match(
              await page.locator(`.pane[data-pane="${other}"] .badge`).innerText(),
              /blocked/,
            );
            await soon(
              "1 blocked",
              async () => (await page.locator("#blocked").innerText()) === "1 blocked",
            );
            const second = await client.call<{ window: string; pane: string }>("window.create", {
              window: "second",
              command: "exec cat",
            });
            await client.call("pane.set", { pane: second.pane, state: "blocked" });
            await soon(
              "2 blocked",
              async () => (await page.locator("#blocked").innerText()) === "2 blocked",
            );
            await page.locator("#tabs button", { hasText: "second" }).locator(".badge.blocked")
              .waitFor();
            await client.call("pane.set", { pane: other, state: "idle" });
            await soon(
              "1 blocked again",
              async () => (await page.locator("#blocked").innerText()) === "1 blocked",
            );
            await page.locator("#blocked").click();
            await page.locator(`.pane[data-pane="${second.pane}"][data-state="blocked"]`).waitFor();
          },
        );

        await t.step(
          "a click past column 95 reaches a program in the X10 encoding as bytes, not UTF-8",
          async () => {
            const x10 = await client.call<{ window: string; pane: string }>("window.create", {
              window: "x10",
              command: X10_PROGRAM,
            });
            await soon(
              "the program ready",
              async () => /x10-ready/.test(await paneText(client, x10.pane)),
            );
            await page.locator("#tabs button", { hasText: "x10" }).click();
            await page.locator(`.pane[data-pane="${x10.pane}"][data-ready="true"]`).waitFor();
            // The page sends its size when it shows the window: wait until the server's PTY and
            // the page's terminal both have it (clicking earlier hits the old, narrower one).
            const sizes = async () => {
              const { panes } = await client.call<{ panes: { id: string; cols: number }[] }>(
                "pane.list",
                {},
              );
              const drawn = await page.locator(`.pane[data-pane="${x10.pane}"]`).getAttribute(
                "data-cols",
              );
              return [panes.find((p) => p.id === x10.pane)!.cols, Number(drawn)];
            };
            const cols = await soon("the page and the PTY at one width, settled", async () => {
              const [pty, drawn] = await sizes();
              if (pty! <= 110 || drawn !== pty) return false;
              await new Promise((r) => setTimeout(r, 150));
              const again = await sizes();
              return again[0] === pty && again[1] === pty && pty;
            });
            const screen = page.locator(`.pane[data-pane="${x10.pane}"] .xterm-screen`);
            const box = (await screen.boundingBox())!;
            const col = cols - 5; // 1-based column of the click, past 95
            await page.mouse.click(box.x + (col - 0.5) * (box.width / cols), box.y + 5);
            let last = "";
            const hex = await eventually("the report's bytes in hex", async () => {
              last = await paneText(client, x10.pane);
              const m = /^\s*1b 5b 4d 20 ([0-9a-f]{2}) ([0-9a-f]{2})\s*$/m.exec(last);
              return m && [parseInt(m[1]!, 16), parseInt(m[2]!, 16)];
            }, { timeoutMs: 30_000, detail: () => `the pane shows:\n${last}` });
            // One byte for the column (32 + column), one for row 1 (33): not a 2-byte character.
            assert.deepEqual(hex, [32 + col, 33]);
          },
        );

        await t.step("emoji take two cells in the page, as on the server's screen", async () => {
          const wide = await client.call<{ window: string; pane: string }>("window.create", {
            window: "wide",
            command:
              "printf '\\342\\234\\205x|\\344\\270\\255y|\\360\\237\\230\\200z\\n'; sleep 60",
          });
          await soon(
            "the line on the server",
            async () => /z/.test(await paneText(client, wide.pane)),
          );
          await page.locator("#tabs button", { hasText: "wide" }).click();
          await page.locator(`.pane[data-pane="${wide.pane}"][data-ready="true"]`).waitFor();
          // The cell each of x, y and z is drawn in, from where the browser put it.
          const cells = await soon("the line in the page", () =>
            page.evaluate((id) => {
              const rows = document.querySelector(`.pane[data-pane="${id}"] .xterm-rows`)!;
              const row = [...rows.children].find((r) => r.textContent!.includes("z"));
              if (!row) return undefined;
              const box = rows.getBoundingClientRect();
              const walker = document.createTreeWalker(row, NodeFilter.SHOW_TEXT);
              const lefts: Record<string, number> = {};
              for (let n = walker.nextNode(); n; n = walker.nextNode()) {
                const text = n.textContent!;
                for (let i = 0; i < text.length; i++) {
                  if (!"xyz".includes(text[i]!)) continue;
                  const range = document.createRange();
                  range.setStart(n, i);
                  range.setEnd(n, i + 1);
                  lefts[text[i]!] = range.getBoundingClientRect().left - box.left;
                }
              }
              return Object.keys(lefts).length === 3 ? lefts : undefined;
            }, wide.pane));
          // ✅ x | 中 y | 😀 z: x in cell 2, y in 6, z in 10 (with one-cell emoji: 1, 5 and 8).
          // From x to y is 4 cells either way, which gives the cell's width.
          const cell = (cells.y! - cells.x!) / 4;
          const at = (c: "x" | "y" | "z") => Math.round((cells[c]! / cell) * 10) / 10;
          assert.deepEqual([at("x"), at("y"), at("z")], [2, 6, 10], JSON.stringify(cells));
        });
      });
    }, { weft: WEB, startupSession: true });
  },
);
