/**
 * Focus reports through `weft attach` (in a real outer tmux): a pane whose program asked for
 * them (DECSET 1004) hears when it loses and regains focus in weft, as under tmux with
 * focus-events on; and the tmux shim says focus-events is on, so programs that check (Claude
 * Code) do not advise turning it on.
 */

import { deepStrictEqual as assertEquals } from "node:assert/strict";
import { runTmux } from "../plugins/tmux/cli.ts";
import { OuterTmux } from "./helpers/outer_tmux.ts";
import { waitForText } from "./helpers/panes.ts";
import { E2E, withServer } from "./helpers/server.ts";

/** Asks for focus reports, then prints a line for each one it reads. */
const LISTENER = "printf '\\033[?1004h'; echo listening; " +
  "while IFS= read -rsn3 k; do case $k in $'\\e[I') echo FOCUS-IN;; $'\\e[O') echo FOCUS-OUT;; esac; done";

Deno.test("a pane that asked for focus reports hears focus leave and come back", E2E, async () => {
  const tmux = new OuterTmux();
  await withServer(async ({ client, dir, server }) => {
    const s = await client.call<{ pane: string }>("session.create", {
      argv: ["bash", "--norc", "--noprofile", "-c", LISTENER],
    });
    await waitForText(client, { pane: s.pane, match: "listening", timeout: 20_000 });
    try {
      await tmux.shell("a", 100, 30, dir);
      await tmux.attach("a");
      await tmux.until("a", /listening/);
      await client.call("pane.create", { split: s.pane, direction: "horizontal", argv: ["sh"] });
      await waitForText(client, { pane: s.pane, match: "FOCUS-OUT", timeout: 20_000 });
      await client.call("pane.focus", { pane: s.pane });
      await waitForText(client, { pane: s.pane, match: "FOCUS-IN", timeout: 20_000 });
      let out = "";
      const code = await runTmux(["show-options", "-gv", "focus-events"], {
        out: (t) => void (out += t),
        err: () => {},
        cwd: dir,
        env: (n) => ({ WEFT_SOCKET: server.paths.socket, TMUX_PANE: "%1" })[n],
      });
      assertEquals([code, out], [0, "on\n"]);
    } finally {
      await tmux.kill();
    }
  }, { weft: { shell: "sh" } });
});
