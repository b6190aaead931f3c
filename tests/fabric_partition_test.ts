/**
 * A link cut and healed, with real processes: the hub runs in a network namespace of its own,
 * and buildbox joins it through a veth pair of its own, which the test takes down and up again
 * (as root, as this machine and CI are; otherwise buildbox's leaf link is stopped and let go on,
 * and the test says so). While cut, laptop's calls to buildbox fail with `HOST_UNREACHABLE`
 * within the reach time, buildbox is marked unreachable, and local work on both sides goes on;
 * once healed, buildbox is live again with nothing restarted, and a write that failed while
 * cut is not run when the link delivers what it held.
 */

import { equal, ok, rejects } from "node:assert/strict";
import { LATE_MARGIN_MS } from "../plugins/fabric/clocks.ts";
import { WeftError } from "../protocols/bus/errors.ts";
import type { FabricHost } from "../protocols/bus/fabric.ts";
import { waitForText } from "./helpers/panes.ts";
import { eventually } from "./helpers/poll.ts";
import { endHost, FABRIC, joinHost, startHub, type TestHost, untilUp } from "./helpers/fabric.ts";
import { type SplitHub, startSplitHub } from "./helpers/fabric_netns.ts";

/** A call's error code, or "ok", and how long it took. */
async function outcome(host: TestHost, pane: string): Promise<[string, number]> {
  const started = performance.now();
  try {
    await host.server.client.call("pane.read", { pane });
    return ["ok", performance.now() - started];
  } catch (err) {
    return [err instanceof WeftError ? err.code : String(err), performance.now() - started];
  }
}

Deno.test(
  "fabric partition: a link cut fails fast and heals with nothing restarted",
  FABRIC,
  async () => {
    let split: SplitHub | undefined;
    const hosts: TestHost[] = [];
    try {
      split = await startSplitHub(["laptop", "buildbox"], (h) => startHub(h));
      console.log(
        `link cut by ${
          split.mode === "netns" ? "a veth pair taken down" : "SIGSTOP of the leaf node (not root)"
        }`,
      );
      const buildbox = await joinHost(split.hub, "buildbox", {
        url: split.cutUrl,
        grants: { laptop: ["read", "write"] },
      });
      hosts.push(buildbox);
      const laptop = await joinHost(split.hub, "laptop");
      hosts.push(laptop);
      await untilUp(laptop, ["buildbox"]);
      const shell = { argv: ["bash", "--norc", "--noprofile"] };
      const far = await buildbox.server.client.call<{ pane: string }>("session.create", shell);
      const near = await laptop.server.client.call<{ pane: string }>("session.create", shell);
      const remote = `buildbox/${far.pane}`;
      await waitForText(laptop.server.client, { pane: remote, match: "bash" });
      const buildboxPid = buildbox.server.server.child.pid;

      await split.cut(buildbox.dir);
      const [code, ms] = await outcome(laptop, remote);
      equal(code, "HOST_UNREACHABLE");
      console.log(`HOST_UNREACHABLE after ${ms.toFixed(0)} ms`);
      // A write that fails while cut is not run later, when the link delivers what it held.
      await rejects(
        laptop.server.client.call("pane.write", {
          pane: remote,
          text: "echo LATE-WRITE",
          submit: true,
        }),
        (e) => e instanceof WeftError && e.code === "HOST_UNREACHABLE",
      );
      const failedAt = Date.now();
      // Local work goes on, on both sides of the cut.
      equal((await outcome(laptop, near.pane))[0], "ok");
      equal((await outcome(buildbox, far.pane))[0], "ok");
      await buildbox.server.client.call("pane.write", {
        pane: far.pane,
        text: "echo still-here",
        submit: true,
      });
      await waitForText(buildbox.server.client, { pane: far.pane, match: "still-here" });
      await eventually("buildbox unreachable in laptop's hosts", async () => {
        const { hosts: now } = await laptop.server.client.call<{ hosts: FabricHost[] }>(
          "fabric.hosts",
          {},
        );
        return now.some((h) => h.host === "buildbox" && h.state === "unreachable");
      });

      // Held past what the caller waited and the margin a late call may still run in.
      await new Promise((r) =>
        setTimeout(r, Math.max(0, failedAt + LATE_MARGIN_MS + 1000 - Date.now()))
      );
      await split.heal(buildbox.dir);
      await eventually(
        "buildbox's pane live again",
        async () => (await outcome(laptop, remote))[0] === "ok",
        { timeoutMs: 30_000 },
      );
      await untilUp(laptop, ["buildbox"]);
      // Nothing was restarted: the same server, and the pane typed into during the cut.
      equal(buildbox.server.server.child.pid, buildboxPid);
      await waitForText(laptop.server.client, { pane: remote, match: "still-here" });
      // Calls keep their order on the link: once this one ran, the held one came (and was refused).
      await laptop.server.client.call("pane.write", {
        pane: remote,
        text: "echo AFTER-HEAL",
        submit: true,
      });
      await waitForText(buildbox.server.client, { pane: far.pane, match: "AFTER-HEAL" });
      const { text } = await buildbox.server.client.call<{ text: string }>("pane.read", {
        pane: far.pane,
      });
      ok(!text.includes("LATE-WRITE"), text);
    } finally {
      for (const h of hosts) await endHost(h);
      await split?.end();
    }
  },
);
