/**
 * Messages across hosts, with a hub and two weft servers (real nats-server processes): a send
 * to `bob@buildbox` from laptop is answered once buildbox's inbox stream has it, wakes bob's
 * wait there as from `alice@laptop`; a name only buildbox has reaches it; agents are listed
 * across hosts; names, rights and forged hand-overs are refused; and across kill -9 mid-way of
 * buildbox's server, of its nats-server and of the hub, no acknowledged message is lost and
 * none is stored twice.
 */

import { deepStrictEqual, equal, match, ok, rejects } from "node:assert/strict";
import { join } from "node:path";
import { connect, type NatsConnection } from "@nats-io/transport-node";
import { WeftError } from "../protocols/bus/errors.ts";
import { fabricDir } from "../plugins/fabric/joined.ts";
import { rpcSubject } from "../plugins/fabric/nats_conf.ts";
import { weftProcess } from "./helpers/cli.ts";
import { httpClient, textOf } from "./helpers/mcp.ts";
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

type Logged = { messages: { id: string; from: string; content: string }[] };
type Sent = { message_id: string; recipients: string[]; status: string };

/** A NATS client on `host`'s own node, as its weft server is (the node's only user). */
async function leafClient(host: TestHost): Promise<NatsConnection> {
  const dir = fabricDir(host.dir);
  const conf = await Deno.readTextFile(join(dir, "leaf.conf"));
  const password = JSON.parse(conf.match(/password: ("[^"]*")/)![1]!) as string;
  let url = "";
  for await (const e of Deno.readDir(join(dir, "ports"))) {
    url = JSON.parse(await Deno.readTextFile(join(dir, "ports", e.name))).nats[0];
  }
  return await connect({
    servers: url,
    user: "weft",
    pass: password,
    inboxPrefix: "_INBOX.laptop",
  });
}

const FAST = { message: { options: { sendsPerSecond: 100_000, sendBurst: 100_000 } } };

const code = (c: string) => (err: unknown) => err instanceof WeftError && err.code === c;

Deno.test("fabric messaging: bob@buildbox, rights, and kill -9 mid-way", FABRIC, async (t) => {
  let hub: TestHub | undefined;
  const hosts: TestHost[] = [];
  try {
    hub = await startHub(["laptop", "buildbox"]);
    // buildbox takes messages from laptop; laptop lets buildbox only read.
    const buildbox = await joinHost(hub, "buildbox", { grants: { laptop: ["message"] } });
    hosts.push(buildbox);
    const laptop = await joinHost(hub, "laptop", {
      grants: { buildbox: ["read"] },
      weft: { plugins: { ...FAST, mcp: true } },
    });
    hosts.push(laptop);
    await untilUp(laptop, ["buildbox"]);
    await untilUp(buildbox, ["laptop"]);
    // bob is a name on buildbox once it waited there.
    await buildbox.server.client.call("message.wait", { as: "bob", timeout: 0 });

    await t.step("a send to bob@buildbox wakes bob's wait there", async () => {
      const waiting = buildbox.server.client.call<{ message: { from: string; content: string } }>(
        "message.wait",
        { as: "bob", timeout: 30 },
      );
      // Through the CLI, as a user would.
      const sent = await weftProcess(
        laptop.dir,
        "msg",
        "send",
        "bob@buildbox",
        "hello",
        "from",
        "laptop",
        "--as",
        "alice",
        "--json",
      );
      equal(sent.code, 0, sent.err);
      const r = JSON.parse(sent.out) as Sent;
      deepStrictEqual([r.status, r.recipients], ["stored", ["bob@buildbox"]]);
      const { message } = await waiting;
      deepStrictEqual([message.from, message.content], ["alice@laptop", "hello from laptop"]);
      // The sender keeps its own copy (no inbox row): it can look the message up by its id.
      const own = await laptop.server.client.call<{ to: string; message_id: string }>(
        "message.get",
        { id: r.message_id, as: "alice" },
      );
      deepStrictEqual([own.message_id, own.to], [r.message_id, "bob@buildbox"]);
    });

    await t.step(
      "weft msg agents --all lists the agents of hosts that let one message them",
      async () => {
        // buildbox's agents come from its presence record, put again once its list changed.
        await eventually("bob@buildbox in laptop's list", async () => {
          const { agents } = await laptop.server.client.call<{ agents: { name: string }[] }>(
            "message.agents",
            { all_hosts: true },
          );
          return agents.some((a) => a.name === "bob@buildbox");
        });
        const listed = await weftProcess(laptop.dir, "msg", "agents", "--all", "--json");
        equal(listed.code, 0, listed.err);
        const r = JSON.parse(listed.out) as {
          agents: { name: string; host?: string }[];
          hosts: { host: string; state: string }[];
        };
        ok(r.agents.some((a) => a.name === "bob@buildbox" && a.host === "buildbox"), listed.out);
        ok(r.agents.some((a) => a.name === "alice" && a.host === undefined), listed.out);
        deepStrictEqual(r.hosts, [{ host: "buildbox", state: "up" }]);
        // laptop lets buildbox only read: its agents are not buildbox's to list.
        const back = await buildbox.server.client.call<{
          agents: { name: string }[];
          hosts: { host: string; error?: { code: string } }[];
        }>("message.agents", { all_hosts: true });
        ok(back.agents.every((a) => !a.name.includes("@laptop")));
        equal(back.hosts[0]?.error?.code, "DENIED");
      },
    );

    await t.step("MCP: send_message to bob@buildbox, list_agents across hosts", async () => {
      const waiting = buildbox.server.client.call<{ message: { from: string; content: string } }>(
        "message.wait",
        { as: "bob", timeout: 30 },
      );
      const mcp = await httpClient(laptop.dir);
      try {
        const sent = await mcp.callTool({
          name: "send_message",
          arguments: { to: "bob@buildbox", content: "via mcp", as: "alice" },
        });
        equal(sent.isError, undefined, textOf(sent));
        const listed = await mcp.callTool({ name: "list_agents", arguments: { all_hosts: true } });
        match(textOf(listed), /bob@buildbox/);
      } finally {
        await mcp.close();
      }
      const { message } = await waiting;
      deepStrictEqual([message.from, message.content], ["alice@laptop", "via mcp"]);
    });

    await t.step(
      "a group on laptop with members on buildbox: each gets it where they are",
      async () => {
        const c = laptop.server.client;
        await c.call("message.wait", { as: "carol", timeout: 0 });
        await c.call("message.group_create", { name: "crew" });
        for (const id of ["carol", "bob@buildbox", "ghost@buildbox"]) {
          await c.call("message.group_add", { group: "crew", member_type: "agent", member_id: id });
        }
        const waiting = buildbox.server.client.call<{ message: { from: string; content: string } }>(
          "message.wait",
          { as: "bob", timeout: 30 },
        );
        const r = await c.call<Sent & { failed?: { to: string; code: string }[] }>(
          "message.send",
          { to: "@crew", content: "crew call", as: "alice" },
        );
        deepStrictEqual(r.recipients, ["carol", "bob@buildbox"]);
        deepStrictEqual(r.failed?.map((f) => [f.to, f.code]), [["ghost@buildbox", "NOT_FOUND"]]);
        const { message } = await waiting;
        deepStrictEqual([message.from, message.content], ["alice@laptop", "crew call"]);
        const mine = await c.call<{ messages: { content: string }[] }>("message.check", {
          as: "carol",
        });
        deepStrictEqual(mine.messages.map((m) => m.content), ["crew call"]);
      },
    );

    await t.step("a name no one on laptop has, but bob on buildbox, reaches him", async () => {
      const waiting = buildbox.server.client.call<{ message: { from: string; content: string } }>(
        "message.wait",
        { as: "bob", timeout: 30 },
      );
      const r = await laptop.server.client.call<Sent>("message.send", {
        to: "bob",
        content: "by name alone",
        as: "alice",
      });
      deepStrictEqual(r.recipients, ["bob@buildbox"]);
      const { message } = await waiting;
      deepStrictEqual([message.from, message.content], ["alice@laptop", "by name alone"]);
    });

    await t.step("unknown names, missing rights and forged hand-overs are refused", async () => {
      await rejects(
        laptop.server.client.call("message.send", { to: "nobody@buildbox", content: "x" }),
        (e) => code("NOT_FOUND")(e) && /nobody/.test((e as Error).message),
      );
      // laptop grants buildbox no `message`: refused on laptop's side, nothing stored.
      await rejects(
        buildbox.server.client.call("message.send", {
          to: "alice@laptop",
          content: "x",
          as: "bob",
        }),
        (e) => code("DENIED")(e) && /message:send/.test((e as Error).message),
      );
      // A local client cannot hand a message over as if from another host.
      await rejects(
        buildbox.server.client.call("message.receive", {
          id: "01ARZ3NDEKTSV4RRFFQ69G5FAV",
          from: "eve",
          to: "bob",
          recipients: ["bob"],
          content: "forged",
          priority: "normal",
          created_at: Date.now(),
        }),
        code("DENIED"),
      );
      // Straight over the fabric's wire, as laptop: no one here, no one's inbox, no groups.
      const nc = await leafClient(laptop);
      try {
        await buildbox.server.client.call("message.group_create", { name: "crew" });
        for (
          const [name, input] of [
            ["message.check", { as: "bob" }],
            ["message.send", { to: "bob", content: "as no one" }],
            ["message.group_delete", { name: "crew" }],
          ] as const
        ) {
          const reply = await nc.request(
            rpcSubject("laptop", "buildbox", name),
            JSON.stringify({ input, requestId: "t", caller: { kind: "socket", id: "t" } }),
            { timeout: 5000 },
          );
          const r = reply.json<{ ok: boolean; error?: { code: string } }>();
          deepStrictEqual([r.ok, r.error?.code], [false, "DENIED"], name);
        }
      } finally {
        await nc.close();
      }
      await rejects(
        laptop.server.client.call("message.send", { to: "bob@bad host", content: "x" }),
        code("INVALID_INPUT"),
      );
      await rejects(
        laptop.server.client.call("message.send", { to: "bob@nowhere", content: "x" }),
        (e) => code("HOST_UNREACHABLE")(e) || code("UNKNOWN_HOST")(e),
      );
    });

    await t.step(
      "laptop grants buildbox message (join again, reload): bob's reply reaches alice",
      async () => {
        const joined = await weftProcess(
          laptop.dir,
          "fabric",
          "join",
          hub!.url,
          "--as",
          "laptop",
          "--creds",
          hub!.creds("laptop"),
          "--grant",
          "buildbox=read,message",
        );
        equal(joined.code, 0, joined.err);
        const reloaded = await weftProcess(laptop.dir, "plugin", "reload", "fabric");
        equal(reloaded.code, 0, reloaded.err);
        await untilUp(laptop, ["buildbox"]);
        const c = laptop.server.client;
        const first = await c.call<Sent>("message.send", {
          to: "bob@buildbox",
          content: "ping",
          as: "alice",
        });
        const waiting = c.call<{ message: { from: string; content: string; thread_id: string } }>(
          "message.wait",
          { as: "alice", timeout: 30 },
        );
        // laptop's inbox stream takes buildbox's messages once its plugin is back.
        await eventually(
          "bob's reply to be taken",
          () =>
            buildbox.server.client.call("message.send", {
              to: "alice@laptop",
              content: "pong",
              reply_to: first.message_id,
              as: "bob",
            }),
          { timeoutMs: 15_000 },
        );
        const { message } = await waiting;
        deepStrictEqual(
          [message.from, message.content, message.thread_id],
          ["bob@buildbox", "pong", first.message_id],
        );
      },
    );

    await t.step("kill -9 mid-way of buildbox's server, its nats-server, the hub", async () => {
      const acked = new Set<string>();
      const refusals = new Map<string, number>();
      const send = async (i: number) => {
        try {
          await laptop.server.client.call<Sent>("message.send", {
            to: "bob@buildbox",
            content: `m-${i}`,
            as: "alice",
          });
          acked.add(`m-${i}`);
        } catch (err) {
          // Refused while something is down: not acknowledged, so free to be lost.
          ok(err instanceof WeftError, String(err));
          refusals.set(err.code, (refusals.get(err.code) ?? 0) + 1);
        }
      };
      let next = 0;
      const burst = async (n: number) => {
        const until = next + n;
        const lanes = Array.from({ length: 8 }, async () => {
          while (next < until) await send(next++);
        });
        await Promise.all(lanes);
      };
      const kills: [string, () => Promise<void>, () => Promise<void>][] = [
        // Its plugin process goes with it and stops its node; the new server starts a node on
        // the same store, whose stream still has what was acknowledged and not yet stored.
        ["server", () => buildbox.kill(), () => buildbox.restart()],
        // The fabric plugin restarts itself with a new node; nothing else restarts.
        ["nats-server", () => killLeaf(buildbox.dir), async () => {}],
        ["hub", () => hub!.kill(), () => hub!.start()],
      ];
      for (const [what, kill, revive] of kills) {
        const before = acked.size;
        const sending = burst(100);
        await eventually(`sends before the ${what} is killed`, () => acked.size >= before + 30);
        await kill();
        await sending;
        await revive();
        await eventually(`buildbox to take messages again after its ${what}`, async () => {
          await send(next++);
          return acked.has(`m-${next - 1}`);
        }, { timeoutMs: 30_000 });
      }
      await burst(30);
      const stored = await eventually("every acknowledged message to be stored", async () => {
        const { messages } = await buildbox.server.client.call<Logged>("message.log", {
          as: "bob",
          limit: 10_000,
        });
        const contents = messages.map((m) => m.content);
        return [...acked].every((c) => contents.includes(c)) ? messages : undefined;
      }, { timeoutMs: 20_000 });
      const counts = new Map<string, number>();
      for (const m of stored) counts.set(m.content, (counts.get(m.content) ?? 0) + 1);
      const twice = [...counts].filter(([, n]) => n > 1).map(([c]) => c);
      deepStrictEqual(twice, [], "a message stored twice");
      ok(stored.filter((m) => m.content.startsWith("m-")).every((m) => m.from === "alice@laptop"));
      console.log(
        `acknowledged ${acked.size} of ${next} sends; bob has ${stored.length}; refused:`,
        Object.fromEntries(refusals),
      );
    });
  } finally {
    for (const host of hosts) await endHost(host);
    if (hub) await endHub(hub);
  }
});
