/**
 * Agents in the fabric's presence, with a hub and two weft servers (real nats-server
 * processes, real shells): buildbox puts its agents (name, pane, kind, state, role) into the
 * presence KV, and laptop lists them with its own (`weft msg agents --all`, `list_agents
 * {all_hosts}`) from there, not by a call per host. A state change reported by the pane (the
 * status protocol, from the shell) reaches laptop's list; when buildbox dies its agents stay
 * listed, marked unreachable; when it is back they are active again.
 */

import { deepStrictEqual, equal, ok } from "node:assert/strict";
import { connect } from "@nats-io/transport-node";
import { jetstream } from "@nats-io/jetstream";
import { Kvm } from "@nats-io/kv";
import { OSC_NUMBER } from "../protocols/sideband/mod.ts";
import { readCreds } from "../plugins/fabric/hub.ts";
import { startNode } from "../plugins/fabric/node.ts";
import { HUB_DOMAIN, PRESENCE_BUCKET } from "../plugins/fabric/nats_conf.ts";
import { weftProcess } from "./helpers/cli.ts";
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

interface Listed {
  agents: { name: string; host?: string; pane: string | null; state: string | null }[];
  hosts: { host: string; state: string; error?: { code: string } }[];
}

type Agent = Listed["agents"][number] & { status: string; role: string; agent: string };

/** `worker@buildbox` in laptop's list of every host's agents, once `test` holds for it. */
function worker(laptop: TestHost, what: string, test: (a: Agent) => boolean): Promise<Agent> {
  return eventually(what, async () => {
    const r = await laptop.server.client.call<Listed>("message.agents", { all_hosts: true });
    const a = r.agents.find((a) => a.name === "worker@buildbox") as Agent | undefined;
    return a && test(a) ? a : undefined;
  }, { timeoutMs: 20_000 });
}

