import {
  deepStrictEqual as assertEquals,
  match as assertMatch,
  ok as assert,
  strictEqual,
} from "node:assert/strict";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { openStore } from "./open.ts";
import { SCHEMA_VERSION } from "./schema.ts";
import { StoreDb } from "./db.ts";
import { Journal } from "./_journal.ts";

const when = () => new Date("2026-01-02T03:04:05.678Z");

async function project(): Promise<{ dir: string; file: string; done: () => Promise<void> }> {
  const dir = await Deno.makeTempDir({ prefix: "weft-store-" });
  await Deno.mkdir(join(dir, ".weft"));
  const file = join(dir, ".weft", "weft.db");
  return { dir, file, done: () => Deno.remove(dir, { recursive: true }) };
}

async function names(dir: string): Promise<string[]> {
  const out: string[] = [];
  for await (const e of Deno.readDir(join(dir, ".weft"))) out.push(e.name);
  return out.sort();
}

Deno.test("openStore() creates the file 0600 in WAL mode, its companions 0600 too", async () => {
  const { dir, file, done } = await project();
  const opened = await openStore(file);
  assert(opened.db);
  opened.db.write([{ table: "meta", key: "x", data: "1" }], []);
  assertEquals(opened.notices, []);
  for (const name of ["weft.db", "weft.db-wal"]) {
    strictEqual((await Deno.stat(join(dir, ".weft", name))).mode! & 0o777, 0o600, name);
  }
  opened.db.close();
  await done();
});

Deno.test("openStore() moves a damaged file aside, names it, and starts empty", async () => {
  const { dir, file, done } = await project();
  const garbage = new TextEncoder().encode("not sqlite ".repeat(500));
  await Deno.writeFile(file, garbage);
  const opened = await openStore(file, { now: when });
  assert(opened.db);
  strictEqual(opened.saved, undefined);
  assertMatch(
    opened.notices.join("\n"),
    /the store \.weft\/weft\.db is damaged \(file is not a database\): moved it to \.weft\/weft-2026-01-02T03-04-05Z\.damaged\.db and started empty/,
  );
  assertEquals(
    await Deno.readFile(join(dir, ".weft", "weft-2026-01-02T03-04-05Z.damaged.db")),
    garbage,
  );
  opened.db.close();
  await done();
});

Deno.test("openStore() moves a file from a newer weft aside, untouched", async () => {
  const { dir, file, done } = await project();
  const future = new DatabaseSync(file);
  future.exec(`PRAGMA journal_mode = WAL; PRAGMA user_version = ${SCHEMA_VERSION + 1};
    CREATE TABLE t (x); INSERT INTO t VALUES (42)`);
  future.close();
  const opened = await openStore(file, { now: when });
  assertMatch(opened.notices.join("\n"), /was written by a newer weft \(it has schema version \d+/);
  const aside = join(dir, ".weft", "weft-2026-01-02T03-04-05Z.newer.db");
  const back = new DatabaseSync(aside, { readOnly: true });
  assertEquals(back.prepare("SELECT x FROM t").get()?.x, 42);
  back.close();
  opened.db!.close();
  await done();
});

Deno.test("openStore() with fresh keeps the previous store as a dated file", async () => {
  const { dir, file, done } = await project();
  const first = await openStore(file);
  first.db!.write([{ table: "meta", key: "current", data: '"s1"' }], []);
  first.db!.close();
  // A change log goes with its file: the dated set is whole, the fresh store has none.
  const log = Journal.open(`${file}-log`, 0);
  log.append([{ table: "meta", key: "current", data: '"s2"' }]);
  log.close();
  const opened = await openStore(file, { fresh: true, now: when });
  assertMatch(opened.notices[0]!, /kept as \.weft\/weft-2026-01-02T03-04-05Z\.db/);
  assertEquals(opened.db!.documents().filter((d) => d.key !== "openedAt"), []);
  assert((await names(dir)).includes("weft-2026-01-02T03-04-05Z.db"));
  assert((await names(dir)).includes("weft-2026-01-02T03-04-05Z.db-log"));
  assert(!(await names(dir)).includes("weft.db-log"));
  opened.db!.close();
  await done();
});

Deno.test("openStore() without a usable folder runs without a store and deletes nothing", async () => {
  const { dir, done } = await project();
  const file = join(dir, ".weft", "missing", "weft.db");
  const opened = await openStore(file);
  strictEqual(opened.db, undefined);
  assertMatch(
    opened.notices[0]!,
    /cannot write the store .*: this run's sessions will not be saved/,
  );
  await done();
});

Deno.test("openStore() moves the change log a killed server left into the file, then empties it", async () => {
  const { file, done } = await project();
  const first = await openStore(file);
  const session = (name: string) =>
    JSON.stringify({ id: "s1", name, windows: [], currentWindow: null, createdAt: 1 });
  first.db!.write([{ table: "sessions", key: "s1", data: session("old") }], [], 4);
  first.db!.close();
  const log = Journal.open(`${file}-log`, 3);
  // Entry 4 is in the file already (its log was not emptied before the kill): not applied again.
  log.append([{ table: "sessions", key: "s1", data: session("stale") }]);
  log.append([{ table: "sessions", key: "s1", data: session("new") }]);
  log.append([{ table: "meta", key: "current", data: '"s1"' }]);
  log.close();
  const reader = StoreDb.open(file, { readOnly: true });
  strictEqual(reader.loadLogged().sessions[0]!.name, "new");
  reader.close();

  const second = await openStore(file);
  strictEqual(second.saved!.sessions[0]!.name, "new");
  strictEqual(second.saved!.current, "s1");
  strictEqual(second.db!.logSeq(), 6);
  strictEqual((await Deno.stat(`${file}-log`)).size, 0);
  second.db!.close();
  const third = await openStore(file);
  strictEqual(third.saved!.sessions[0]!.name, "new");
  third.db!.close();
  await done();
});
