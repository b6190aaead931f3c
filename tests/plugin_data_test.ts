// A plugin granted `data` gets `.weft/data/<plugin>/` (0700), may read and write there and
// nowhere else, and keeps a SQLite file there across restarts (examples/plugins/notes).
import { deepStrictEqual as assertEquals, rejects, strictEqual } from "node:assert/strict";
import { join } from "node:path";
import { E2E, withServer } from "./helpers/server.ts";
import { loadConfig } from "../core/config/mod.ts";
import { startServer } from "../core/server/server.ts";
import { BUILTIN_PLUGINS } from "../plugins/builtin.ts";
import { WeftClient } from "../plugins/client/mod.ts";

const NOTES = new URL("../examples/plugins/notes/mod.ts", import.meta.url).pathname;
const NOSY = new URL("./fixtures/plugins/nosy/mod.ts", import.meta.url).pathname;

Deno.test({
  name: "a plugin granted data writes in its own folder and nowhere else",
  ...E2E,
  fn: async () => {
    await withServer(async ({ client, dir }) => {
      const folder = join(dir, ".weft", "data", "nosy");
      assertEquals(await client.call("nosy.where"), { dataDir: folder });
      strictEqual((await Deno.stat(folder)).mode! & 0o777, 0o700);
      await client.call("nosy.write", { path: join(folder, "mine.txt") });
      for (
        const path of [
          join(dir, "outside.txt"),
          join(dir, ".weft", "data", "other.txt"),
        ]
      ) {
        await rejects(
          client.call("nosy.write", { path }),
          (e: { code: string }) => e.code === "DENIED",
          path,
        );
      }
      assertEquals(
        await Deno.readTextFile(join(folder, "mine.txt")),
        "nosy was here\n",
      );
    }, { weft: { plugins: { nosy: { from: NOSY, grant: ["data"] } } } });
  },
});

Deno.test({
  name: "a plugin not granted data gets no folder and no write right",
  ...E2E,
  fn: async () => {
    await withServer(async ({ client, dir }) => {
      assertEquals(await client.call("nosy.where"), { dataDir: null });
      await rejects(
        client.call("nosy.write", {
          path: join(dir, ".weft", "data", "nosy", "x"),
        }),
        (e: { code: string }) => e.code === "DENIED",
      );
    }, { weft: { plugins: { nosy: { from: NOSY, grant: [] } } } });
  },
});

Deno.test({
  name: "the notes example keeps its notes in its own SQLite file across a restart",
  ...E2E,
  fn: async () => {
    const dir = await Deno.makeTempDir({ prefix: "weft-notes-" });
    const weft = {
      shell: ["bash", "--norc"],
      plugins: { notes: { from: NOTES, grant: ["data"] } },
    };
    await Deno.writeTextFile(join(dir, "deno.json"), JSON.stringify({ weft }));
    try {
      for (const text of ["first", "second"]) {
        const server = await startServer(
          await loadConfig(dir, { builtins: BUILTIN_PLUGINS }),
        );
        await server.pluginsStarted;
        const client = await WeftClient.connect(server.paths.socket);
        try {
          await client.call("notes.add", { text });
        } finally {
          client.close();
          await server.stop();
        }
      }
      const server = await startServer(
        await loadConfig(dir, { builtins: BUILTIN_PLUGINS }),
      );
      await server.pluginsStarted;
      const client = await WeftClient.connect(server.paths.socket);
      try {
        assertEquals(await client.call("notes.list"), {
          notes: [{ id: 1, text: "first" }, { id: 2, text: "second" }],
        });
      } finally {
        client.close();
        await server.stop();
      }
      await Deno.stat(join(dir, ".weft", "data", "notes", "notes.db"));
    } finally {
      await Deno.remove(dir, { recursive: true });
    }
  },
});
