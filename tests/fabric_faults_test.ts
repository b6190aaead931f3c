/**
 * Faults of the fabric with real processes: a remote weft server killed with SIGKILL (with a
 * long call to it in flight, told at once), the
 * host's own nats-server killed, and the hub killed. Calls to the host that is gone fail with
 * `HOST_UNREACHABLE` (told, not hung), `weft ls --all` marks it unreachable, local panes go on
 * as before, and each one is live again once it is back, with nothing else restarted.
 */

import { deepStrictEqual, equal, match, rejects } from "node:assert/strict";
import type { FabricHost } from "../protocols/bus/fabric.ts";
import { WeftError } from "../protocols/bus/errors.ts";
import { waitForText } from "./helpers/panes.ts";
import { eventually } from "./helpers/poll.ts";
import {
  endHost,
  endHub,
  FABRIC,
  joinHost,
  killLeaf,
  startHub,
  type TestHost,
  type TestHub,
  untilUp,
} from "./helpers/fabric.ts";

/** A call's error code, or "ok". */
async function outcome(host: TestHost, pane: string): Promise<string> {
  try {
    await host.server.client.call("pane.read", { pane });
    return "ok";
  } catch (err) {
    return err instanceof WeftError ? err.code : String(err);
  }
}

Deno.test(
  "fabric faults: a killed server, node or hub is HOST_UNREACHABLE, then live again",
  FABRIC,
  async (t) => {
    let hub: TestHub | undefined;
    const hosts: TestHost[] = [];
    try {
      hub = await startHub(["laptop", "buildbox"]);
      const buildbox = await joinHost(hub, "buildbox", { grants: { laptop: ["read"] } });
      hosts.push(buildbox);
      const laptop = await joinHost(hub, "laptop");
      hosts.push(laptop);
      await untilUp(laptop, ["buildbox"]);
      const far = await buildbox.server.client.call<{ pane: string }>("session.create", {
        command: "bash --norc --noprofile -c 'echo far-side; sleep 600'",
      });
      const near = await laptop.server.client.call<{ pane: string }>("session.create", {
        command: "bash --norc --noprofile -c 'echo near-side; sleep 600'",
      });
      const remote = `buildbox/${far.pane}`;
      await waitForText(laptop.server.client, { pane: remote, match: "far-side" });

      await t.step(
        "kill -9 of the remote server: HOST_UNREACHABLE, marked, then live",
        async () => {
          // A call with a long deadline in flight: it is told the host went away, without
          // waiting out its 30 s.
          const waiting = laptop.server.client.call("pane.wait", {
            pane: remote,
            match: "never-printed",
            timeout: 30_000,
          });
          // A call sent after it on the same way has been answered: the wait is on buildbox.
          equal(await outcome(laptop, remote), "ok");
          await buildbox.kill();
          const since = performance.now();
          await rejects(waiting, (e) =>
            e instanceof WeftError && e.code === "HOST_UNREACHABLE" &&
            /went away during the call/.test(e.message));
          console.log(
            `pane.wait in flight: HOST_UNREACHABLE after ${
              (performance.now() - since).toFixed(0)
            } ms`,
          );
          const started = performance.now();
          equal(await outcome(laptop, remote), "HOST_UNREACHABLE");
          console.log(`HOST_UNREACHABLE after ${(performance.now() - started).toFixed(0)} ms`);
          const { hosts: listed } = await laptop.server.client.call<{ hosts: FabricHost[] }>(
            "fabric.ls",
            {},
          );
          deepStrictEqual(listed.map((h) => [h.host, h.state]), [
            ["laptop", "self"],
            ["buildbox", "unreachable"],
          ]);
          match(listed[1]!.error!.message, /host "buildbox" is unreachable/);
          // Local work is as before.
          equal(await outcome(laptop, near.pane), "ok");
          await buildbox.restart();
          // The restored pane has the same id; nothing else was restarted.
          await eventually(
            "buildbox's pane live again",
            async () => await outcome(laptop, remote) === "ok",
            { timeoutMs: 30_000 },
          );
        },
      );

      await t.step("kill -9 of the host's own nats-server: the plugin starts another", async () => {
        await killLeaf(buildbox.dir);
        await eventually(
          "the remote pane unreachable",
          async () => await outcome(laptop, remote) === "HOST_UNREACHABLE",
        );
        await eventually(
          "buildbox's pane live again",
          async () => await outcome(laptop, remote) === "ok",
          { timeoutMs: 30_000 },
        );
      });

      await t.step(
        "kill -9 of the hub: remote calls unreachable, local ones not; then live",
        async () => {
          await hub!.kill();
          await eventually(
            "the remote pane unreachable",
            async () => await outcome(laptop, remote) === "HOST_UNREACHABLE",
          );
          equal(await outcome(laptop, near.pane), "ok");
          equal(await outcome(buildbox, far.pane), "ok");
          // Presence too: with no beats through the hub, buildbox goes unreachable in the list.
          await eventually("buildbox unreachable in laptop's hosts", async () => {
            const { hosts: now } = await laptop.server.client.call<{ hosts: FabricHost[] }>(
              "fabric.hosts",
              {},
            );
            return now.some((h) => h.host === "buildbox" && h.state === "unreachable");
          });
          await hub!.start();
          await eventually(
            "buildbox's pane live again",
            async () => await outcome(laptop, remote) === "ok",
            { timeoutMs: 30_000 },
          );
          // Presence follows: buildbox is up again in laptop's list of hosts.
          await untilUp(laptop, ["buildbox"]);
        },
      );
    } finally {
      for (const h of hosts) await endHost(h);
      if (hub) await endHub(hub);
    }
  },
);
