// A store weft cannot use never takes the server down and is never deleted: a damaged file or
// one from a newer weft is moved aside and named; one that cannot be opened (an immutable
// file: even root cannot write it) is left as it is. Each case says so on stderr.
import {
  deepStrictEqual as assertEquals,
  match as assertMatch,
  ok as assert,
} from "node:assert/strict";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { E2E } from "./helpers/server.ts";
import { killHard, serveChild, tempProject } from "./helpers/serve_child.ts";

async function weftFiles(dir: string): Promise<string[]> {
  const names: string[] = [];
  for await (const e of Deno.readDir(join(dir, ".weft"))) names.push(e.name);
  return names.sort();
}

/** Starts a server over `.weft/weft.db` as `prepare` left it; checks it serves; returns stderr. */
async function serveOver(
  prepare: (file: string) => Promise<void>,
  after?: (dir: string) => Promise<void>,
) {
  const dir = await tempProject();
  const file = join(dir, ".weft", "weft.db");
  await Deno.mkdir(join(dir, ".weft"), { mode: 0o700 });
  await prepare(file);
  try {
    const server = await serveChild(dir);
    try {
      const { sessions } = await server.client.call<{ sessions: { name: string }[] }>(
        "session.list",
      );
      assertEquals(sessions.map((s) => s.name), ["main"]);
      await server.client.call("pane.create", { split: "p1" });
      await after?.(dir);
      return { dir, stderr: server.stderr(), files: await weftFiles(dir) };
    } finally {
      await killHard(server);
    }
  } finally {
    await new Deno.Command("chattr", { args: ["-i", file] }).output().catch(() => {});
    await Deno.remove(dir, { recursive: true });
  }
}

Deno.test({
  name: "a damaged store is moved aside, named, and the server starts empty",
  ...E2E,
  fn: async () => {
    const garbage = new TextEncoder().encode("this is not sqlite\n".repeat(300));
    let aside = new Uint8Array();
    const { stderr, files } = await serveOver(
      (file) => Deno.writeFile(file, garbage),
      async (dir) => {
        const name = (await weftFiles(dir)).find((n) => n.endsWith(".damaged.db"))!;
        aside = await Deno.readFile(join(dir, ".weft", name));
      },
    );
    assertMatch(
      stderr,
      /the store \.weft\/weft\.db is damaged \(file is not a database\): moved it to \.weft\/weft-[0-9T-]+Z\.damaged\.db and started empty/,
    );
    assertEquals(aside, garbage);
    assert(files.includes("weft.db"));
  },
});

Deno.test({
  name: "a store from a newer weft is moved aside untouched and the server starts empty",
  ...E2E,
  fn: async () => {
    let kept = "";
    const { stderr } = await serveOver(
      (file) => {
        const db = new DatabaseSync(file);
        db.exec(
          "PRAGMA user_version = 99; CREATE TABLE future (x TEXT); INSERT INTO future VALUES ('mine')",
        );
        db.close();
        return Promise.resolve();
      },
      async (dir) => {
        const name = (await weftFiles(dir)).find((n) => n.endsWith(".newer.db"))!;
        const db = new DatabaseSync(join(dir, ".weft", name), { readOnly: true });
        kept = String(db.prepare("SELECT x FROM future").get()?.x);
        db.close();
      },
    );
    assertMatch(
      stderr,
      /the store \.weft\/weft\.db was written by a newer weft \(it has schema version 99, this weft knows up to \d+\): moved it to \.weft\/weft-[0-9T-]+Z\.newer\.db and started empty/,
    );
    assertEquals(kept, "mine");
  },
});

Deno.test({
  name: "a store that cannot be written is restored from, left untouched, and the server runs",
  ...E2E,
  ignore: Deno.build.os !== "linux",
  fn: async () => {
    const dir = await tempProject();
    const file = join(dir, ".weft", "weft.db");
    const chattr = (flag: string) => new Deno.Command("chattr", { args: [flag, file] }).output();
    try {
      const first = await serveChild(dir);
      await first.client.call("pane.rename", { pane: "p1", name: "kept" });
      first.client.close();
      await first.server.stop();
      const before = await Deno.readFile(file);
      // Immutable: not even root may write it, as on a read-only mount.
      const made = await chattr("+i");
      assertEquals(made.code, 0, new TextDecoder().decode(made.stderr));
      const second = await serveChild(dir);
      try {
        assertMatch(
          second.stderr(),
          /cannot write the store \.weft\/weft\.db \(attempt to write a readonly database\): restoring from it, but this run's sessions will not be saved; nothing was changed/,
        );
        const { panes } = await second.client.call<{ panes: { name: string }[] }>("pane.list");
        assertEquals(panes.map((p) => p.name), ["kept"]);
        await second.client.call("pane.create", { split: "kept" });
      } finally {
        await killHard(second);
      }
      assertEquals(await Deno.readFile(file), before);
    } finally {
      await chattr("-i");
      await Deno.remove(dir, { recursive: true });
    }
  },
});
