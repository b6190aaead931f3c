import { deepStrictEqual as assertEquals, strictEqual } from "node:assert/strict";
import { Journal, mergedDocs, readJournal } from "./_journal.ts";

const window = JSON.stringify({ id: "w1", layout: { type: "pane", pane: "p1" }, name: 'a "q"' });

Deno.test("Journal appends entries that readJournal() reads back after a sequence number", () => {
  const path = Deno.makeTempFileSync();
  Deno.removeSync(path);
  const log = Journal.open(path, 7);
  strictEqual(log.append([{ table: "windows", key: "w1", data: window }]), 8);
  strictEqual(
    log.append([
      { table: "meta", key: "current", data: "null" },
      { table: "panes", key: "p2", data: null },
    ]),
    9,
  );
  log.close();
  strictEqual(Deno.statSync(path).mode! & 0o777, 0o600);
  assertEquals(readJournal(path, 0), [
    { seq: 8, docs: [{ table: "windows", key: "w1", data: window }] },
    {
      seq: 9,
      docs: [{ table: "meta", key: "current", data: "null" }, {
        table: "panes",
        key: "p2",
        data: null,
      }],
    },
  ]);
  assertEquals(readJournal(path, 8).map((e) => e.seq), [9]);
  Deno.removeSync(path);
});

Deno.test("readJournal() stops at a line the OS never finished writing", () => {
  const path = Deno.makeTempFileSync();
  const log = Journal.open(path, 0);
  log.append([{ table: "windows", key: "w1", data: window }]);
  log.close();
  Deno.writeTextFileSync(path, '[2,[["windows","w1",{"id"', { append: true });
  assertEquals(readJournal(path, 0).map((e) => e.seq), [1]);
  Deno.removeSync(path);
});

Deno.test("Journal.reset() empties the log and numbering goes on", () => {
  const path = Deno.makeTempFileSync();
  const log = Journal.open(path, 0);
  log.append([{ table: "meta", key: "counters", data: '{"p":1}' }]);
  log.reset();
  strictEqual(Deno.statSync(path).size, 0);
  strictEqual(log.append([{ table: "meta", key: "counters", data: '{"p":2}' }]), 2);
  log.close();
  assertEquals(readJournal(path, 0), [
    { seq: 2, docs: [{ table: "meta", key: "counters", data: '{"p":2}' }] },
  ]);
  strictEqual(readJournal(`${path}-none`, 0).length, 0);
  Deno.removeSync(path);
});

Deno.test("mergedDocs() keeps the last change of each document", () => {
  assertEquals(
    mergedDocs([
      { seq: 1, docs: [{ table: "panes", key: "p1", data: "{}" }] },
      {
        seq: 2,
        docs: [{ table: "panes", key: "p1", data: null }, {
          table: "windows",
          key: "p1",
          data: "1",
        }],
      },
    ]),
    [{ table: "panes", key: "p1", data: null }, { table: "windows", key: "p1", data: "1" }],
  );
});
