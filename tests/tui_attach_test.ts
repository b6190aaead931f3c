/**
 * `weft attach` end to end: the client runs in a real tmux (a private tmux server per test),
 * driven with send-keys and read back with capture-pane, against a real weft server.
 */

import { deepStrictEqual as assertEquals, ok as assert } from "node:assert/strict";
import type { WeftClient } from "../plugins/client/mod.ts";
import { runTmux } from "../plugins/tmux/cli.ts";
import { eventually, untilEvent } from "./helpers/poll.ts";
import { OuterTmux as Tmux, WAIT_MS } from "./helpers/outer_tmux.ts";
import { waitForText } from "./helpers/panes.ts";
import { E2E, onEvents, withServer } from "./helpers/server.ts";

type Layout = { cols: number; rows: number; focused: string; panes: { pane: string }[] };

/** New panes run `sh`: a slow ~/.bashrc on the machine is not ours to wait for. */
const NEW_PANES_WITHOUT_RC = { weft: { shell: "sh" } };

async function layoutOf(client: WeftClient, window: string): Promise<Layout> {
  return await client.call<Layout>("window.layout", { window });
}

/** Waits for a window's layout to fit `check`, re-reading it on each layout or focus change. */
function layoutWhen(
  client: WeftClient,
  window: string,
  what: string,
  check: (layout: Layout) => boolean,
): Promise<Layout> {
  return untilEvent(`window ${window}: ${what}`, {
    on: onEvents(client, { topics: ["layout.changed", "focus.changed"] }),
    check: async () => {
      const layout = await layoutOf(client, window);
      return check(layout) ? layout : undefined;
    },
    timeoutMs: WAIT_MS,
  });
}

async function startSession(client: WeftClient) {
  return await client.call<{ session: string; window: string; pane: string }>("session.create", {
    argv: ["bash", "--norc", "--noprofile"],
    env: { PS1: "w$ " },
  });
}

Deno.test(
  "weft attach in tmux: labels, typing, split, focus, help, scroll, resize, detach",
  E2E,
  async () => {
    const tmux = new Tmux();
    await withServer(async ({ client, dir }) => {
      const s = await startSession(client);
      try {
        await tmux.shell("a", 100, 30, dir);
        await tmux.attach("a");
        let screen = await tmux.until(
          "a",
          (t) => /─ p1 .*○ idle|─ p1 .*● working/.test(t) && t.includes("[s1]"),
        );
        const lines = screen.split("\n");
        assert(lines[0]!.startsWith("─ p1 "), lines[0]);
        assert(/\[s1\] 0:w1\*/.test(lines[29]!), lines[29]);
        await layoutWhen(client, s.window, "28 rows", (l) => l.rows === 28);
        assertEquals((await layoutOf(client, s.window)).cols, 100);

        await tmux.keys("a", "-l", "echo hello-$((6*7))");
        await tmux.keys("a", "Enter");
        await tmux.until("a", /^hello-42\s*$/m);
        await waitForText(client, {
          pane: s.pane,
          match: "^hello-42$",
          regex: true,
          timeout: WAIT_MS,
        });

        await tmux.keys("a", "C-b", "%");
        const split = await layoutWhen(
          client,
          s.window,
          "split in two, the new pane focused",
          (l) => l.panes.length === 2 && l.focused !== s.pane,
        );
        const p2 = split.focused;
        screen = await tmux.until(
          "a",
          (t) => t.includes(`─ ${p2} `) && t.split("\n")[5]!.charAt(50) === "│",
        );
        assert(screen.split("\n")[0]!.charAt(50) === "┬", screen);
        await tmux.keys("a", "-l", "echo in-the-new-pane");
        await tmux.keys("a", "Enter");
        await waitForText(client, {
          pane: p2,
          match: "^in-the-new-pane$",
          regex: true,
          timeout: WAIT_MS,
        });

        await tmux.keys("a", "C-b", "o");
        await layoutWhen(client, s.window, `${s.pane} focused`, (l) => l.focused === s.pane);

        await tmux.keys("a", "C-b", "?");
        await tmux.until("a", /split left\/right/);
        await tmux.keys("a", "q");
        await tmux.until("a", (t) => !t.includes("split left/right"));

        await tmux.keys("a", "-l", "seq 1 200");
        await tmux.keys("a", "Enter");
        await tmux.until("a", /^200\s*│/m);
        await tmux.keys("a", "C-b", "[");
        await tmux.until("a", /copy .*q leaves/);
        await tmux.keys("a", "PPage");
        await tmux.until("a", /\[\d+\/\d+\]/);
        await tmux.keys("a", "q");
        await tmux.until("a", (t) => !/q leaves/.test(t));

        await tmux.run("resize-window", "-t", "a", "-x", "80", "-y", "24");
        await layoutWhen(client, s.window, "80×22", (l) => l.cols === 80 && l.rows === 22);
        await tmux.until(
          "a",
          (t) => t.split("\n")[0]!.includes("┬") && /\[s1\]/.test(t.split("\n")[23] ?? ""),
        );

        await tmux.keys("a", "C-b", "d");
        await tmux.until("a", /\[detached \(from session s1\)\]/);
        await tmux.sane("a");
        const { panes } = await client.call<{ panes: { id: string; exit: unknown }[] }>(
          "pane.list",
        );
        assertEquals(panes.map((p) => [p.id, p.exit]), [[s.pane, null], [p2, null]]);
        await tmux.keys("a", "-l", "echo back-$((1+1))");
        await tmux.keys("a", "Enter");
        await tmux.until("a", /^back-2\s*$/m);
      } finally {
        await tmux.kill();
      }
    }, NEW_PANES_WITHOUT_RC);
  },
);

