import { deepStrictEqual, strictEqual, throws } from "node:assert/strict";
import { WeftError } from "@weft/weft/plugin";
import { callingHost, remoteOf } from "./_remote.ts";
import { MessageStore } from "./_store.ts";

Deno.test("remoteOf() splits NAME@HOST and @ROLE@HOST; plain names and @groups are local", () => {
  deepStrictEqual(remoteOf("bob@buildbox"), { to: "bob", host: "buildbox" });
  deepStrictEqual(remoteOf("@reviewer@build-2.lan"), { to: "@reviewer", host: "build-2.lan" });
  strictEqual(remoteOf("bob"), undefined);
  strictEqual(remoteOf("@everyone"), undefined);
  for (const bad of ["bob@", "bob@bad host", "b ob@x", "@@x", "bob@x/y"]) {
    throws(() => remoteOf(bad), (e) => e instanceof WeftError && e.code === "INVALID_INPUT", bad);
  }
});

Deno.test("callingHost() believes only the fabric's host callers", () => {
  strictEqual(callingHost({ kind: "host", id: "fabric/laptop", grants: new Set() }), "laptop");
  strictEqual(callingHost({ kind: "host", id: "web/laptop", grants: new Set() }), undefined);
  strictEqual(callingHost({ kind: "socket", id: "fabric/laptop", grants: "all" }), undefined);
});

Deno.test("a message from another host handed over twice is stored and announced once", () => {
  const s = new MessageStore(":memory:");
  const m = {
    id: "01ARZ3NDEKTSV4RRFFQ69G5FAV",
    createdAt: 1234,
    from: "alice@laptop",
    toSpec: "bob",
    recipients: ["bob"],
    content: "once",
    priority: "normal" as const,
  };
  const [first] = s.insertMany([m]);
  deepStrictEqual(first!.map((c) => [c.id, c.to, c.createdAt]), [[m.id, "bob", 1234]]);
  s.markRead("bob", [m.id]);
  // Again (its host's server restarted before it acknowledged): nothing new, still read.
  deepStrictEqual(s.insertMany([m, m]), [[], []]);
  strictEqual(s.unreadCount("bob"), 0);
  strictEqual(s.log({ name: "bob", limit: 10 }).length, 1);
  s.close();
});
