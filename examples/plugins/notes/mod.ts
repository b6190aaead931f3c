/**
 * `notes`: an example third-party weft plugin that keeps data. It asks for `data`: its own
 * folder `.weft/data/notes/`, where it may read and write and nowhere else, and keeps a SQLite
 * file there through Deno's built-in `node:sqlite` (WAL, so a killed server loses nothing the
 * plugin was told was written). Its notes outlive restarts.
 *
 * - `notes.add {text}`: stores a note; returns its id.
 * - `notes.list {}`: every note, oldest first.
 *
 * @example
 * ```ts
 * import notes from "./mod.ts";
 * console.assert(notes.manifest.capabilities.includes("data"));
 * ```
 *
 * @module
 */

import { DatabaseSync } from "node:sqlite";
import { definePlugin, WeftError, withState, z } from "@weft/weft/plugin";

/** What `setup` opens and every handler receives as `state`. */
interface State {
  db: DatabaseSync;
}

const { defineCommand } = withState<State>();

const add = defineCommand({
  name: "notes.add",
  title: "Add a note",
  description: "Stores a note in the plugin's own SQLite file; returns its id.",
  capabilities: [],
  input: z.object({ text: z.string().min(1).max(10_000) }),
  handler: ({ input, state }) => {
    const row = state.db.prepare(
      "INSERT INTO notes (text, at) VALUES (?, ?) RETURNING id",
    )
      .get(input.text, Date.now());
    return { id: Number(row!.id) };
  },
});

const list = defineCommand({
  name: "notes.list",
  title: "List notes",
  description: "Every note, oldest first.",
  capabilities: [],
  input: z.object({}),
  handler: ({ state }) => ({
    notes: state.db.prepare("SELECT id, text FROM notes ORDER BY id").all()
      .map((r) => ({ id: Number(r.id), text: String(r.text) })),
  }),
});

export default definePlugin({
  name: "notes",
  version: "0.1.0",
  description: "Notes kept in the plugin's own SQLite file (an example of the data grant).",
  capabilities: ["data"],
  commands: [add, list],
  setup: (ctx) => {
    if (!ctx.dataDir) {
      throw new WeftError(
        "DENIED",
        'Cannot keep notes: the project did not grant "data"',
      );
    }
    const db = new DatabaseSync(`${ctx.dataDir}/notes.db`);
    db.exec(`PRAGMA journal_mode = WAL; PRAGMA busy_timeout = 1000;
      CREATE TABLE IF NOT EXISTS notes (id INTEGER PRIMARY KEY, text TEXT NOT NULL, at INTEGER)`);
    return { db };
  },
});
