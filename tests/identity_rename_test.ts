// Names cannot take over identities: no pane may be named `human` or a registered identity
// (by creation, rename or sideband tag); a closed pane's mail is nobody's (not its id's, not
// the next pane with its name's); `bridge.send {from}` is checked as every `as` is.
import { deepStrictEqual, match, rejects, strictEqual } from "node:assert/strict";
import { E2E, withServer } from "./helpers/server.ts";
import { eventually } from "./helpers/poll.ts";

const COURIER = new URL("./fixtures/plugins/courier/mod.ts", import.meta.url).pathname;

interface Info {
  from: string;
  to: string;
  content: string;
}

const conflict = (pattern: RegExp) => (e: { code: string; message: string }) =>
  e.code === "CONFLICT" && pattern.test(e.message);

Deno.test({
  name: "no pane can be named human or a registered identity, by create, rename or sideband tag",
  ...E2E,
  fn: () =>
    withServer(async ({ client, asPane }) => {
      await client.call("courier.call", {
        name: "message.register",
        input: { name: "worker" },
      });
      const { pane } = await client.call<{ pane: string }>("session.create", {
        command: `read go; printf '<weft:control action="rename" name="human"/>\\n'; sleep 600`,
        name: "agent",
        tags: ["sideband:stream"],
      });
      for (const name of ["human", "worker"]) {
        await rejects(
          client.call("pane.rename", { pane, name }),
          conflict(new RegExp(`Cannot name a pane "${name}": it is reserved for an identity`)),
        );
        await rejects(
          client.call("pane.create", { argv: ["sleep", "600"], name }),
          conflict(/reserved for an identity of plugin "message"/),
        );
      }
      // The agent's own tag is refused the same way.
      await eventually("the sideband to read the agent", async () => {
        const s = await client.call<{ panes: { pane: string; mode: string }[] }>(
          "sideband.status",
        );
        return s.panes.some((p) => p.pane === pane && p.mode === "stream");
      });
      await client.call("pane.write", { pane, text: "\n" });
      const entry = await eventually("the tag's outcome", async () => {
        const { entries } = await client.call<{ entries: Record<string, unknown>[] }>(
          "sideband.log",
          { pane },
        );
        return entries.find((e) => e.command === "pane.rename");
      }, { timeoutMs: 30_000 });
      match(JSON.stringify(entry), /reserved for an identity/);
      const info = await client.call<{ name: string }>("pane.status", { pane });
      strictEqual(info.name, "agent");
      // The human's mail stays the human's; the pane speaks as itself.
      const agent = await asPane(pane);
      const sent = await agent.call<{ from: string }>("message.send", {
        to: "human",
        content: "for the human",
      });
      strictEqual(sent.from, "agent");
      deepStrictEqual((await agent.call<{ messages: Info[] }>("message.check", {})).messages, []);
      const inbox = await client.call<{ messages: Info[] }>("message.check", {});
      deepStrictEqual(inbox.messages.map((m) => m.content), ["for the human"]);
    }, {
      weft: {
        plugins: {
          courier: { from: COURIER, grant: ["message:send", "message:read"] },
          sideband: { options: { holdMs: 200 } },
        },
      },
    }),
});

Deno.test({
  name: "a closed pane's unread mail goes to nobody: not to its id, its old name or its namesake",
  ...E2E,
  fn: () =>
    withServer(async ({ client, asPane }) => {
      const bob = await client.call<{ pane: string }>("session.create", {
        command: "sleep 600",
        name: "bob",
      });
      await client.call("message.send", { to: "bob", content: "secret for bob" });
      await client.call("message.send", { to: bob.pane, content: "another for bob" });
      await client.call("pane.close", { pane: bob.pane });
      await rejects(
        client.call("message.check", { as: bob.pane }),
        (e: { code: string; message: string }) =>
          e.code === "DENIED" && /it is a pane's id/.test(e.message),
      );
      const asName = await client.call<{ messages: Info[] }>("message.check", { as: "bob" });
      deepStrictEqual(asName.messages, []);
      const next = await client.call<{ pane: string }>("session.create", {
        command: "sleep 600",
        name: "bob",
      });
      const namesake = await asPane(next.pane);
      deepStrictEqual(
        (await namesake.call<{ messages: Info[] }>("message.check", {})).messages,
        [],
      );
      // The new bob gets what is sent to it from now on.
      await client.call("message.send", { to: "bob", content: "hello new bob" });
      const got = await namesake.call<{ messages: Info[] }>("message.check", {});
      deepStrictEqual(got.messages.map((m) => m.content), ["hello new bob"]);
    }),
});

Deno.test({
  name: "bridge.send and bridge.inject check who speaks: a pane only as itself, nobody as a pane",
  ...E2E,
  fn: () =>
    withServer(async ({ client, asPane }) => {
      const a = await client.call<{ pane: string }>("session.create", {
        command: "sleep 600",
        name: "alice",
      });
      const b = await client.call<{ pane: string }>("session.create", {
        command: "sleep 600",
        name: "bob",
      });
      const denied = (pattern: RegExp) => (e: { code: string; message: string }) =>
        e.code === "DENIED" && pattern.test(e.message);
      const send = (from: string) => ({ to: "scout", from, text: "hi" });
      await rejects(client.call("bridge.send", send("bob")), denied(/pane p\d+'s identity/));
      await rejects(client.call("bridge.send", send(b.pane)), denied(/pane p\d+'s identity/));
      await rejects(client.call("bridge.send", send("p99")), denied(/pane p99's identity/));
      await rejects(client.call("bridge.send", send("scout")), denied(/a bridge agent/));
      const alice = await asPane(a.pane);
      await rejects(alice.call("bridge.send", send("bob")), denied(/a pane sends as itself/));
      await rejects(alice.call("bridge.send", send("human")), denied(/a pane sends as itself/));
      await rejects(
        alice.call("bridge.inject", { as: "scout", to: "critic", text: "hi" }),
        denied(/runs in pane p\d+ speaks only as itself/),
      );
      // What each may say.
      const ok = (r: { id: string }) => typeof r.id === "string";
      strictEqual(ok(await alice.call("bridge.send", send("alice"))), true);
      strictEqual(ok(await alice.call("bridge.send", send(a.pane))), true);
      strictEqual(ok(await client.call("bridge.send", send("human"))), true);
    }, { weft: { bridge: { agents: { scout: { headless: true }, critic: { headless: true } } } } }),
});
