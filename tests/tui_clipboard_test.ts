/**
 * A pane program's own clipboard escape (OSC 52, as vim, helix and tools over ssh send it)
 * reaching the terminal `weft attach` runs in: a real outer tmux with `set-clipboard on` keeps
 * what reaches it as a buffer. The project's `clipboard` setting and a pane's `untrusted` tag
 * decide whether it may.
 */

import { deepStrictEqual as assertEquals } from "node:assert/strict";
import type { WeftClient } from "../plugins/client/mod.ts";
import { runTmux } from "../plugins/tmux/cli.ts";
import { eventually } from "./helpers/poll.ts";
import { OuterTmux } from "./helpers/outer_tmux.ts";
import { waitForText } from "./helpers/panes.ts";
import { E2E, withServer } from "./helpers/server.ts";

/** Has the pane's shell print an OSC 52 of `text`, then `done-<text>`; waits for the latter. */
async function copyFromPane(client: WeftClient, pane: string, text: string): Promise<void> {
  await client.call("pane.write", {
    pane,
    text: `printf '\\033]52;c;%s\\a' "$(printf %s ${text} | base64)"; echo done-${text}`,
    keys: ["Enter"],
  });
  await waitForText(client, { pane, match: `^done-${text}$`, regex: true, timeout: 20_000 });
}

/** A copy through the tmux shim (`load-buffer -w`), which always reaches attached clients. */
function shimCopy(dir: string, socket: string, text: string): Promise<number> {
  return runTmux(["load-buffer", "-w", "-"], {
    out: () => {},
    err: () => {},
    cwd: dir,
    env: (n) => ({ WEFT_SOCKET: socket, TMUX_PANE: "%1" })[n],
    stdin: () => Promise.resolve(text),
  });
}

/** What the tmux shim prints for `argv`. */
async function shim(dir: string, socket: string, argv: string[]): Promise<string> {
  let shown = "";
  await runTmux(argv, {
    out: (t) => void (shown += t),
    err: () => {},
    cwd: dir,
    env: (n) => ({ WEFT_SOCKET: socket, TMUX_PANE: "%1" })[n],
  });
  return shown;
}

async function attached(tmux: OuterTmux, dir: string): Promise<void> {
  await tmux.shell("a", 100, 30, dir);
  await tmux.run("set-option", "-s", "set-clipboard", "on");
  await tmux.attach("a");
  await tmux.until("a", /\[s1\]/);
}

async function outerBuffers(tmux: OuterTmux): Promise<string[]> {
  const out = await tmux.run("list-buffers", "-F", "#{buffer_sample}").catch(() => "");
  return out.split("\n").filter(Boolean);
}

Deno.test(
  "a pane program's OSC 52 reaches the attached terminal and weft's buffers; an untrusted pane's does not",
  E2E,
  async () => {
    const tmux = new OuterTmux();
    await withServer(async ({ client, dir, server }) => {
      const s = await client.call<{ pane: string }>("session.create", { argv: ["sh"] });
      const untrusted = await client.call<{ id: string }>("pane.create", {
        split: s.pane,
        argv: ["sh"],
        tags: ["untrusted"],
      });
      try {
        await attached(tmux, dir);
        await copyFromPane(client, untrusted.id, "fromuntrusted");
        await copyFromPane(client, s.pane, "fromvim");
        await eventually(
          "the pane's copy in the outer tmux",
          async () => (await outerBuffers(tmux)).includes("fromvim"),
        );
        assertEquals(await outerBuffers(tmux), ["fromvim"]);
        assertEquals(await shim(dir, server.paths.socket, ["show-buffer"]), "fromvim");
      } finally {
        await tmux.kill();
      }
    }, { weft: { shell: "sh" } });
  },
);

Deno.test(
  "with clipboard off a pane program's OSC 52 reaches no terminal",
  E2E,
  async () => {
    const tmux = new OuterTmux();
    await withServer(async ({ client, dir, server }) => {
      const s = await client.call<{ pane: string }>("session.create", { argv: ["sh"] });
      try {
        await attached(tmux, dir);
        await copyFromPane(client, s.pane, "refused");
        // What came after it arrives: had the refused copy been sent, it would be there first.
        await eventually("the shim's copy in the outer tmux", async () => {
          assertEquals(await shimCopy(dir, server.paths.socket, "marker"), 0);
          return (await outerBuffers(tmux)).includes("marker");
        });
        assertEquals((await outerBuffers(tmux)).filter((b) => b !== "marker"), []);
      } finally {
        await tmux.kill();
      }
    }, { weft: { shell: "sh", clipboard: "off" } });
  },
);

Deno.test(
  "a pane program's OSC 52 printed while the tmux plugin is idle is a paste buffer, once",
  E2E,
  async () => {
    await withServer(async ({ client, dir, server }) => {
      const s = await client.call<{ pane: string }>("session.create", { argv: ["sh"] });
      const tmuxState = async () =>
        (await client.call("server.status", {})).plugins.find((p) => p.name === "tmux")?.state;
      // Lazy: nothing has used it, so its process is not running when the program copies.
      assertEquals(await tmuxState(), "idle");
      await copyFromPane(client, s.pane, "whileidle");
      assertEquals(await shim(dir, server.paths.socket, ["show-buffer"]), "whileidle");
      const listed = await shim(dir, server.paths.socket, [
        "list-buffers",
        "-F",
        "#{buffer_sample}",
      ]);
      assertEquals(listed, "whileidle\n");
    }, { weft: { shell: "sh" } });
  },
);
