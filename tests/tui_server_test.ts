import { deepStrictEqual as assertEquals, ok as assert, rejects } from "node:assert/strict";
import { WeftClient } from "../plugins/client/mod.ts";
import { untilEvent } from "./helpers/poll.ts";
import { E2E, onEvents, withServer } from "./helpers/server.ts";

type Layout = { cols: number; rows: number };

Deno.test(
  "pane.write from MCP waits for a typing human, then fails with BUSY_HUMAN",
  E2E,
  async () => {
    await withServer(async ({ client, server }) => {
      const s = await client.call<{ pane: string }>("session.create", { argv: ["cat"] });
      const tui = await WeftClient.connect(server.paths.socket, { client: "tui" });
      const mcp = await WeftClient.connect(server.paths.socket, { client: "mcp" });
      try {
        await tui.call("pane.write", { pane: s.pane, text: "human " });
        const started = performance.now();
        await rejects(
          mcp.call("pane.write", { pane: s.pane, text: "agent" }),
          (err: Error & { code?: string }) => {
            assertEquals(err.code, "BUSY_HUMAN");
            return /a human is typing/.test(err.message);
          },
        );
        assert(performance.now() - started >= 250, "the agent's write waited before failing");
        await client.call("pane.write", { pane: s.pane, text: "cli " }); // not an agent door: no wait
        // The human pauses for longer than quietMs. A real pause: a real server goes by the real
        // clock (pane.write's quiet time is measured with performance.now, not an injected one).
        await new Promise((r) => setTimeout(r, 700));
        await mcp.call("pane.write", { pane: s.pane, text: "agent", keys: ["Enter"] });
        await client.call("pane.wait", { pane: s.pane, match: "human cli agent", timeout: 10_000 });
      } finally {
        tui.close();
        mcp.close();
      }
    }, { weft: { humanInput: { quietMs: 600, waitMs: 300 } } });
  },
);

Deno.test(
  "attach sizes: the smallest attached client sizes the session's windows",
  E2E,
  async () => {
    await withServer(async ({ client, connect }) => {
      const s = await client.call<{ session: string; window: string }>("session.create", {
        argv: ["cat"],
      });
      const a = await connect();
      const b = await connect();
      const size = () => client.call<Layout>("window.layout", { window: s.window });
      await a.call("attach", { session: s.session, cols: 120, rows: 40 });
      assertEquals(await size(), { ...(await size()), cols: 120, rows: 40 });
      await b.call("attach", { session: s.session, cols: 90, rows: 50 });
      assertEquals(await size(), { ...(await size()), cols: 90, rows: 40 });
      const w2 = await client.call<{ window: string }>("window.create", {
        session: s.session,
        argv: ["cat"],
      });
      await untilEvent("the new window at 90×40", {
        on: onEvents(client, { topics: ["layout.changed"] }),
        check: async () => {
          const l = await client.call<Layout>("window.layout", { window: w2.window });
          return l.cols === 90 && l.rows === 40;
        },
      });
      b.close();
      await untilEvent("the window back at 120 columns", {
        on: onEvents(client, { topics: ["layout.changed"] }),
        check: async () => (await size()).cols === 120,
      });
      await rejects(a.call("attach", { cols: 1, rows: 10 }), /cols/);
    });
  },
);
