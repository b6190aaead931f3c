/**
 * `weft attach buildbox/main` end to end: a hub and two weft servers (real nats-server
 * processes), the attach client in a real terminal (a private tmux server) on `laptop`, showing
 * and typing into a session of `buildbox`; an unknown host and a host that grants no `read`
 * are refused with their codes and a non-zero exit.
 */

import { ok } from "node:assert/strict";
import type { WeftClient } from "../plugins/client/mod.ts";
import { OuterTmux, WAIT_MS } from "./helpers/outer_tmux.ts";
import { waitForText } from "./helpers/panes.ts";
import { eventually } from "./helpers/poll.ts";
import {
  endHost,
  endHub,
  FABRIC,
  joinHost,
  startHub,
  type TestHost,
  type TestHub,
  untilUp,
} from "./helpers/fabric.ts";

const BASH = ["bash", "--norc", "--noprofile"];

/** Sets the prompt of the shell in `pane` once it shows one, and waits for the new one. */
async function prompt(client: WeftClient, pane: string, ps1: string): Promise<void> {
  await waitForText(client, { pane, match: "[$#]", regex: true, timeout: WAIT_MS });
  await client.call("pane.write", { pane, text: `PS1='${ps1}'`, submit: true });
  await waitForText(client, { pane, match: ps1, timeout: WAIT_MS });
}

Deno.test(
  "weft attach buildbox/main: the remote session shown, typed into, switched, detached",
  FABRIC,
  async () => {
    let hub: TestHub | undefined;
    const hosts: TestHost[] = [];
    const tmux = new OuterTmux();
    try {
      hub = await startHub(["laptop", "buildbox"]);
      // buildbox lets laptop read, type and switch its panes; laptop grants buildbox nothing.
      const buildbox = await joinHost(hub, "buildbox", {
        grants: { laptop: ["read", "write", "control"] },
      });
      hosts.push(buildbox);
      const laptop = await joinHost(hub, "laptop");
      hosts.push(laptop);
      await untilUp(laptop, ["buildbox"]);
      await untilUp(buildbox, ["laptop"]);
      const far = buildbox.server.client;
      // buildbox's own first session, "main" (its server made it at start).
      const { panes } = await far.call<
        { panes: { id: string; session: string; window: string }[] }
      >(
        "pane.list",
        { session: "main" },
      );
      const main = { pane: panes[0]!.id, session: panes[0]!.session, window: panes[0]!.window };
      // Its own prompt, to tell it on the screen.
      await prompt(far, main.pane, "bb$ ");
      await laptop.server.client.call("session.create", { name: "notes", argv: BASH });

      await tmux.shell("a", 100, 30, laptop.dir);
      await tmux.attach("a", "buildbox/main");
      // The remote shell's prompt, in a pane labelled with its qualified id.
      let screen = await tmux.until(
        "a",
        (t) => /^bb\$/m.test(t) && t.includes(`buildbox/${main.pane}`),
      );
      ok(screen.includes("[buildbox/main]"), screen);
      // Its window takes this terminal's size there (100×30 less the status bar and labels).
      await eventually("buildbox's window sized to the terminal", async () => {
        const l = await far.call<{ cols: number; rows: number }>("window.layout", {
          window: main.window,
        });
        return l.cols === 100 && l.rows === 28;
      });

      // laptop grants buildbox no `read`: attaching from buildbox is refused.
      await tmux.shell("b", 100, 30, buildbox.dir);
      await tmux.attach("b", "laptop/notes; echo exit=$?");
      screen = await tmux.until("b", /exit=\d/);
      ok(/\[DENIED\]/.test(screen) && /exit=1/.test(screen), screen);

      await tmux.keys("a", "-l", "echo hi-$((6*7))");
      await tmux.keys("a", "Enter");
      await tmux.until("a", /^hi-42\s*$/m);
      await waitForText(far, { pane: main.pane, match: "^hi-42$", regex: true, timeout: WAIT_MS });

      // A second window made on buildbox shows here (read again on the timer); buildbox goes
      // back to the first, and so does this client; the prefix keys switch to the second there.
      const w2 = await far.call<{ window: string; pane: string }>("window.create", {
        session: main.session,
        argv: BASH,
      });
      await prompt(far, w2.pane, "two$ ");
      await far.call("window.select", { window: main.window });
      await tmux.until("a", (t) => / 1:\S*w\d+/.test(t.split("\n")[29] ?? "") && /^bb\$/m.test(t));
      await tmux.keys("a", "C-b", "n");
      await eventually("window.select to run on buildbox", async () => {
        const { windows } = await far.call<{ windows: { id: string; current: boolean }[] }>(
          "window.list",
          { session: main.session },
        );
        return windows.find((w) => w.id === w2.window)?.current;
      });
      await tmux.until("a", /^two\$/m);
      await tmux.keys("a", "-l", "echo second-$((1+1))");
      await tmux.keys("a", "Enter");
      await waitForText(far, { pane: w2.pane, match: "^second-2$", regex: true, timeout: WAIT_MS });

      // buildbox grants laptop no `spawn`: a split is refused, said in the status bar.
      await tmux.keys("a", "C-b", "%");
      await tmux.until("a", /Cannot call "pane\.create": .*laptop" lacks p/);

      // A split made on buildbox shows here; C-b o focuses the other pane there.
      const p3 = await far.call<{ id: string }>("pane.create", { split: w2.pane, argv: BASH });
      await tmux.until("a", (t) => t.includes(`buildbox/${p3.id} `));
      const focused = async () =>
        (await far.call<{ focused: string }>("window.layout", { window: w2.window })).focused;
      const before = await focused();
      await tmux.keys("a", "C-b", "o");
      await eventually("C-b o to move the focus on buildbox", async () => {
        const now = await focused();
        return now !== before && [w2.pane, p3.id].includes(now);
      });

      // buildbox's server dies: the client stays and says the host is unreachable.
      await buildbox.kill();
      await tmux.until("a", /Session "buildbox\/s\d+" \(HOST_UNREACHABLE\)/);

      await tmux.keys("a", "C-b", "d");
      await tmux.until("a", /\[detached \(from session buildbox\/main\)\]/);
      await tmux.sane("a");

      // No such host: a clear code and a non-zero exit.
      await tmux.run("send-keys", "-t", "a", "clear", "Enter");
      await tmux.attach("a", "nohost/main; echo exit=$?");
      screen = await tmux.until("a", /exit=\d/);
      ok(/\[(UNKNOWN_HOST|HOST_UNREACHABLE)\]/.test(screen) && /exit=1/.test(screen), screen);
    } finally {
      await tmux.kill();
      for (const h of hosts) await endHost(h);
      if (hub) await endHub(hub);
    }
  },
);
