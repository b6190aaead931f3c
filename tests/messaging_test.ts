// The messaging plugin through the control socket: identities (panes, outside callers,
// identities a plugin registered), send/check/wait with push, the `message.received` event,
// and bad input with clear errors.
import { deepStrictEqual, ok, rejects, strictEqual } from "node:assert/strict";
import { E2E, withServer } from "./helpers/server.ts";
import { eventually } from "./helpers/poll.ts";

const COURIER = new URL("./fixtures/plugins/courier/mod.ts", import.meta.url).pathname;
const WITH_COURIER = {
  weft: { plugins: { courier: { from: COURIER, grant: ["message:send", "message:read"] } } },
};

interface Info {
  message_id: string;
  from: string;
  to: string;
  content: string;
  priority: string;
}

Deno.test({
  name: "messaging: a pane's wait is woken by a send; check afterwards is empty",
  ...E2E,
  fn: () =>
    withServer(async ({ client, asPane }) => {
      const { pane } = await client.call<{ pane: string }>("session.create", {
        command: "sleep 600",
        name: "bob",
      });
      const bob = await asPane(pane);
      try {
        const waiting = bob.call<{ status: string; message: Info }>("message.wait", {
          timeout: 30,
        });
        waiting.catch(() => {});
        const sent = await client.call<{ status: string; message_id: string; from: string }>(
          "message.send",
          { to: "bob", content: "hello bob", priority: "high" },
        );
        strictEqual(sent.status, "delivered");
        strictEqual(sent.from, "human");
        const got = await waiting;
        strictEqual(got.status, "message_received");
        strictEqual(got.message.message_id, sent.message_id);
        strictEqual(got.message.from, "human");
        strictEqual(got.message.to, "bob");
        strictEqual(got.message.content, "hello bob");
        strictEqual(got.message.priority, "high");
        const after = await bob.call<{ status: string; remaining: number }>("message.check", {});
        deepStrictEqual([after.status, after.remaining], ["empty", 0]);
      } finally {
        bob.close();
      }
    }),
});

Deno.test({
  name: "messaging: a plugin registers an identity, acts as it, and sees message.received",
  ...E2E,
  fn: () =>
    withServer(async ({ client }) => {
      const courier = (name: string, input: Record<string, unknown>) =>
        client.call<Record<string, unknown>>("courier.call", { name, input });
      await courier("message.register", { name: "worker", role: "builder" });
      const sent = await client.call<{ message_id: string }>("message.send", {
        to: "@builder",
        content: "build it",
      });
      const { events } = await client.call<{ events: Record<string, unknown>[] }>(
        "courier.events",
      );
      const event = events.find((e) => e.id === sent.message_id)!;
      ok(event, JSON.stringify(events));
      deepStrictEqual(Object.keys(event).sort(), [
        "content",
        "created_at",
        "from",
        "id",
        "metadata",
        "priority",
        "reply_to",
        "to",
      ]);
      strictEqual(event.to, "worker");
      // Marked read by id, as the bridge does once it has queued a turn.
      const marked = await courier("message.check", { as: "worker", ids: [sent.message_id] });
      strictEqual((marked.messages as unknown[]).length, 1);
      strictEqual(
        ((await courier("message.check", { as: "worker" })).messages as unknown[]).length,
        0,
      );
      // It replies as its identity; nobody else may speak as it.
      await courier("message.send", { as: "worker", to: "human", content: "done" });
      const inbox = await client.call<{ messages: Info[] }>("message.check", {});
      strictEqual(inbox.messages[0]?.from, "worker");
      await rejects(
        client.call("message.send", { as: "worker", to: "human", content: "spoof" }),
        (e: { code: string; message: string }) =>
          e.code === "DENIED" && /belongs to plugin "courier"/.test(e.message),
      );
      await rejects(
        client.call("message.register", { name: "x" }),
        (e: { code: string }) => e.code === "DENIED",
      );
      // Not even a plugin takes the human's identity or a pane's id.
      for (const name of ["human", "p7"]) {
        await rejects(
          courier("message.register", { name }),
          (e: { code: string; message: string }) =>
            e.code === "CONFLICT" && /it is the human's identity|it is a pane's id/.test(e.message),
        );
      }
    }, WITH_COURIER),
});

