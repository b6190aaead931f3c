/**
 * A plugin mirrors a pane with `ctx.subscribeFrom`: a read of its history, then exactly the
 * output that read did not show, while the pane prints.
 */

import { deepStrictEqual } from "node:assert/strict";
import { E2E, withServer } from "./helpers/server.ts";
import { eventually } from "./helpers/poll.ts";

const MIRROR = new URL("./fixtures/plugins/mirror/mod.ts", import.meta.url).pathname;
const LINES = 3000;

Deno.test({
  name: "a plugin's snapshot subscription sees every line a printing pane printed, none twice",
  ...E2E,
  fn: () =>
    withServer(async ({ client }) => {
      const { pane } = await client.call("session.create", {
        argv: [
          "bash",
          "-c",
          `for i in $(seq 1 ${LINES}); do echo line$i; ((i % 100)) || sleep 0.05; done; sleep 60`,
        ],
      });
      // Some way in (on a slow machine it may be over: the property holds either way). A line
      // of 500 or more stays on screen from then on, so this cannot miss it.
      await client.call("pane.wait", { pane, match: "^line([5-9]\\d\\d|\\d{4})$", regex: true });
      await client.call("mirror.watch", { pane });
      // The read's last line may be cut where the stream goes on ("line12" + "3\r\n").
      const lines = (s: { snapshot: string; streamed: string }): string[] =>
        (s.snapshot.trimEnd() + s.streamed).match(/line\d+/g) ?? [];
      const all = await eventually("the last line mirrored", async () => {
        const s = await client.call<{ snapshot: string; streamed: string }>("mirror.seen", {});
        return lines(s).includes(`line${LINES}`) ? lines(s) : undefined;
      });
      deepStrictEqual(all, Array.from({ length: LINES }, (_, i) => `line${i + 1}`));
    }, { weft: { plugins: { mirror: { from: MIRROR, grant: ["pane:read"] } } } }),
});
