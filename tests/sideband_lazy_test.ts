/**
 * The sideband costs no process while only shells run (issue 23): it reads agent panes and
 * panes tagged `sideband:<mode>` only, so it starts when the first one is created, and what
 * that pane printed while it started is held for it and read; a restored one starts it with
 * the server.
 */

import { deepStrictEqual, strictEqual } from "node:assert/strict";
import { join } from "node:path";
import { loadConfig } from "../core/config/mod.ts";
import { startServer } from "../core/server/server.ts";
import { BUILTIN_PLUGINS } from "../plugins/builtin.ts";
import { WeftClient } from "../plugins/client/mod.ts";
import type { ServerStatus } from "../protocols/bus/calls.ts";
import { sidebandLog } from "./helpers/panes.ts";
import { eventually } from "./helpers/poll.ts";
import { E2E, type ServerFixture, withServer } from "./helpers/server.ts";

const stateOf = async (fx: ServerFixture) =>
  (await fx.client.call<ServerStatus>("server.status", {})).plugins
    ?.find((p) => p.name === "sideband")?.state;

Deno.test(
  "sideband: idle beside shell panes; a pane it reads wakes it and what it printed at once runs",
  E2E,
  async () => {
    await withServer(async (fx) => {
      strictEqual(await stateOf(fx), "idle", "a shell pane does not start it");
      // The tag comes right away, while the plugin is still starting: held for it.
      const { pane } = await fx.client.call<{ pane: string }>("session.create", {
        command: `printf '<weft:status state="done" msg="held"/>\\n'; sleep 30`,
        tags: ["sideband:stream"],
      });
      // Wait without calling the plugin (a call would start it too).
      await eventually("the sideband running", async () => (await stateOf(fx)) === "running");
      const entries = await sidebandLog<{ outcome: string; tag: string }>(fx.client, pane, {
        atLeast: 1,
      });
      deepStrictEqual(entries.map((e) => [e.outcome, e.tag]), [["ran", "status"]]);
      const status = await fx.client.call<{ state: string }>("pane.status", { pane });
      strictEqual(status.state, "done");
    }, { startupSession: true });
  },
);

Deno.test(
  "sideband: a restored pane it reads starts it with the server, as before it was lazy",
  E2E,
  async () => {
    const dir = await Deno.makeTempDir({ prefix: "weft-sideband-lazy-" });
    const weft = { shell: ["bash", "--norc", "--noprofile"] };
    await Deno.writeTextFile(join(dir, "deno.json"), JSON.stringify({ weft }));
    const run = async (fn: (client: WeftClient) => Promise<void>) => {
      const server = await startServer(await loadConfig(dir, { builtins: BUILTIN_PLUGINS }), {
        noStartupSession: true,
      });
      const client = await WeftClient.connect(server.paths.socket);
      try {
        await server.pluginsStarted;
        await fn(client);
      } finally {
        client.close();
        await server.stop();
      }
    };
    const state = async (client: WeftClient) =>
      (await client.call<ServerStatus>("server.status", {})).plugins
        ?.find((p) => p.name === "sideband")?.state;
    try {
      await run(async (client) => {
        strictEqual(await state(client), "idle");
        await client.call("session.create", { command: "sleep 30", tags: ["sideband:stream"] });
      });
      await run(async (client) => strictEqual(await state(client), "running"));
    } finally {
      await Deno.remove(dir, { recursive: true });
    }
  },
);
