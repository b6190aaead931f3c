/**
 * A remote pane's output, live and replayed, through the fabric (a hub and two weft servers,
 * real nats-server processes): a subscription on `laptop` to `pane.output` of `buildbox/pN`
 * gets that pane's output as it comes; a late viewer (`replay`) first gets what buildbox kept
 * (the picture of the screen when the pane was first followed, and the output since), then
 * live output; a snapshot subscription to a remote pane is drawn by that replay; unsubscribing
 * stops buildbox publishing; a host its project does not grant `read` is refused.
 */

import { equal, match, ok, rejects } from "node:assert/strict";
import type { WeftEvent } from "../protocols/bus/events.ts";
import { WeftError } from "../protocols/bus/errors.ts";
import type { TapInfo } from "../plugins/fabric/taps.ts";
import { eventually } from "./helpers/poll.ts";
import { waitForText } from "./helpers/panes.ts";
import {
  endHost,
  endHub,
  FABRIC,
  joinHost,
  startHub,
  type TestHost,
  type TestHub,
  untilUp,
} from "./helpers/fabric.ts";

/** What a subscriber got: the output's text, in order. */
function collector() {
  const chunks: string[] = [];
  return {
    chunks,
    text: () => chunks.join(""),
    listener: (event: WeftEvent) => {
      if (event.topic === "pane.output") chunks.push((event.data as { data: string }).data);
      if (event.topic === "snapshot") chunks.push(`<snapshot ${JSON.stringify(event.data)}>`);
    },
  };
}

Deno.test(
  "fabric: a remote pane's output streams live, a late viewer replays it, rights hold",
  FABRIC,
  async (t) => {
    let hub: TestHub | undefined;
    const hosts: TestHost[] = [];
    try {
      hub = await startHub(["laptop", "buildbox"]);
      // buildbox lets laptop read and type; laptop lets buildbox only send messages.
      const buildbox = await joinHost(hub, "buildbox", {
        grants: { laptop: ["read", "write"] },
      });
      hosts.push(buildbox);
      const laptop = await joinHost(hub, "laptop", { grants: { buildbox: ["message"] } });
      hosts.push(laptop);
      await untilUp(laptop, ["buildbox"]);
      await untilUp(buildbox, ["laptop"]);
      const far = await buildbox.server.client.call<{ pane: string }>("session.create", {
        name: "work",
        command: "bash --norc --noprofile",
      });
      const remote = `buildbox/${far.pane}`;
      const taps = async () =>
        (await buildbox.server.client.call<{ taps: TapInfo[] }>("fabric.taps", {})).taps;
      const type = (line: string) =>
        laptop.server.client.call("pane.write", { pane: remote, text: line, submit: true });
      // Printed before anyone follows the pane.
      await buildbox.server.client.call("pane.write", {
        pane: far.pane,
        text: "echo early-$((20+1))",
        submit: true,
      });
      await waitForText(buildbox.server.client, { pane: far.pane, match: "early-21" });
      equal((await taps()).length, 0, "nothing is published while no one follows");

      const live = collector();
      const offLive = await laptop.server.client.subscribe(
        { topics: ["pane.output"], panes: [remote] },
        live.listener,
      );
      await eventually("buildbox to publish the pane for laptop", async () => {
        const [tap] = await taps();
        return tap?.pane === far.pane && tap.followers.length === 1 &&
          tap.followers[0]!.startsWith("laptop.");
      });

      await t.step("a subscriber gets the remote pane's output live", async () => {
        await type("echo live-$((40+2))");
        await eventually("live output on laptop", () => live.text().includes("live-42"));
        ok(!live.text().includes("early-21"), "live only: no replay asked for");
      });

      const late = collector();
      let offLate: (() => Promise<void>) | undefined;
      await t.step("a late viewer replays what buildbox kept, then follows live", async () => {
        offLate = await laptop.server.client.subscribe(
          { topics: ["pane.output"], panes: [remote], replay: true },
          late.listener,
        );
        // The picture taken when the pane was first followed, and the output since.
        await eventually("the replay", () => late.text().includes("live-42"));
        match(late.text(), /early-21[^]*live-42/);
        await type("echo after-$((60+3))");
        await eventually("live output after the replay", () => late.text().includes("after-63"));
        await eventually("the first viewer too", () => live.text().includes("after-63"));
        // Typed as `$((60+3))`: only the printed line says after-63, once (none twice).
        equal(late.text().split("after-63").length, 2, late.text());
      });

      await t.step("a snapshot subscription to a remote pane is drawn by the replay", async () => {
        const mirror = collector();
        const off = await laptop.server.client.subscribe({
          topics: ["pane.output"],
          panes: [remote],
          snapshot: { pane: remote, mode: "visible", ansi: true },
        }, mirror.listener);
        try {
          match(mirror.chunks[0]!, /^<snapshot .*"replayed":true/);
          await eventually(
            "the replay after the snapshot",
            () => mirror.text().includes("after-63"),
          );
        } finally {
          await off();
        }
      });

      await t.step("unsubscribing stops buildbox publishing", async () => {
        await offLive();
        await offLate!();
        await eventually("the tap to close", async () => (await taps()).length === 0);
        const before = late.text().length;
        await buildbox.server.client.call("pane.write", {
          pane: far.pane,
          text: "echo unseen",
          submit: true,
        });
        await waitForText(buildbox.server.client, { pane: far.pane, match: "unseen" });
        // The pane's output is on buildbox's bus, and no longer published for anyone.
        equal((await taps()).length, 0);
        equal(late.text().length, before);
      });

      await t.step("a host not granted read is refused", async () => {
        const near = await laptop.server.client.call<{ pane: string }>("session.create", {
          name: "home",
          command: "bash --norc --noprofile",
        });
        const mine = `laptop/${near.pane}`;
        await rejects(
          buildbox.server.client.call("fabric.follow", { pane: mine, id: "sneak" }),
          (e: unknown) => e instanceof WeftError && e.code === "DENIED",
        );
        await rejects(
          buildbox.server.client.subscribe({
            topics: ["pane.output"],
            panes: [mine],
            snapshot: { pane: mine, mode: "visible", ansi: true },
          }, () => {}),
          (e: unknown) => e instanceof WeftError && e.code === "DENIED",
        );
        const seen = collector();
        const off = await buildbox.server.client.subscribe(
          { topics: ["pane.output"], panes: [mine], replay: true },
          seen.listener,
        );
        await laptop.server.client.call("pane.write", {
          pane: near.pane,
          text: "echo secret",
          submit: true,
        });
        await waitForText(laptop.server.client, { pane: near.pane, match: "secret" });
        const laptopTaps = await laptop.server.client.call<{ taps: TapInfo[] }>(
          "fabric.taps",
          {},
        );
        equal(laptopTaps.taps.length, 0, "laptop publishes nothing for buildbox");
        equal(seen.text(), "");
        await off();
      });
    } finally {
      for (const h of hosts) await endHost(h);
      if (hub) await endHub(hub);
    }
  },
);
