/**
 * `weft` alone at a terminal, as tmux alone: it starts the project's server in the background
 * and attaches to it. Run in a real terminal (an outer tmux of the test's own).
 */

import { match } from "node:assert/strict";
import { join } from "node:path";
import { CONFIG, MAIN, weftProcess } from "./helpers/cli.ts";
import { OuterTmux } from "./helpers/outer_tmux.ts";
import { eventually } from "./helpers/poll.ts";
import { tempProject } from "./helpers/serve_child.ts";

Deno.test("weft alone at a terminal starts a server in the background and attaches", async () => {
  const dir = await tempProject();
  const tmux = new OuterTmux();
  try {
    await tmux.shell("a", 100, 30, dir);
    const cmd = `${Deno.execPath()} run -A --unstable-worker-options --config ${CONFIG} ${MAIN}`;
    await tmux.keys("a", "-l", cmd);
    await tmux.keys("a", "Enter");
    // weft attach draws the startup session's pane with its border: attached to that server.
    await tmux.until("a", /─ p1 bash /);
    const info = JSON.parse(await Deno.readTextFile(join(dir, ".weft", "server.json")));
    match(String(info.pid), /^\d+$/);
    // Started in the background: its output goes to the log (its ready line comes once its
    // plugins have started, which may be after the attach).
    await eventually(
      "the ready line in the log",
      async () => /weft: serving /.test(await Deno.readTextFile(join(dir, ".weft", "server.log"))),
    );
  } finally {
    await weftProcess(dir, "stop");
    await tmux.kill();
    await Deno.remove(dir, { recursive: true }).catch(() => {});
  }
});
