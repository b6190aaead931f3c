/**
 * `weft attach` outlives the server: `weft stop` then `weft serve` in the same project, and the
 * client (in a real outer tmux) says it is reconnecting, comes back to the same session, and
 * types into the restored pane; after two restarts the pane shows one restore marker, not two.
 */

import { deepStrictEqual as assertEquals } from "node:assert/strict";
import { weftProcess } from "./helpers/cli.ts";
import { OuterTmux } from "./helpers/outer_tmux.ts";
import { E2E } from "./helpers/server.ts";
import { type ServeChild, serveChild, tempProject } from "./helpers/serve_child.ts";

async function restart(dir: string, running: ServeChild): Promise<ServeChild> {
  running.client.close();
  const stop = await weftProcess(dir, "stop");
  assertEquals(stop.code, 0, stop.err);
  await running.server.stderr;
  return await serveChild(dir);
}

Deno.test(
  "weft attach survives weft stop + weft serve and shows the same session, one restore marker",
  E2E,
  async () => {
    const dir = await tempProject({ shell: "sh" });
    const tmux = new OuterTmux();
    let server = await serveChild(dir);
    try {
      // Not the server's current session: coming back to it is the client's doing.
      await server.client.call("session.create", { session: "work", argv: ["sh"] });
      await tmux.shell("a", 100, 30, dir);
      await tmux.attach("a", "work");
      await tmux.until("a", /\[work\]/);

      server.client.close();
      const stop = await weftProcess(dir, "stop");
      assertEquals(stop.code, 0, stop.err);
      await server.server.stderr;
      await tmux.until("a", /the weft server went away: reconnecting/);
      server = await serveChild(dir);
      await tmux.until("a", /reconnected to the weft server: session work/);
      await tmux.keys("a", "-l", "echo after-$((2+3))");
      await tmux.keys("a", "Enter");
      await tmux.until("a", /^after-5\s*$/m);

      server = await restart(dir, server);
      await tmux.until("a", /reconnected to the weft server: session work/);
      await tmux.keys("a", "-l", "echo again-$((3+4))");
      await tmux.keys("a", "Enter");
      const screen = await tmux.until("a", /^again-7\s*$/m);
      assertEquals(screen.match(/restored p\d+:/g)?.length, 1, screen);
      assertEquals(screen.split("\n").at(-2)!.startsWith("[work]"), true, screen);
    } finally {
      await tmux.kill();
      server.client.close();
      await server.server.stop();
      await Deno.remove(dir, { recursive: true }).catch(() => {});
    }
  },
);
