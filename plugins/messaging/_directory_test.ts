import { ok, strictEqual } from "node:assert/strict";
import { type SQLInputValue, StatementSync } from "node:sqlite";
import { Directory, type PaneEntry } from "./_directory.ts";
import { MessageStore } from "./_store.ts";

/** Counts the rows SQLite hands back while `fn` runs (every statement, every method). */
function rowsRead(fn: () => void): number {
  // Patched for this test's own process only (one process per test file), restored after.
  const proto = StatementSync.prototype as unknown as Record<
    "all" | "get",
    (this: StatementSync, ...args: SQLInputValue[]) => unknown
  >;
  const { all, get } = proto;
  let rows = 0;
  proto.all = function (...args) {
    const out = all.apply(this, args) as unknown[];
    rows += out.length;
    return out;
  };
  proto.get = function (...args) {
    const out = get.apply(this, args);
    if (out !== undefined) rows++;
    return out;
  };
  try {
    fn();
  } finally {
    proto.all = all;
    proto.get = get;
  }
  return rows;
}

Deno.test("Directory.find() and MessageStore.see() of a new name read a few rows, however many names came before", () => {
  let t = 0;
  const store = new MessageStore(":memory:", { now: () => t++ });
  const directory = new Directory(store);
  // What messaging does for each caller outside panes: look the name up, remember it if new.
  const speak = (name: string) => {
    if (directory.find(name) === undefined) store.outside.see(name);
  };
  const early = rowsRead(() => {
    for (let i = 0; i < 100; i++) speak(`early-${i}`);
  });
  for (let i = 0; i < 3000; i++) speak(`name-${i}`);
  const late = rowsRead(() => {
    for (let i = 0; i < 100; i++) speak(`late-${i}`);
  });
  // Before: every new name re-read every name seen (about 3,100 rows a name by then).
  ok(
    late <= early + 100 && late < 500,
    `rows read for 100 new names: ${early} early, ${late} late`,
  );
  strictEqual(directory.find("name-2999")?.kind, "outside");
  store.close();
});

Deno.test("Directory: a pane called human (from an older store) is its id, not the human", () => {
  const store = new MessageStore(":memory:");
  const directory = new Directory(store);
  const pane: PaneEntry = {
    id: "p4",
    name: "human",
    agent: "shell",
    state: "idle",
    stateSource: "process",
    exited: false,
    tags: [],
    meta: {},
  };
  directory.setPanes([pane]);
  strictEqual(directory.find("human")?.kind, "outside");
  strictEqual(directory.find("p4")?.name, "p4");
  store.close();
});

Deno.test("Directory.reload() keeps a state reported while the list was on its way", async () => {
  const directory = new Directory(new MessageStore(":memory:"));
  const pane = (state: string): PaneEntry => ({
    id: "p1",
    name: null,
    agent: "claude",
    state,
    stateSource: "hook",
    exited: false,
    tags: [],
    meta: {},
  });
  directory.setPanes([pane("working")]);
  let listed!: (panes: PaneEntry[]) => void;
  const reload = directory.reload(() => new Promise((r) => (listed = r)));
  directory.setState("p1", "idle", "hook"); // the Stop hook's event, newer than the list
  listed([pane("working")]); // the list, read before it
  await reload;
  strictEqual(directory.pane("p1")?.state, "idle");
});

Deno.test("Directory.add(), update() and remove() keep names and ids in step (what pane events change)", () => {
  const directory = new Directory(new MessageStore(":memory:"));
  const bob: PaneEntry = {
    id: "p1",
    name: "bob",
    agent: "shell",
    state: "idle",
    stateSource: "screen",
    exited: false,
    tags: [],
    meta: {},
  };
  directory.add(bob);
  strictEqual(directory.find("bob")?.pane?.id, "p1");
  ok(directory.update("p1", { agent: "claude", tags: ["role=reviewer"] }));
  strictEqual(directory.find("bob")?.pane?.agent, "claude");
  strictEqual(directory.find("bob")?.role, "reviewer");
  ok(!directory.update("p9", { exited: true }), "an unknown pane is not made up");
  directory.remove("p1");
  strictEqual(directory.find("bob"), undefined);
  strictEqual(directory.find("p1"), undefined);
});