Deno.test({
  name: "messaging: bad input gets clear errors",
  ...E2E,
  fn: () =>
    withServer(async ({ client }) => {
      await client.call("session.create", { command: "sleep 600", name: "reviewer" });
      const fails = (input: Record<string, unknown>, code: string, text: RegExp) =>
        rejects(
          client.call("message.send", input),
          (e: { code: string; message: string }) =>
            e.code === code && text.test(e.message) || assertFail(e),
        );
      await fails(
        { to: "reviewr", content: "x" },
        "NOT_FOUND",
        /"reviewr": no agent.*did you mean "reviewer"/,
      );
      await fails({ to: "reviewer", content: "   " }, "INVALID_INPUT", /content is empty/);
      await fails(
        { to: "reviewer", content: "x".repeat(64 * 1024 + 1) },
        "TOO_LARGE",
        /65537 bytes, more than 65536/,
      );
      await fails({ to: "@nogroup", content: "x" }, "NOT_FOUND", /no group or role/);
    }),
});

function assertFail(e: unknown): boolean {
  throw new Error(`unexpected error: ${(e as Error).message} ${JSON.stringify(e)}`);
}

Deno.test({
  name: "messaging: a pane's <weft:send> tag sends as that pane",
  ...E2E,
  fn: () =>
    withServer(async ({ client }) => {
      await client.call("session.create", { command: "sleep 600", name: "reviewer" });
      let received: Record<string, unknown> | undefined;
      await client.subscribe(
        { topics: ["message.received"] },
        (e) => (received = e.data as Record<string, unknown>),
      );
      // The program writes its tag once the sideband reads its pane (it takes it up when it
      // learns of the pane; output before that is not read as commands).
      const { pane } = await client.call<{ pane: string }>("session.create", {
        command: `read go; printf '<weft:send to="reviewer" priority="high">look at a.ts` +
          `</weft:send>\\n'; sleep 600`,
        name: "writer",
        tags: ["sideband:stream"],
      });
      await eventually("the sideband to read the writer", async () => {
        const s = await client.call<{ panes: { pane: string; mode: string }[] }>(
          "sideband.status",
        );
        return s.panes.some((p) => p.pane === pane && p.mode === "stream");
      });
      await client.call("pane.write", { pane, text: "\n" });
      const event = await eventually("the tag's message", () => received, {
        timeoutMs: 30_000,
        detail: async () =>
          JSON.stringify(await client.call("sideband.log", { pane: "writer" }).catch(String)),
      });
      deepStrictEqual(
        [event.from, event.to, event.content, event.priority],
        ["writer", "reviewer", "look at a.ts", "high"],
      );
    }, { weft: { plugins: { sideband: { options: { holdMs: 200 } } } } }),
});

Deno.test({
  name: "messaging: a renamed pane keeps its inbox, read marks included, under its new name",
  ...E2E,
  fn: () =>
    withServer(async ({ client, asPane }) => {
      const { pane } = await client.call<{ pane: string }>("session.create", {
        command: "sleep 600",
        name: "bob",
      });
      const unread: { name: string; unread: number }[] = [];
      await client.subscribe(
        { topics: ["message.unread"], panes: [pane] },
        (e) => unread.push(e.data as { name: string; unread: number }),
      );
      await client.call("message.send", { to: "bob", content: "one" });
      await client.call("message.send", { to: "bob", content: "two" });
      const bob = await asPane(pane);
      try {
        const first = await bob.call<{ messages: Info[] }>("message.check", { limit: 1 });
        deepStrictEqual(first.messages.map((m) => m.content), ["one"]);
        await client.call("pane.rename", { pane, name: "robert" });
        // The plugin tells the new name's count once it has moved the inbox.
        await eventually("robert's count", () => unread.some((u) => u.name === "robert"));
        deepStrictEqual(unread.at(-1), { pane, name: "robert", unread: 1 });
        const after = await bob.call<{ messages: Info[]; remaining: number }>("message.check", {});
        deepStrictEqual(after.messages.map((m) => [m.to, m.content]), [["robert", "two"]]);
        strictEqual(after.remaining, 0);
        const { agents } = await client.call<{ agents: { name: string }[] }>(
          "message.agents",
          {},
        );
        ok(!agents.some((a) => a.name === "bob"), JSON.stringify(agents));
      } finally {
        bob.close();
      }
    }),
});

