// The messaging plugin's groups, roles and broadcast, and `weft msg` on the command line.
import { deepStrictEqual, match, ok, rejects, strictEqual } from "node:assert/strict";
import { E2E, withServer } from "./helpers/server.ts";
import { weftInProcess } from "./helpers/cli.ts";

Deno.test({
  name: "messaging: groups by agent and role, @role, and a broadcast that skips the sender",
  ...E2E,
  fn: () =>
    withServer(async ({ client, asPane }) => {
      for (const [name, role] of [["alice", "lead"], ["bob", "reviewer"], ["carol", "reviewer"]]) {
        await client.call("session.create", { command: "sleep 600", name, tags: [`role=${role}`] });
      }
      await client.call("message.group_create", { name: "team", description: "the team" });
      await client.call("message.group_add", {
        group: "team",
        member_type: "agent",
        member_id: "alice",
      });
      await client.call("message.group_add", {
        group: "team",
        member_type: "role",
        member_id: "reviewer",
      });
      const got = await client.call<{ expanded_agents: string[]; members: unknown[] }>(
        "message.group_get",
        { name: "team", expand: true },
      );
      deepStrictEqual(got.expanded_agents.sort(), ["alice", "bob", "carol"]);
      const toTeam = await client.call<{ recipients: string[] }>("message.send", {
        to: "@team",
        content: "standup",
      });
      deepStrictEqual(toTeam.recipients.sort(), ["alice", "bob", "carol"]);
      const toRole = await client.call<{ recipients: string[] }>("message.send", {
        to: "@reviewer",
        content: "please review",
      });
      deepStrictEqual(toRole.recipients.sort(), ["bob", "carol"]);
      // alice broadcasts (from her pane): everyone else gets it, she does not.
      const alice = await asPane("p1");
      try {
        const b = await alice.call<{ status: string; sent_to: string[] }>("message.broadcast", {
          content: "lunch",
          filter: { exclude: ["carol"] },
        });
        deepStrictEqual([b.status, b.sent_to.sort()], ["sent", ["bob"]]);
        const inbox = await alice.call<{ messages: { content: string }[] }>("message.check", {});
        deepStrictEqual(inbox.messages.map((m) => m.content), ["standup"]);
      } finally {
        alice.close();
      }
      await client.call("message.group_remove", {
        group: "team",
        member_type: "role",
        member_id: "reviewer",
      });
      await rejects(
        client.call("message.group_delete", { name: "everyone" }),
        (e: { code: string }) => e.code === "DENIED",
      );
      await rejects(
        client.call("message.group_get", { name: "teem" }),
        (e: { code: string; message: string }) =>
          e.code === "NOT_FOUND" && /did you mean "team"/.test(e.message),
      );
      await client.call("message.group_delete", { name: "team" });
      const list = await client.call<{ groups: { name: string }[] }>("message.group_list", {});
      deepStrictEqual(list.groups.map((g) => g.name), ["everyone"]);
    }),
});

Deno.test({
  name: "messaging: weft msg sends, lists agents, shows the inbox, and waits with a time-out",
  ...E2E,
  fn: () =>
    withServer(async ({ client, dir }) => {
      await client.call("session.create", { command: "sleep 600", name: "bob" });
      const sent = await weftInProcess(dir, "msg", "send", "bob", "hello", "there", "--json");
      strictEqual(sent.code, 0, sent.err);
      const id = JSON.parse(sent.out).message_id as string;
      const agents = await weftInProcess(dir, "msg", "agents");
      match(agents.out, /^bob\s+-\s+p1\s+/m);
      match(agents.out, /^bob .*\s1$/m);
      // bob's inbox, read by the owner acting from outside as nobody in particular, is not
      // theirs: the human's is empty; a reply to the human shows up there.
      const empty = await weftInProcess(dir, "msg", "inbox");
      match(empty.out, /no unread messages/);
      const reply = await weftInProcess(dir, "msg", "send", "human", "noted", "--as", "script");
      strictEqual(reply.code, 0, reply.err);
      const inbox = await weftInProcess(dir, "msg", "inbox");
      match(inbox.out, /script → human \(\w+\): noted/);
      const waited = await weftInProcess(dir, "msg", "wait", "--timeout", "1");
      strictEqual(waited.code, 1);
      match(waited.out, /timeout/);
      const log = await weftInProcess(dir, "msg", "log", "--all");
      ok(log.out.includes(id), log.out);
    }),
});
