/**
 * Ids that name a host, through every door of a real server: a call for another host fails
 * with the stable `UNKNOWN_HOST` from the bus's routing step (weft reaches no other host yet),
 * while a plain id, or one naming this server's own host, works as before.
 */

import { deepStrictEqual, equal, match, notEqual, rejects } from "node:assert/strict";
import { OSC_NUMBER } from "../protocols/sideband/mod.ts";
import { WeftError } from "../protocols/bus/errors.ts";
import { weftInProcess } from "./helpers/cli.ts";
import { httpClient, textOf } from "./helpers/mcp.ts";
import { sidebandLog, waitForText } from "./helpers/panes.ts";
import { E2E, withServer } from "./helpers/server.ts";

const OSC = `\\033]${OSC_NUMBER};`;
const MESSAGE = /Cannot call "pane\.read" on host "far": weft reaches no such host/;

interface Entry {
  outcome: string;
  tag?: string;
  code?: string;
  reason?: string;
}

Deno.test(
  "hosts: far/p1 gets UNKNOWN_HOST through CLI, socket, MCP and sideband; p1 works",
  E2E,
  () =>
    withServer(async ({ dir, server, client }) => {
      const own = server.bus.host;
      notEqual(own, undefined, "this machine's host name");
      const read = (host: string) =>
        `printf '${OSC}read;key=%s;target=${host}/%s\\a' "$WEFT_SIDEBAND_KEY" "$WEFT_PANE"`;
      const script = [
        "echo hello-local",
        // The sideband's reads wait for a line from the test, long after the reader attached.
        "IFS= read -r _",
        read("far"),
        read(own!),
        "sleep 30",
      ].join("; ");
      const { pane } = await client.call("session.create", {
        command: script,
        tags: ["sideband:osc"],
      });
      await waitForText(client, { pane, match: "hello-local" });

      // The CLI over the control socket.
      const far = await weftInProcess(dir, "read", `far/${pane}`);
      equal(far.code, 1, far.err);
      match(far.err, /UNKNOWN_HOST/);
      match(far.err, MESSAGE);
      for (const target of [pane, `${own}/${pane}`]) {
        const near = await weftInProcess(dir, "read", target);
        equal(near.code, 0, near.err);
        match(near.out, /hello-local/);
      }

      // The socket client: the code and its data survive the wire.
      await rejects(
        client.call("pane.read", { pane: `far/${pane}` }),
        (e: unknown) =>
          e instanceof WeftError && e.code === "UNKNOWN_HOST" &&
          JSON.stringify(e.data) === '{"host":"far"}',
      );

      // MCP: an error result a model can read, not a protocol error.
      const mcp = await httpClient(dir);
      try {
        const bad = await mcp.callTool({ name: "read_pane", arguments: { pane: `far/${pane}` } });
        equal(bad.isError, true);
        match(textOf(bad), /UNKNOWN_HOST/);
        match(textOf(bad), MESSAGE);
        const good = await mcp.callTool({ name: "read_pane", arguments: { pane } });
        notEqual(good.isError, true, textOf(good));
        match((good.structuredContent as { text: string }).text, /hello-local/);
      } finally {
        await mcp.close();
      }

      // The sideband: the pane's own OSC reads, logged with their outcome and code.
      await client.call("pane.write", { pane, text: "go", submit: true });
      const entries = await sidebandLog<Entry>(client, pane, { atLeast: 2 });
      deepStrictEqual(entries.map((e) => [e.tag, e.outcome, e.code]), [
        ["read", "failed", "UNKNOWN_HOST"],
        ["read", "ran", undefined],
      ]);
      match(entries[0]!.reason!, MESSAGE);
    }, { weft: { plugins: { mcp: true, sideband: { options: { holdMs: 200 } } } } }),
);
