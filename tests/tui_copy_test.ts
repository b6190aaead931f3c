/**
 * `weft attach` copy mode end to end, in a real outer tmux that keeps what the client copies
 * with OSC 52 (`set-clipboard on`) as a buffer of its own: keys select and copy, a mouse drag
 * selects within one pane; both land in the outer tmux's buffer and in weft's own buffers (the
 * tmux shim's `show-buffer` reads them).
 */

import { deepStrictEqual as assertEquals, ok as assert } from "node:assert/strict";
import type { WeftClient } from "../plugins/client/mod.ts";
import { runTmux } from "../plugins/tmux/cli.ts";
import { eventually } from "./helpers/poll.ts";
import { OuterTmux } from "./helpers/outer_tmux.ts";
import { E2E, withServer } from "./helpers/server.ts";

const TEXT = "alpha-COPYME-omega";

/** A session whose shell printed {@link TEXT} (the command line itself does not contain it). */
async function sessionWithText(client: WeftClient) {
  const s = await client.call<{ session: string; window: string; pane: string }>(
    "session.create",
    { argv: ["bash", "--norc", "--noprofile"], env: { PS1: "w$ " } },
  );
  await client.call("pane.write", {
    pane: s.pane,
    text: "seq 1 60; printf 'alpha-%s-omega\\n' COPYME",
    keys: ["Enter"],
  });
  return s;
}

/** What weft's tmux shim says the newest paste buffer holds. */
async function weftBuffer(dir: string, socket: string): Promise<string> {
  let out = "";
  await runTmux(["show-buffer"], {
    out: (t) => void (out += t),
    err: () => {},
    cwd: dir,
    env: (n) => ({ WEFT_SOCKET: socket, TMUX_PANE: "%1" })[n],
  });
  return out;
}

async function outerBuffer(tmux: OuterTmux): Promise<string> {
  return await tmux.run("show-buffer").catch(() => "");
}

Deno.test(
  "copy mode: search up with a count, select with v and $, y copies to OSC 52 and weft's buffer",
  E2E,
  async () => {
    const tmux = new OuterTmux();
    await withServer(async ({ client, dir, server }) => {
      await sessionWithText(client);
      try {
        await tmux.shell("a", 100, 30, dir);
        await tmux.run("set-option", "-s", "set-clipboard", "on");
        await tmux.attach("a");
        await tmux.until("a", new RegExp(`^${TEXT}`, "m"));
        await tmux.keys("a", "C-b", "[");
        await tmux.until("a", /copy .*q leaves/);
        await tmux.keys("a", "?");
        await tmux.until("a", /search up:/);
        await tmux.keys("a", "-l", "alpha-copyme");
        await tmux.keys("a", "Enter");
        await tmux.until("a", /"alpha-copyme" 1\/1/);
        // The cursor is on the match: back to the line's start, select to its end, copy.
        await tmux.keys("a", "0", "v", "$");
        await tmux.until("a", /selecting char/);
        await tmux.keys("a", "y");
        await eventually(
          "the copy in the outer tmux's buffer",
          async () => await outerBuffer(tmux) === TEXT,
        );
        assertEquals(await weftBuffer(dir, server.paths.socket), TEXT);
        await tmux.until("a", (t) => !/q leaves/.test(t));
        // prefix ] pastes the newest buffer into the pane, as tmux's paste-buffer.
        await tmux.keys("a", "C-b", "]");
        await tmux.until("a", new RegExp(`^w\\$ ${TEXT}`, "m"));
      } finally {
        await tmux.kill();
      }
    }, { weft: { shell: "sh" } });
  },
);

Deno.test(
  "copy mode: a mouse drag selects within its own pane only, and copies on release",
  E2E,
  async () => {
    const tmux = new OuterTmux();
    await withServer(async ({ client, dir, server }) => {
      const s = await sessionWithText(client);
      await client.call("pane.create", { split: s.pane, direction: "horizontal", focus: false });
      try {
        await tmux.shell("a", 100, 30, dir);
        await tmux.run("set-option", "-s", "set-clipboard", "on");
        await tmux.attach("a");
        const screen = await tmux.until("a", (t) => t.includes(TEXT) && t.includes("─ p2 "));
        const rows = screen.split("\n");
        const y = rows.findIndex((r) => r.startsWith(TEXT));
        assert(y > 0, screen);
        // Press on its first letter, drag far right into the other pane, release there.
        const at = (x: number, final = "M", button = 0) =>
          `\x1b[<${button};${x + 1};${y + 1}${final}`;
        await tmux.bytes("a", at(0));
        await tmux.bytes("a", at(10, "M", 32));
        await tmux.bytes("a", at(90, "M", 32));
        await tmux.until("a", /selecting char/);
        await tmux.bytes("a", at(90, "m"));
        await eventually(
          "the drag's copy in the outer tmux's buffer",
          async () => await outerBuffer(tmux) === TEXT,
        );
        assertEquals(await weftBuffer(dir, server.paths.socket), TEXT);
      } finally {
        await tmux.kill();
      }
    }, { weft: { shell: "sh" } });
  },
);
