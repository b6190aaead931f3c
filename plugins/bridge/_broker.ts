/**
 * The broker: per-agent FIFO queues in SQLite, one turn at a time per agent, a global limit on
 * turns at once, priorities, retries with back-off and dead letters. Enqueueing wakes it at
 * once; a back-off arms one timer for the earliest retry (no polling). A message leaves its
 * queue only in the transaction that stores its reply and routes it on.
 *
 * @module
 */

import type { DatabaseSync } from "node:sqlite";
import { type AgentRow, type Item, row, rows, run, transaction } from "./_db.ts";
import type { Executor, TurnJob } from "./_exec.ts";
import { judge, type Outcome, type RawRun } from "./_stream.ts";
import { turnArgv } from "./_argv.ts";
import { type Enqueue, insertItem, storeFailure, storeReply } from "./_settle.ts";

export type { Enqueue } from "./_settle.ts";
import type { AgentSettings, Options } from "./options.ts";

/** What the broker needs around it. */
export interface BrokerDeps {
  db: DatabaseSync;
  /** Folder for each try's files (`<runs>/<attempt>.*`). */
  runs: string;
  /** The project directory (relative agent cwds start there). */
  projectDir: string;
  options: Options;
  /** The executor for pane turns and for headless ones. */
  executors: { pane: Executor; headless: Executor };
  /** Publishes `bridge.turn` and the like. */
  publish(topic: string, data: unknown): void;
  /** A reply for someone who is not a bridge agent was stored: deliver it (outbox row id). */
  deliver(outbox: number): void;
  /**
   * Runs `fn` as the plugin's own work: turns start from whichever handler queued a message,
   * and must outlive it.
   */
  detach?: <T>(fn: () => T) => T;
  now?: () => number;
}

/** The broker; see the module doc. */
export class Broker {
  #deps: BrokerDeps;
  #running = new Set<string>();
  #timer: ReturnType<typeof setTimeout> | undefined;
  #timerAt = Infinity;
  #scheduled = false;
  #stopped = false;
  #idle: (() => void)[] = [];
  /** When items enqueued by this broker were stored (performance.now), for the timings. */
  #enqueued = new Map<string, number>();
  #now: () => number;

  constructor(deps: BrokerDeps) {
    this.#deps = deps;
    this.#now = deps.now ?? Date.now;
  }

  /** Turns running now, by agent. */
  get running(): ReadonlySet<string> {
    return this.#running;
  }

  /**
   * Tries that were running when the server (or the plugin) stopped: each counts as a failed
   * try and its message is queued again at once.
   */
  recover(): string[] {
    const db = this.#deps.db;
    const stale = rows<Item>(db, "SELECT * FROM items WHERE state = 'running'");
    const tries = rows<{ agent: string; attempt: string }>(
      db,
      "SELECT agent, attempt FROM turns WHERE state = 'running'",
    );
    transaction(db, () => {
      // A try that got as far as Claude Code's init made the session: resume it from now on.
      for (const t of tries) {
        if (sessionBegun(`${this.#deps.runs}/${t.attempt}.jsonl`)) {
          run(db, "UPDATE agents SET session_started = 1 WHERE name = ?", t.agent);
        }
      }
      run(
        db,
        `UPDATE turns SET state = 'failed', finished_at = ?,
          error = 'interrupted: the weft server or the bridge stopped during the turn'
          WHERE state = 'running'`,
        this.#now(),
      );
      for (const item of stale) {
        run(
          db,
          "UPDATE items SET state = 'queued', next_at = 0, error = ? WHERE id = ?",
          "interrupted: the weft server or the bridge stopped during the turn",
          item.id,
        );
      }
    });
    return stale.map((i) => i.id);
  }