Deno.test({
  name: "messaging: message.unread tells a pane's unread count as it changes (the TUI shows it)",
  ...E2E,
  fn: () =>
    withServer(async ({ client, asPane }) => {
      const { pane } = await client.call<{ pane: string }>("session.create", {
        command: "sleep 600",
        name: "bob",
      });
      const counts: number[] = [];
      await client.subscribe(
        { topics: ["message.unread"], panes: [pane] },
        (e) => counts.push((e.data as { unread: number }).unread),
      );
      await client.call("message.send", { to: "bob", content: "one" });
      await client.call("message.send", { to: "bob", content: "two" });
      const bob = await asPane(pane);
      try {
        await bob.call("message.check", {});
      } finally {
        bob.close();
      }
      await eventually("three counts", () => counts.length >= 3);
      deepStrictEqual(counts, [1, 2, 0]);
    }),
});

Deno.test({
  name:
    "messaging: limits on recipients and on a sender's rate fail clearly; new names get no new allowance",
  ...E2E,
  fn: () =>
    withServer(async ({ client, connect, asPane }) => {
      for (const name of ["a", "b"]) {
        await client.call("session.create", { command: "sleep 600", name, tags: ["role=dev"] });
      }
      await rejects(
        client.call("message.send", { to: "@dev", content: "x" }),
        (e: { code: string; message: string }) =>
          e.code === "TOO_LARGE" && /2 recipients, more than 1/.test(e.message),
      );
      await client.call("message.send", { to: "a", content: "1" });
      await client.call("message.send", { to: "a", content: "2" });
      await rejects(
        client.call("message.send", { to: "a", content: "3" }),
        (e: { code: string; message: string }) =>
          e.code === "RATE_LIMITED" && /more than 0.01 messages a second/.test(e.message),
      );
      // Sending as another name, or from a new connection, is still the same sender.
      for (const as of ["other", "another", "yet-another"]) {
        await rejects(
          client.call("message.send", { to: "a", content: "4", as }),
          (e: { code: string; message: string }) =>
            e.code === "RATE_LIMITED" && /from outside socket/.test(e.message),
        );
      }
      const again = await connect();
      await rejects(
        again.call("message.send", { to: "a", content: "5", as: "fresh" }),
        (e: { code: string }) => e.code === "RATE_LIMITED",
      );
      // A pane has its own allowance.
      const b = await asPane("p2");
      const sent = await b.call<{ from: string }>("message.send", { to: "a", content: "6" });
      strictEqual(sent.from, "b");
    }, {
      weft: {
        plugins: {
          message: { options: { maxRecipients: 1, sendsPerSecond: 0.01, sendBurst: 2 } },
        },
      },
    }),
});

Deno.test({
  name: "messaging: a name that only reads is not remembered; one that waits or sends is",
  ...E2E,
  fn: () =>
    withServer(async ({ client }) => {
      const names = async () =>
        (await client.call<{ agents: { name: string }[] }>("message.agents", {})).agents
          .map((a) => a.name);
      for (let i = 0; i < 20; i++) {
        await client.call("message.check", { as: `reader-${i}` });
        await rejects(
          client.call("message.get", { id: "01NOSUCHMESSAGE", as: `getter-${i}` }),
          (e: { code: string }) => e.code === "NOT_FOUND",
        );
      }
      ok(!(await names()).some((n) => /^(reader|getter)-/.test(n)), JSON.stringify(await names()));
      await client.call("message.wait", { as: "waiter", timeout: 0 });
      await client.call("message.send", { as: "sender", to: "waiter", content: "hi" });
      const known = await names();
      ok(known.includes("waiter") && known.includes("sender"), JSON.stringify(known));
    }),
});
