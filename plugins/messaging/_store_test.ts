import { deepStrictEqual, strictEqual } from "node:assert/strict";
import { MessageStore } from "./_store.ts";

function store() {
  let n = 0;
  let t = 1000;
  return new MessageStore(":memory:", { ids: () => `m${++n}`, now: () => t++ });
}

Deno.test("MessageStore.insert() gives each recipient an unread copy; markRead() takes it", () => {
  const s = store();
  const [a, b] = s.insert({
    from: "alice",
    toSpec: "@team",
    recipients: ["bob", "carol", "bob"],
    content: "hi",
    priority: "high",
  });
  deepStrictEqual([a!.to, b!.to, a!.id], ["bob", "carol", "m1"]);
  strictEqual(s.unreadCount("bob"), 1);
  s.markRead("bob", ["m1"]);
  strictEqual(s.unreadCount("bob"), 0);
  strictEqual(s.unreadCount("carol"), 1);
  deepStrictEqual(s.recipientsOf("m1"), ["bob", "carol"]);
});

Deno.test("MessageStore.unread() filters by ids and priorities, oldest first", () => {
  const s = store();
  for (const priority of ["low", "critical", "normal"] as const) {
    s.insert({ from: "a", toSpec: "b", recipients: ["b"], content: priority, priority });
  }
  deepStrictEqual(s.unread("b").map((m) => m.content), ["low", "critical", "normal"]);
  deepStrictEqual(s.unread("b", { priorities: ["critical", "high"] }).map((m) => m.id), ["m2"]);
  deepStrictEqual(s.unread("b", { ids: ["m3", "m9"] }).map((m) => m.id), ["m3"]);
  deepStrictEqual(s.unread("b", { limit: 1 }).map((m) => m.id), ["m1"]);
});

Deno.test("MessageStore keeps replies in their first message's thread", () => {
  const s = store();
  s.insert({ from: "a", toSpec: "b", recipients: ["b"], content: "q", priority: "normal" });
  s.insert({
    from: "b",
    toSpec: "a",
    recipients: ["a"],
    content: "r",
    priority: "normal",
    replyTo: "m1",
  });
  s.insert({
    from: "a",
    toSpec: "b",
    recipients: ["b"],
    content: "rr",
    priority: "normal",
    replyTo: "m2",
  });
  deepStrictEqual(s.thread("m1").map((m) => m.content), ["q", "r", "rr"]);
  deepStrictEqual(s.log({ name: "a", limit: 2 }).map((m) => m.id), ["m2", "m3"]);
});

Deno.test("MessageStore groups and registered identities", () => {
  const s = store();
  strictEqual(s.createGroup("team", "", "alice"), true);
  strictEqual(s.createGroup("team", "", "alice"), false);
  s.addMember("team", { type: "role", id: "reviewer" });
  deepStrictEqual(s.members("team"), [{ type: "role", id: "reviewer" }]);
  strictEqual(s.deleteGroup("team"), true);
  deepStrictEqual(s.members("team"), []);
  s.register({ name: "w", owner: "bridge", role: null, description: null });
  strictEqual(s.registered()[0]?.owner, "bridge");
  strictEqual(s.unregister("w"), true);
});

Deno.test("MessageStore.rename() moves an inbox with its read marks and agent memberships", () => {
  const s = store();
  const send = (recipients: string[], content: string) =>
    s.insert({ from: "a", toSpec: "x", recipients, content, priority: "normal" });
  send(["bob"], "one");
  send(["bob", "robert"], "both");
  send(["robert"], "theirs");
  s.markRead("bob", ["m1"]);
  s.createGroup("team", "", "a");
  s.addMember("team", { type: "agent", id: "bob" });
  s.addMember("team", { type: "role", id: "bob" });
  const told: string[][] = [];
  s.onUnread = (names) => told.push([...names]);
  s.rename("bob", "robert");
  deepStrictEqual(s.unread("robert").map((m) => m.content), ["both", "theirs"]);
  strictEqual(s.unreadCount("bob"), 0);
  deepStrictEqual(s.recipientsOf("m1"), ["robert"]);
  deepStrictEqual(s.members("team"), [{ type: "agent", id: "robert" }, {
    type: "role",
    id: "bob",
  }]);
  deepStrictEqual(told, [["robert"]]);
});
