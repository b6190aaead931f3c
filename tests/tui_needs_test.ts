/**
 * `prefix b` in `weft attach` (in a real outer tmux): it jumps to the next agent that needs
 * you, in another session too, and the status bar shows its question and choices.
 */

import { strictEqual } from "node:assert/strict";
import { eventually } from "./helpers/poll.ts";
import { OuterTmux } from "./helpers/outer_tmux.ts";
import { E2E, withServer } from "./helpers/server.ts";
import { fakeDialog } from "./helpers/fake_dialog.ts";

Deno.test("prefix b jumps to the agent that needs you and shows its question", E2E, async () => {
  const tmux = new OuterTmux();
  await withServer(async ({ client, dir }) => {
    const home = await client.call("session.create", { argv: ["sh"] });
    const claude = await fakeDialog(dir);
    const asking = await client.call("session.create", { argv: [claude] });
    await client.call("pane.wait", { pane: asking.pane, state: "blocked", timeout: 20_000 });
    try {
      await tmux.shell("a", 160, 30, dir);
      await tmux.attach("a", home.session);
      await tmux.until("a", new RegExp(`\\[${home.session}\\]`));
      await tmux.keys("a", "C-b", "b");
      await tmux.until(
        "a",
        new RegExp(`${asking.pane} claude: .*rm -rf build.* · 1 Yes`),
      );
      await eventually("the asking pane focused", async () => {
        const { focused } = await client.call("window.layout", { window: asking.window });
        return focused === asking.pane;
      });
      await tmux.until("a", new RegExp(`\\[${asking.session}\\]`));
      // Nothing else needs you: b again stays on it.
      await tmux.keys("a", "C-b", "b");
      const { needs } = await client.call("pane.needs", {});
      strictEqual(needs.length, 1);
    } finally {
      await tmux.kill();
    }
  }, { weft: { shell: "sh" } });
});
