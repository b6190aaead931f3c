/**
 * Your own keys in `weft attach` (in a real outer tmux): the `prefix :` prompt takes tmux
 * command syntax (run by the tmux shim's parser in the server) and bus commands, completes
 * with Tab, and answers in one readable line that clears; a binding from the user's config
 * file works once the file changes, without a restart.
 */

import { ok as assert } from "node:assert/strict";
import { join } from "node:path";
import type { WeftClient } from "../plugins/client/mod.ts";
import { eventually } from "./helpers/poll.ts";
import { OuterTmux } from "./helpers/outer_tmux.ts";
import { E2E, withServer } from "./helpers/server.ts";

async function paneCount(client: WeftClient, window: string): Promise<number> {
  const { panes } = await client.call<{ panes: unknown[] }>("window.layout", { window });
  return panes.length;
}

async function layoutDirection(client: WeftClient, window: string): Promise<string | undefined> {
  const { layout } = await client.call<{ layout: { direction?: string } }>("window.layout", {
    window,
  });
  return layout.direction;
}

Deno.test(
  "prefix : runs split-window -h (Tab-completed) and a bus command, replies clear",
  E2E,
  async () => {
    const tmux = new OuterTmux();
    await withServer(async ({ client, dir }) => {
      const s = await client.call<{ window: string }>("session.create", { argv: ["sh"] });
      try {
        await tmux.shell("a", 100, 30, dir);
        await tmux.attach("a");
        await tmux.until("a", /\[s1\]/);
        await tmux.keys("a", "C-b", ":");
        await tmux.keys("a", "-l", "split-w");
        await tmux.keys("a", "Tab");
        await tmux.until("a", /^:split-window\s*$/m);
        await tmux.keys("a", "-l", "--", "-h");
        await tmux.keys("a", "Enter");
        await eventually(
          "two panes side by side",
          async () =>
            await paneCount(client, s.window) === 2 &&
            await layoutDirection(client, s.window) === "horizontal",
        );
        await tmux.keys("a", "C-b", ":");
        await tmux.keys("a", "-l", "pane.list");
        await tmux.keys("a", "Enter");
        const screen = await tmux.until("a", /pane\.list: 2 panes/);
        assert(!screen.includes('{"panes"'), screen);
        await tmux.until("a", (t) => !t.includes("pane.list:"));
      } finally {
        await tmux.kill();
      }
    }, { weft: { shell: "sh" } });
  },
);

Deno.test(
  "a key binding from the user's config file works after the file changes",
  E2E,
  async () => {
    const tmux = new OuterTmux();
    const home = await Deno.makeTempDir({ prefix: "weft-xdg-" });
    await Deno.mkdir(join(home, "weft"));
    const file = join(home, "weft", "config.toml");
    await Deno.writeTextFile(file, '[attach.theme]\nborder = "fg=blue"\n');
    await withServer(async ({ client, dir }) => {
      const s = await client.call<{ window: string }>("session.create", { argv: ["sh"] });
      try {
        await tmux.shell("a", 100, 30, dir);
        await tmux.attach("a", "", `XDG_CONFIG_HOME=${home}`);
        await tmux.until("a", /\[s1\]/);
        await Deno.writeTextFile(
          file,
          '[attach.theme]\nborder = "fg=blue"\n\n[attach.bind.prefix]\n"|" = "split-window -h"\n',
        );
        await tmux.until("a", /read .*config\.toml again/);
        await tmux.keys("a", "C-b", "|");
        await eventually(
          "the bound key's split",
          async () => await paneCount(client, s.window) === 2,
        );
      } finally {
        await tmux.kill();
        await Deno.remove(home, { recursive: true }).catch(() => {});
      }
    }, { weft: { shell: "sh" } });
  },
);
