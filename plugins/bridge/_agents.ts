/**
 * Bridge agents in the database: checked, stored, described.
 *
 * @module
 */

import type { DatabaseSync } from "node:sqlite";
import { WeftError } from "@weft/weft/plugin";
import { type AgentRow, row, rows, run, transaction } from "./_db.ts";
import { resolveCwd } from "./_broker.ts";
import type { AgentSettings } from "./options.ts";

/** Fails with `INVALID_INPUT` when the agent's directory is known not to exist. */
export async function checkAgent(
  name: string,
  settings: AgentSettings,
  projectDir: string,
): Promise<void> {
  const cwd = resolveCwd(settings.cwd, projectDir);
  try {
    const info = await Deno.stat(cwd);
    if (!info.isDirectory) {
      throw new WeftError(
        "INVALID_INPUT",
        `Cannot add bridge agent "${name}": cwd "${cwd}" is not a directory`,
      );
    }
  } catch (err) {
    if (err instanceof Deno.errors.NotFound) {
      throw new WeftError(
        "INVALID_INPUT",
        `Cannot add bridge agent "${name}": cwd "${cwd}" does not exist`,
      );
    }
    // Outside what the bridge may read: its turns find out (the pane fails to start there).
    if (!(err instanceof Deno.errors.NotCapable || err instanceof Deno.errors.PermissionDenied)) {
      throw err;
    }
  }
}

/** Stores (or updates) an agent; a new one gets its session id now. */
export function storeAgent(
  db: DatabaseSync,
  name: string,
  settings: AgentSettings,
  source: AgentRow["source"],
): AgentView {
  run(
    db,
    `INSERT INTO agents (name, settings, source, session_id, created_at) VALUES (?, ?, ?, ?, ?)
      ON CONFLICT (name) DO UPDATE SET settings = excluded.settings, source = excluded.source`,
    name,
    JSON.stringify(settings),
    source,
    crypto.randomUUID(),
    Date.now(),
  );
  return describeAgents(db, new Set()).find((a) => a.name === name)!;
}

/** One agent as `bridge.list` shows it. */
export interface AgentView {
  name: string;
  source: string;
  sessionId: string;
  turns: number;
  queued: number;
  dead: number;
  state: "running" | "waiting" | "retrying" | "idle";
  lastResult: unknown;
  settings: AgentSettings;
}

/** Settings as shown: environment values (keys, tokens) are not. */
function redacted(settings: AgentSettings): AgentSettings {
  if (!settings.env) return settings;
  return { ...settings, env: Object.fromEntries(Object.keys(settings.env).map((k) => [k, "…"])) };
}

/** Every agent with its queue depth and state. */
export function describeAgents(db: DatabaseSync, running: ReadonlySet<string>): AgentView[] {
  const now = Date.now();
  return rows<AgentRow>(db, "SELECT * FROM agents ORDER BY name").map((a) => {
    const q = row<{ queued: number; dead: number; retrying: number }>(
      db,
      `SELECT SUM(state IN ('queued', 'running')) AS queued, SUM(state = 'dead') AS dead,
        SUM(state = 'queued' AND next_at > ?) AS retrying FROM items WHERE agent = ?`,
      now,
      a.name,
    )!;
    const queued = Number(q.queued ?? 0);
    return {
      name: a.name,
      source: a.source,
      sessionId: a.session_id,
      turns: a.turns,
      queued,
      dead: Number(q.dead ?? 0),
      state: running.has(a.name)
        ? "running"
        : Number(q.retrying ?? 0) > 0
        ? "retrying"
        : queued > 0
        ? "waiting"
        : "idle",
      lastResult: a.last_result ? JSON.parse(a.last_result) : null,
      settings: redacted(JSON.parse(a.settings)),
    };
  });
}

/** Forgets an agent; what is queued for it becomes a dead letter with `why`. Returns how many. */
export function removeAgent(db: DatabaseSync, name: string, why: string): number {
  return transaction(db, () => {
    const moved = db.prepare(
      "UPDATE items SET state = 'dead', error = ?, done_at = ? WHERE agent = ? AND state = 'queued'",
    ).run(why, Date.now(), name).changes;
    run(db, "DELETE FROM agents WHERE name = ?", name);
    return Number(moved);
  });
}
