import { deepStrictEqual as assertEquals, strictEqual, throws } from "node:assert/strict";
import { DatabaseSync } from "node:sqlite";
import { StoreDb } from "./db.ts";
import { migrate, NewerSchemaError, SCHEMA_VERSION, schemaVersion } from "./schema.ts";

Deno.test("migrate() brings a new file to the current version and leaves it there", () => {
  const db = new DatabaseSync(":memory:");
  migrate(db);
  strictEqual(schemaVersion(db), SCHEMA_VERSION);
  migrate(db);
  strictEqual(schemaVersion(db), SCHEMA_VERSION);
  db.close();
});

Deno.test("migrate() refuses a file from a newer weft and changes nothing", () => {
  const db = new DatabaseSync(":memory:");
  db.exec(`PRAGMA user_version = ${SCHEMA_VERSION + 1}; CREATE TABLE future (x)`);
  throws(() => migrate(db), NewerSchemaError);
  strictEqual(schemaVersion(db), SCHEMA_VERSION + 1);
  db.close();
});

Deno.test("StoreDb writes documents and screens in one batch and reads them back", () => {
  const db = StoreDb.open(":memory:");
  const session = { id: "s10", name: "b", windows: [], currentWindow: null, createdAt: 1 };
  db.write([
    { table: "sessions", key: "s10", data: JSON.stringify(session) },
    { table: "sessions", key: "s2", data: JSON.stringify({ ...session, id: "s2", name: "a" }) },
    { table: "meta", key: "current", data: '"s2"' },
    { table: "meta", key: "counters", data: '{"s":10}' },
  ], [{ pane: "p1", screen: { cols: 80, rows: 2, ansi: "hi", savedAt: 5 } }]);
  let state = db.load();
  assertEquals(state.sessions.map((s) => s.id), ["s2", "s10"]);
  assertEquals([state.current, state.counters], ["s2", { s: 10 }]);
  assertEquals(state.screens.get("p1"), { cols: 80, rows: 2, ansi: "hi", savedAt: 5 });
  db.write([{ table: "sessions", key: "s2", data: null }], [{ pane: "p1", screen: null }]);
  state = db.load();
  assertEquals([state.sessions.map((s) => s.id), state.screens.size], [["s10"], 0]);
  db.close();
});

Deno.test("StoreDb writes nothing of a batch that fails", () => {
  const db = StoreDb.open(":memory:");
  throws(() =>
    db.write([
      { table: "meta", key: "a", data: "1" },
      { table: "nope" as "meta", key: "b", data: "2" },
    ], [])
  );
  strictEqual(db.documents().filter((d) => d.key !== "openedAt").length, 0);
  db.close();
});