Deno.test(
  "two clients: the smaller sizes the window, both see typing; with the server away a client waits, and detaches",
  E2E,
  async () => {
    const tmux = new Tmux();
    await withServer(async ({ client, dir, server }) => {
      const s = await startSession(client);
      try {
        await tmux.shell("a", 100, 30, dir);
        await tmux.shell("b", 70, 20, dir);
        await tmux.attach("a");
        await tmux.attach("b");
        await tmux.until("a", /\[s1\]/);
        await tmux.until("b", /\[s1\]/);
        await layoutWhen(client, s.window, "70×18", (l) => l.cols === 70 && l.rows === 18);
        await tmux.until("a", (t) => t.split("\n")[5]!.slice(70, 100) === "·".repeat(30));
        await tmux.keys("b", "-l", "echo from-b-$((2*21))");
        await tmux.keys("b", "Enter");
        await tmux.until("b", /^from-b-42/m);
        await tmux.until("a", /^from-b-42/m);

        await tmux.keys("b", "C-b", "d");
        await tmux.until("b", /\[detached/);
        await layoutWhen(client, s.window, "100 columns", (l) => l.cols === 100);

        await server.stop();
        await tmux.until("a", /the weft server went away: reconnecting/);
        await tmux.keys("a", "C-b", "d");
        await tmux.until("a", /\[detached/);
        await tmux.sane("a");
      } finally {
        await tmux.kill();
      }
    }, NEW_PANES_WITHOUT_RC);
  },
);

Deno.test(
  "weft attach shows the title and border colour a program set through the tmux shim",
  E2E,
  async () => {
    const tmux = new Tmux();
    await withServer(async ({ client, dir, server }) => {
      await startSession(client);
      // What Claude Code's teammate backend runs on a new teammate pane (through `weft tmux`).
      const shim = (...words: string[]) =>
        runTmux(words, {
          out: () => {},
          err: () => {},
          cwd: dir,
          env: (n) => ({ WEFT_SOCKET: server.paths.socket, TMUX_PANE: "%1" })[n],
        });
      assertEquals(await shim("split-window", "-d", "-t", "%1", "-h", "-P", "-F", "#{pane_id}"), 0);
      assertEquals(await shim("set-option", "-p", "-t", "%2", "pane-border-style", "fg=blue"), 0);
      assertEquals(await shim("select-pane", "-t", "%2", "-T", "researcher"), 0);
      try {
        await tmux.shell("a", 100, 30, dir);
        await tmux.attach("a");
        const screen = await tmux.until("a", /─ p2 researcher /);
        assert(screen.split("\n")[0]!.includes("─ p2 researcher "), screen);
        // The title is drawn in the style's colour (blue: SGR 34) in tmux's own capture.
        const coloured = await tmux.run("capture-pane", "-p", "-e", "-t", "a");
        assert(
          new RegExp("\u001b\\[[0-9;]*34m p2 researcher ").test(coloured),
          JSON.stringify(coloured.split("\n")[0]),
        );
        // A respawned pane shows its new program's screen, not the old one under it.
        await client.call("pane.write", { pane: "p2", text: "echo OLD-$((1+1))", keys: ["Enter"] });
        await tmux.until("a", /OLD-2/);
        assertEquals(await shim("respawn-pane", "-k", "-t", "%2", "echo NEW-$((2+2)); exec sh"), 0);
        await tmux.until("a", (t) => t.includes("NEW-4") && !t.includes("OLD-2"));
      } finally {
        await tmux.kill();
      }
    }, NEW_PANES_WITHOUT_RC);
  },
);

Deno.test(
  "weft attach puts what a program copies with `tmux load-buffer -w -` on its terminal's clipboard",
  E2E,
  async () => {
    const tmux = new Tmux();
    await withServer(async ({ client, dir, server }) => {
      await startSession(client);
      const text = "copied by a pane: é\n";
      // What Claude Code runs to copy inside tmux, through `weft tmux` (text on stdin).
      const copy = () =>
        runTmux(["load-buffer", "-w", "-"], {
          out: () => {},
          err: () => {},
          cwd: dir,
          env: (n) => ({ WEFT_SOCKET: server.paths.socket, TMUX_PANE: "%1" })[n],
          stdin: () => Promise.resolve(text),
        });
      try {
        await tmux.shell("a", 100, 30, dir);
        // The outer tmux turns an OSC 52 from its pane (weft attach) into a buffer of its own.
        await tmux.run("set-option", "-s", "set-clipboard", "on");
        await tmux.attach("a");
        // Until the client is attached and subscribed, a copy reaches no terminal: copy again.
        await eventually("the copy in the outer tmux's buffer", async () => {
          assertEquals(await copy(), 0);
          return await tmux.run("show-buffer").catch(() => "") === text;
        });
      } finally {
        await tmux.kill();
      }
    }, NEW_PANES_WITHOUT_RC);
  },
);