Deno.test(
  "fabric agents: presence spans hosts, follows states, marks the unreachable",
  FABRIC,
  async (t) => {
    let hub: TestHub | undefined;
    const hosts: TestHost[] = [];
    try {
      hub = await startHub(["laptop", "buildbox"]);
      // buildbox lets laptop message (and so list) its agents; laptop lets buildbox only read.
      const buildbox = await joinHost(hub, "buildbox", { grants: { laptop: ["message"] } });
      hosts.push(buildbox);
      const laptop = await joinHost(hub, "laptop", { grants: { buildbox: ["read"] } });
      hosts.push(laptop);
      await untilUp(laptop, ["buildbox"]);
      await untilUp(buildbox, ["laptop"]);
      const { pane } = await buildbox.server.client.call<{ pane: string }>("session.create", {
        argv: ["bash", "--norc", "--noprofile"],
        name: "worker",
        tags: ["sideband:stream"],
      });
      await waitForText(buildbox.server.client, { pane, match: "bash" });
      // laptop's agents board, spanning hosts.
      await laptop.server.client.call("session.create", {
        argv: ["bash", "--norc", "--noprofile"],
      });
      const { pane: board } = await laptop.server.client.call<{ pane: string }>("canvas.open", {
        kind: "agents",
        name: "board",
        options: { all_hosts: true },
      });
      const onBoard = (what: string, re: RegExp) =>
        eventually(what, async () => {
          const { text } = await laptop.server.client.call<{ text: string }>("pane.read", {
            pane: board,
          });
          return re.test(text) ? text : undefined;
        }, { timeoutMs: 20_000 });

      await t.step("weft msg agents --all lists buildbox's agents from presence", async () => {
        const a = await worker(laptop, "worker@buildbox listed on laptop", () => true);
        deepStrictEqual([a.host, a.pane, a.status], ["buildbox", `buildbox/${pane}`, "active"]);
        const cli = await weftProcess(laptop.dir, "msg", "agents", "--all", "--json");
        equal(cli.code, 0, cli.err);
        const r = JSON.parse(cli.out) as Listed;
        ok(r.agents.some((a) => a.name === "worker@buildbox"), cli.out);
        deepStrictEqual(r.hosts, [{ host: "buildbox", state: "up" }]);
        // laptop lets buildbox not message it: its agents are not buildbox's to list.
        const back = await buildbox.server.client.call<Listed>("message.agents", {
          all_hosts: true,
        });
        ok(back.agents.every((a) => !a.name.includes("@laptop")), JSON.stringify(back));
        equal(back.hosts[0]?.error?.code, "DENIED");
        await onBoard("worker@buildbox on laptop's board", /worker@buildbox/);
      });

      await t.step("a state the pane reports reaches laptop's list", async () => {
        const started = performance.now();
        await buildbox.server.client.call("pane.write", {
          pane,
          text: `printf '\\e]${OSC_NUMBER};status;key=%s;state=blocked;msg=needs%%20a%%20key\\a' ` +
            `"$WEFT_SIDEBAND_KEY"`,
          submit: true,
        });
        await worker(laptop, "worker@buildbox blocked on laptop", (a) => a.state === "blocked");
        console.log(`blocked seen on laptop after ${(performance.now() - started).toFixed(0)} ms`);
        await onBoard("blocked on laptop's board", /worker@buildbox\s+\S+\s+blocked/);
      });

      await t.step("buildbox killed: its agents stay listed, marked; back: active", async () => {
        await buildbox.kill();
        const gone = await worker(
          laptop,
          "worker@buildbox unreachable",
          (a) => a.status === "unreachable",
        );
        equal(gone.state, "blocked");
        const r = await laptop.server.client.call<Listed>("message.agents", { all_hosts: true });
        deepStrictEqual(r.hosts.map((h) => [h.host, h.state]), [["buildbox", "unreachable"]]);
        // Those offline are left out when asked: an unreachable host's agents with them.
        const active = await laptop.server.client.call<Listed>("message.agents", {
          all_hosts: true,
          include_offline: false,
        });
        ok(
          active.agents.every((a) => !a.name.endsWith("@buildbox")),
          JSON.stringify(active),
        );
        // A hostile record under buildbox's name (its credentials, its own key): read field by
        // field, at most 500 agents, nothing beyond 256 characters, laptop's server answers.
        // Through a node of its own, as a host reaches the hub.
        const creds = await readCreds(hub!.creds("buildbox"));
        const dir = await Deno.makeTempDir({ prefix: "weft-hostile-" });
        const node = await startNode({
          dir,
          host: "buildbox",
          hub: hub!.url,
          password: creds.password,
        });
        const nc = await connect({
          servers: node.url,
          user: node.user,
          pass: node.password,
          inboxPrefix: "_INBOX.buildbox",
        });
        try {
          const kv = await eventually(
            "the hostile node's link to the hub",
            () => new Kvm(jetstream(nc, { domain: HUB_DOMAIN })).open(PRESENCE_BUCKET),
            { timeoutMs: 20_000 },
          );
          const agents = Array.from({ length: 2000 }, (_, i) => ({
            name: i === 0 ? { evil: true } : `a${i}`,
            pane: i === 1 ? 42 : "p1",
            state: "x".repeat(300),
          }));
          const record = {
            host: "buildbox",
            at: Date.now(),
            pid: 1,
            agents,
            agentsFor: ["laptop"],
          };
          await kv.put("buildbox", JSON.stringify(record));
        } finally {
          await nc.close();
          await node.stop();
          await Deno.remove(dir, { recursive: true }).catch(() => {});
        }
        const hostile = await eventually("the hostile record read on laptop", async () => {
          const r = await laptop.server.client.call<Listed>("message.agents", { all_hosts: true });
          const far = r.agents.filter((a) => a.host === "buildbox");
          // Not the record buildbox wrote before it was killed (its agents stay listed): the
          // hostile one, whose 2,000 agents are cut to 500.
          return far.length >= 500 && far;
        });
        equal(hostile.length, 500);
        deepStrictEqual([hostile[0]!.name, hostile[1]!.pane], ["?@buildbox", null]);
        ok(hostile.every((a) => (a.state ?? "").length <= 256));
        await buildbox.restart();
        await worker(laptop, "worker@buildbox active again", (a) => a.status === "active");
      });
    } finally {
      for (const h of hosts) await endHost(h);
      if (hub) await endHub(hub);
    }
  },
);
