import { deepStrictEqual, throws } from "node:assert/strict";
import { Directory, type PaneEntry } from "./_directory.ts";
import { recipientsOf } from "./_address.ts";
import { selfOf } from "./_self.ts";
import { MessageStore } from "./_store.ts";

function pane(id: string, name: string | null, role?: string, exited = false): PaneEntry {
  return {
    id,
    name,
    agent: "claude",
    state: "idle",
    stateSource: "status",
    exited,
    tags: role ? [`role=${role}`] : [],
    meta: {},
  };
}

function world() {
  const store = new MessageStore(":memory:");
  const directory = new Directory(store);
  directory.setPanes([
    pane("p1", "alice", "lead"),
    pane("p2", "bob", "reviewer"),
    pane("p3", null, "reviewer"),
    pane("p4", "gone", "reviewer", true),
  ]);
  store.register({ name: "worker", owner: "bridge", role: "reviewer", description: null });
  return { store, directory };
}

Deno.test("recipientsOf() resolves names, pane ids, @role, @group and @everyone", () => {
  const w = world();
  deepStrictEqual(recipientsOf("bob", "alice", w), ["bob"]);
  deepStrictEqual(recipientsOf("p2", "alice", w), ["bob"]);
  deepStrictEqual(recipientsOf("@reviewer", "bob", w), ["p3", "worker"]);
  deepStrictEqual(recipientsOf("@everyone", "alice", w), ["bob", "p3", "worker"]);
  w.store.createGroup("pair", "", "alice");
  w.store.addMember("pair", { type: "agent", id: "alice" });
  w.store.addMember("pair", { type: "agent", id: "p2" });
  deepStrictEqual(recipientsOf("@pair", "alice", w), ["bob"]);
});

Deno.test("recipientsOf() names close matches for an unknown recipient", () => {
  const w = world();
  throws(() => recipientsOf("bobb", "alice", w), /did you mean "bob"/);
  throws(() => recipientsOf("@reviewers", "alice", w), /no group or role.*"@reviewer"/);
});

Deno.test("selfOf() lets panes speak only as themselves and plugins as what they registered", () => {
  const { directory } = world();
  const grants = "all" as const;
  deepStrictEqual(
    selfOf({ kind: "mcp", id: "m", pane: "p2", grants }, undefined, directory),
    "bob",
  );
  throws(() => selfOf({ kind: "mcp", id: "m", pane: "p2", grants }, "alice", directory), /p2/);
  deepStrictEqual(selfOf({ kind: "cli", id: "cli:c1", grants }, undefined, directory), "human");
  deepStrictEqual(selfOf({ kind: "socket", id: "ci:c1", grants }, undefined, directory), "ci");
  deepStrictEqual(selfOf({ kind: "cli", id: "cli:c1", grants }, "script", directory), "script");
  throws(() => selfOf({ kind: "cli", id: "c", grants }, "bob", directory), /pane p2's identity/);
  throws(() => selfOf({ kind: "cli", id: "c", grants }, "worker", directory), /plugin "bridge"/);
  const bridge = { kind: "plugin" as const, id: "bridge", grants };
  deepStrictEqual(selfOf(bridge, "worker", directory), "worker");
  throws(() => selfOf({ ...bridge, id: "other" }, "worker", directory), /"bridge" did/);
});
