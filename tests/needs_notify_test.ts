/**
 * A terminal attached with `weft attach` gets a desktop notification (OSC 9) when an agent in
 * its session starts waiting for a human, once per new wait. The attached client runs in a pane
 * of another session of the same server, so its raw output (the `pane.output` events of that
 * pane) is what a real terminal would receive.
 */

import { ok, strictEqual } from "node:assert/strict";
import { E2E, withServer } from "./helpers/server.ts";
import { fakeDialog } from "./helpers/fake_dialog.ts";
import { weftArgs } from "./helpers/cli.ts";
import { waitForText } from "./helpers/panes.ts";
import { eventually } from "./helpers/poll.ts";

Deno.test("weft attach: an OSC 9 notification when an agent starts waiting", E2E, async () => {
  await withServer(async (fx) => {
    const { client } = fx;
    const watched = await client.call("session.create", {
      argv: ["bash", "--norc", "--noprofile"],
    });
    const viewer = await client.call("session.create", {
      argv: [Deno.execPath(), ...weftArgs("attach", watched.session)],
      cwd: fx.dir,
    });
    let raw = "";
    await client.subscribe(
      { topics: ["pane.output"], panes: [viewer.pane] },
      (e) => void (raw += (e.data as { data: string }).data),
    );
    await waitForText(client, {
      pane: viewer.pane,
      match: `[${watched.session}]`,
      timeout: 30_000,
    });
    const claude = await fakeDialog(fx.dir);
    const agent = await client.call("pane.create", {
      argv: [claude, "--later"],
      window: watched.window,
    });
    await waitForText(client, { pane: agent.id, match: "ready" });
    // The attached client knows the pane once it shows it.
    await waitForText(client, { pane: viewer.pane, match: agent.id, timeout: 30_000 });
    await client.call("pane.write", { pane: agent.id, text: "d" });
    await client.call("pane.wait", { pane: agent.id, state: "blocked", timeout: 15_000 });
    const notices = await eventually("the OSC 9 in the attached terminal's output", () => {
      // deno-lint-ignore no-control-regex
      const found = raw.match(/\x1b\]9;[^\x07]*\x07/g);
      return found?.length ? found : undefined;
    });
    strictEqual(notices.length, 1, JSON.stringify(notices));
    ok(notices[0]!.startsWith(`\x1b]9;weft: ${agent.id} claude: `), JSON.stringify(notices[0]));
    ok(notices[0]!.includes("Do you want to proceed?"), JSON.stringify(notices[0]));
  }, { weft: { shell: "sh" } });
});
