/**
 * Getting around in `weft attach` (in a real outer tmux): the session/window/pane tree
 * (`prefix w`) previews and chooses a window; resize keys and a mouse drag on a border change
 * the layout's ratio.
 */

import { ok as assert } from "node:assert/strict";
import type { WeftClient } from "../plugins/client/mod.ts";
import { eventually } from "./helpers/poll.ts";
import { OuterTmux } from "./helpers/outer_tmux.ts";
import { E2E, withServer } from "./helpers/server.ts";

type Tree = { type: "pane"; pane: string } | { type: "split"; children: { ratio: number }[] };

async function firstRatio(client: WeftClient, window: string): Promise<number> {
  const { layout } = await client.call<{ layout: Tree }>("window.layout", { window });
  return layout.type === "split" ? layout.children[0]!.ratio : 1;
}

async function currentWindow(client: WeftClient): Promise<string | null> {
  const { sessions } = await client.call<{ sessions: { currentWindow: string | null }[] }>(
    "session.list",
  );
  return sessions[0]!.currentWindow;
}

Deno.test("the tree (prefix w) previews a window's pane and chooses that window", E2E, async () => {
  const tmux = new OuterTmux();
  await withServer(async ({ client, dir }) => {
    const s = await client.call<{ session: string; window: string; pane: string }>(
      "session.create",
      { argv: ["sh"] },
    );
    await client.call("pane.write", {
      pane: s.pane,
      text: "echo in-window-$((0+1))",
      keys: ["Enter"],
    });
    const w2 = await client.call<{ window: string }>("window.create", {
      session: s.session,
    });
    await client.call("window.select", { window: w2.window });
    try {
      await tmux.shell("a", 100, 30, dir);
      await tmux.attach("a");
      await tmux.until("a", /1:w2\*/);
      await tmux.keys("a", "C-b", "w");
      await tmux.until("a", /choose: /);
      // Rows: the session, w1, its pane, w2 (chosen: current), its pane. Up twice is w1.
      await tmux.keys("a", "Up", "Up");
      await tmux.until("a", /^in-window-1/m);
      await tmux.keys("a", "Enter");
      await eventually("window w1 chosen", async () => await currentWindow(client) === s.window);
      await tmux.until("a", (t) => /0:w1\*/.test(t) && !t.includes("choose: "));
    } finally {
      await tmux.kill();
    }
  }, { weft: { shell: "sh" } });
});

Deno.test("resize keys and a mouse drag on the border change the layout's ratio", E2E, async () => {
  const tmux = new OuterTmux();
  await withServer(async ({ client, dir }) => {
    const s = await client.call<{ window: string; pane: string }>("session.create", {
      argv: ["sh"],
    });
    await client.call("pane.create", { split: s.pane, direction: "horizontal" });
    try {
      await tmux.shell("a", 101, 30, dir);
      await tmux.attach("a");
      await tmux.until("a", /─ p2 /);
      const before = await firstRatio(client, s.window);
      const border = (t: string) => t.split("\n")[5]!.indexOf("│");
      // The right pane (focused) grows by five cells to the left.
      await tmux.keys("a", "C-b", "M-Left");
      await eventually(
        "the ratio after M-Left",
        async () => await firstRatio(client, s.window) < before - 0.03,
      );
      const afterKeys = await firstRatio(client, s.window);
      // The client draws the moved border (right of the left pane) before the mouse goes to it.
      const { panes } = await client.call<{ panes: { pane: string; cols: number }[] }>(
        "window.layout",
        { window: s.window },
      );
      const x = panes.find((p) => p.pane === s.pane)!.cols;
      await tmux.until("a", (t) => border(t) === x);
      // Drag the border ten columns to the right.
      const at = (col: number, button: number, final: string) =>
        `\x1b[<${button};${col + 1};6${final}`;
      await tmux.bytes("a", at(x, 0, "M"));
      await tmux.bytes("a", at(x + 4, 32, "M"));
      await tmux.bytes("a", at(x + 10, 32, "M"));
      await tmux.bytes("a", at(x + 10, 0, "m"));
      await eventually(
        "the ratio after the drag",
        async () => await firstRatio(client, s.window) > afterKeys + 0.05,
      );
      await tmux.until("a", (t) => t.split("\n")[5]!.indexOf("│") === x + 10);
    } finally {
      await tmux.kill();
    }
  }, { weft: { shell: "sh" } });
});

Deno.test(
  "prefix , renames the window, z marks the zoom, { swaps, ! breaks the pane out",
  E2E,
  async () => {
    const tmux = new OuterTmux();
    await withServer(async ({ client, dir }) => {
      const s = await client.call<{ session: string; window: string; pane: string }>(
        "session.create",
        { argv: ["sh"] },
      );
      const right = await client.call<{ id: string }>("pane.create", {
        split: s.pane,
        direction: "horizontal",
      });
      const panes = async () =>
        (await client.call<{ panes: { pane: string }[] }>("window.layout", { window: s.window }))
          .panes.map((p) => p.pane);
      try {
        await tmux.shell("a", 100, 30, dir);
        await tmux.attach("a");
        await tmux.until("a", /─ p2 /);
        await tmux.keys("a", "C-b", ",");
        await tmux.until("a", /rename window:/);
        await tmux.keys("a", "-l", "editor");
        await tmux.keys("a", "Enter");
        await tmux.until("a", /0:editor\*/);
        await tmux.keys("a", "C-b", "z");
        await tmux.until("a", /0:editor\*Z/);
        await tmux.keys("a", "C-b", "z");
        await tmux.until("a", (t) => /0:editor\* /.test(t));
        await tmux.keys("a", "C-b", "{");
        await eventually(
          "the panes swapped",
          async () => (await panes()).join() === [right.id, s.pane].join(),
        );
        await tmux.keys("a", "C-b", "!");
        await tmux.until("a", /0:editor 1:w\d+\*/);
        const { windows } = await client.call<{ windows: { panes: string[] }[] }>("window.list", {
          session: s.session,
        });
        assert(
          windows.length === 2 && windows[1]!.panes.join() === right.id,
          JSON.stringify(windows),
        );
      } finally {
        await tmux.kill();
      }
    }, { weft: { shell: "sh" } });
  },
);