  /** Stores a message in its agent's queue and wakes the broker; returns the item. */
  enqueue(request: Enqueue): Item {
    const db = this.#deps.db;
    const item = insertItem(db, request, this.#deps.options, this.#now());
    this.#enqueued.set(item.id, performance.now());
    this.wake();
    return item;
  }

  /** Looks for work now (after the current task). */
  wake(): void {
    if (this.#scheduled || this.#stopped) return;
    this.#scheduled = true;
    const detach = this.#deps.detach ?? ((fn) => fn());
    detach(() =>
      queueMicrotask(() => {
        this.#scheduled = false;
        this.#pump();
      })
    );
  }

  /** Stops starting turns (running ones finish). */
  stop(): void {
    this.#stopped = true;
    clearTimeout(this.#timer);
  }

  /** Resolves once nothing runs and nothing is due (for tests and benchmarks). */
  idle(): Promise<void> {
    if (this.#running.size === 0 && !this.#due()) return Promise.resolve();
    return new Promise((resolve) => this.#idle.push(resolve));
  }

  #due(): boolean {
    return this.#next().item !== undefined;
  }

  #pump(): void {
    if (this.#stopped) return;
    while (this.#running.size < this.#deps.options.concurrency) {
      const { item, wakeAt } = this.#next();
      if (!item) {
        this.#arm(wakeAt);
        break;
      }
      this.#running.add(item.agent);
      void this.#turn(item).finally(() => {
        this.#running.delete(item.agent);
        this.wake();
        if (this.#running.size === 0 && !this.#due()) {
          for (const resolve of this.#idle.splice(0)) resolve();
        }
      });
    }
  }

  /** The next item to run: the head of each free agent's queue, best priority, then oldest. */
  #next(): { item?: Item; wakeAt: number } {
    const now = this.#now();
    const queued = rows<Item>(
      this.#deps.db,
      `SELECT i.* FROM items i JOIN agents a ON a.name = i.agent WHERE i.state = 'queued'
        ORDER BY i.priority DESC, i.seq`,
    );
    const heads = new Map<string, Item>();
    for (const item of queued) if (!heads.has(item.agent)) heads.set(item.agent, item);
    let wakeAt = Infinity;
    for (const item of heads.values()) {
      if (this.#running.has(item.agent)) continue;
      if (item.next_at > now) {
        wakeAt = Math.min(wakeAt, item.next_at);
        continue;
      }
      return { item, wakeAt };
    }
    return { wakeAt };
  }

  #arm(at: number): void {
    if (at === Infinity || at >= this.#timerAt) return;
    clearTimeout(this.#timer);
    this.#timerAt = at;
    this.#timer = setTimeout(() => {
      this.#timerAt = Infinity;
      this.wake();
    }, Math.max(0, at - this.#now()));
  }

  async #turn(item: Item): Promise<void> {
    const agent = row<AgentRow>(this.#deps.db, "SELECT * FROM agents WHERE name = ?", item.agent);
    if (!agent) return;
    const settings = JSON.parse(agent.settings) as AgentSettings;
    const turn = this.#begin(item, agent);
    const executor = settings.headless ? this.#deps.executors.headless : this.#deps.executors.pane;
    let raw: RawRun;
    try {
      raw = await executor.run(this.#job(item, agent, settings, turn));
    } catch (err) {
      raw = { lines: [], code: null, signal: null, stderr: "", note: String(err) };
    }
    const outcome = judge(raw);
    if (outcome.ok) this.#succeeded(item, turn, raw, outcome);
    else this.#failed(item, turn, raw, outcome);
  }

  /** Marks the item running and records the try; one transaction. */
  #begin(item: Item, agent: AgentRow): Turn {
    const db = this.#deps.db;
    const turn: Turn = {
      attempt: crypto.randomUUID(),
      tries: item.tries + 1,
      started: this.#now(),
      enqueuedAt: this.#enqueued.get(item.id),
      spawnedAt: undefined,
      base: {},
    };
    turn.base = { agent: item.agent, item: item.id, attempt: turn.attempt, try: turn.tries };
    transaction(db, () => {
      run(db, "UPDATE items SET state = 'running', tries = ? WHERE id = ?", turn.tries, item.id);
      run(
        db,
        `INSERT INTO turns (item, agent, attempt, session_id, turn_number, try, state, started_at)
          VALUES (?, ?, ?, ?, ?, ?, 'running', ?)`,
        item.id,
        item.agent,
        turn.attempt,
        agent.session_id,
        agent.turns + 1,
        turn.tries,
        turn.started,
      );
    });
    return turn;
  }

  /** What the executor runs for this try. */
  #job(item: Item, agent: AgentRow, settings: AgentSettings, turn: Turn): TurnJob {
    const db = this.#deps.db;
    return {
      agent: item.agent,
      attempt: turn.attempt,
      argv: turnArgv(settings, { id: agent.session_id, started: agent.session_started === 1 }),
      input: item.text,
      cwd: resolveCwd(settings.cwd, this.#deps.projectDir),
      env: settings.env ?? {},
      timeoutMs: settings.timeoutMs ?? 600_000,
      prefix: `${this.#deps.runs}/${turn.attempt}`,
      started: (pane) => {
        turn.spawnedAt = performance.now();
        if (pane) run(db, "UPDATE turns SET pane = ? WHERE attempt = ?", pane, turn.attempt);
        const waitedMs = turn.enqueuedAt === undefined
          ? null
          : round(turn.spawnedAt - turn.enqueuedAt);
        this.#deps.publish("bridge.turn", { ...turn.base, state: "started", pane, waitedMs });
      },
    };
  }

  /** Records the try's figures (inside the caller's transaction). */
  #record(turn: Turn, raw: RawRun, outcome: Outcome, state: "ok" | "failed"): void {
    const finished = this.#now();
    run(
      this.#deps.db,
      `UPDATE turns SET state = ?, finished_at = ?, exit_code = ?, signal = ?, duration_ms = ?,
        cost_usd = ?, input_tokens = ?, output_tokens = ?, subtype = ?, is_error = ?, error = ?
        WHERE attempt = ?`,
      state,
      finished,
      raw.code,
      raw.signal,
      finished - turn.started,
      outcome.costUsd,
      outcome.inputTokens,
      outcome.outputTokens,
      outcome.subtype,
      outcome.isError ? 1 : 0,
      outcome.error || null,
      turn.attempt,
    );
  }

  #succeeded(item: Item, turn: Turn, raw: RawRun, outcome: Outcome): void {
    const { db, options } = this.#deps;
    const routed = transaction(db, () => {
      this.#record(turn, raw, outcome, "ok");
      return storeReply(db, item, outcome, { options, now: this.#now() });
    });
    // From enqueue to the reply stored, less the time the program itself ran.
    const storedAt = performance.now();
    const { enqueuedAt, spawnedAt } = turn;
    const timing = enqueuedAt !== undefined && spawnedAt !== undefined && raw.ranMs !== undefined
      ? {
        totalMs: round(storedAt - enqueuedAt),
        overheadMs: round(storedAt - enqueuedAt - raw.ranMs),
      }
      : {};
    this.#enqueued.delete(item.id);
    this.#deps.publish("bridge.turn", {
      ...turn.base,
      state: "finished",
      reply: outcome.reply,
      routed: routed.how,
      durationMs: this.#now() - turn.started,
      costUsd: outcome.costUsd,
      ...timing,
    });
    if (routed.outbox !== undefined) this.#deps.deliver(routed.outbox);
  }

  #failed(item: Item, turn: Turn, raw: RawRun, outcome: Outcome): void {
    const { db, options } = this.#deps;
    const fate = transaction(db, () => {
      this.#record(turn, raw, outcome, "failed");
      return storeFailure(db, item, outcome, { options, now: this.#now(), tries: turn.tries });
    });
    if (fate === "dead") this.#enqueued.delete(item.id);
    this.#deps.publish("bridge.turn", {
      ...turn.base,
      state: "failed",
      error: outcome.error,
      retry: fate === "dead" ? null : fate,
      dead: fate === "dead",
    });
  }
}

/** One try as it goes. */
interface Turn {
  attempt: string;
  tries: number;
  started: number;
  /** performance.now() of the enqueue, when this broker did it. */
  enqueuedAt: number | undefined;
  spawnedAt: number | undefined;
  /** What every `bridge.turn` event of this try says. */
  base: Record<string, unknown>;
}

function round(ms: number): number {
  return Math.round(ms * 100) / 100;
}

/** True when a try's stream-json file shows Claude Code's init (its session exists). */
function sessionBegun(file: string): boolean {
  try {
    return Deno.readTextFileSync(file).includes('"session_id"');
  } catch {
    return false;
  }
}

/** An agent's working directory: absolute, or relative to the project. */
export function resolveCwd(cwd: string | undefined, projectDir: string): string {
  if (!cwd) return projectDir;
  return cwd.startsWith("/") ? cwd : `${projectDir.replace(/\/$/, "")}/${cwd}`;
}
