import { deepStrictEqual, ok, strictEqual } from "node:assert/strict";
import { Broker } from "./_broker.ts";
import { openDb, rows } from "./_db.ts";
import type { Executor, TurnJob } from "./_exec.ts";
import { storeAgent } from "./_agents.ts";
import { defaults, type Options } from "./options.ts";
import type { RawRun } from "./_stream.ts";

/** An executor whose turns end when the test says, each with the run it is given. */
function fakeExecutor() {
  const pending: { job: TurnJob; end: (run: RawRun) => void }[] = [];
  let wake = () => {};
  const executor: Executor = {
    run: (job) =>
      new Promise((end) => {
        job.started(null);
        pending.push({ job, end });
        wake();
      }),
  };
  return {
    executor,
    pending,
    /** Waits until `n` turns are running. */
    running: (n: number) =>
      new Promise<void>((resolve) => {
        const check = () => (pending.length >= n ? resolve() : (wake = check));
        check();
      }),
  };
}

const ok1 = (reply: string): RawRun => ({
  lines: [JSON.stringify({ type: "result", subtype: "success", is_error: false, result: reply })],
  code: 0,
  signal: null,
  stderr: "",
});
const bad: RawRun = { lines: [], code: 1, signal: null, stderr: "" };

async function setup(options: Partial<Options> = {}, agents = ["A", "B", "C"]) {
  const dir = await Deno.makeTempDir();
  const db = openDb(dir);
  for (const a of agents) storeAgent(db, a, {}, "added");
  const fake = fakeExecutor();
  const events: Record<string, unknown>[] = [];
  const broker = new Broker({
    db,
    runs: dir,
    projectDir: dir,
    options: { ...defaults, ...options },
    executors: { pane: fake.executor, headless: fake.executor },
    publish: (_t, data) => events.push(data as Record<string, unknown>),
    deliver: () => {},
  });
  return { db, broker, fake, events, dir };
}

Deno.test("Broker runs one turn per agent, at most `concurrency` at once, FIFO per agent", async () => {
  const { broker, fake, db } = await setup({ concurrency: 2 });
  broker.enqueue({ agent: "A", text: "a1", origin: "send" });
  broker.enqueue({ agent: "A", text: "a2", origin: "send" });
  broker.enqueue({ agent: "B", text: "b1", origin: "send" });
  broker.enqueue({ agent: "C", text: "c1", origin: "send" });
  await fake.running(2);
  deepStrictEqual(fake.pending.map((p) => p.job.input), ["a1", "b1"]);
  fake.pending[0]!.end(ok1("r"));
  await fake.running(3);
  // A is free again; its second message is older than C's first.
  deepStrictEqual(fake.pending.map((p) => p.job.input), ["a1", "b1", "a2"]);
  fake.pending[1]!.end(ok1("r"));
  fake.pending[2]!.end(ok1("r"));
  await fake.running(4);
  strictEqual(fake.pending[3]!.job.input, "c1");
  fake.pending[3]!.end(ok1("r"));
  await broker.idle();
  const done = rows<{ text: string }>(
    db,
    "SELECT text FROM items WHERE state = 'done' ORDER BY done_at, seq",
  );
  strictEqual(done.length, 4);
});

Deno.test("Broker runs higher priorities first", async () => {
  const { broker, fake } = await setup({ concurrency: 1 });
  broker.enqueue({ agent: "A", text: "first", origin: "send" });
  await fake.running(1);
  broker.enqueue({ agent: "B", text: "low", origin: "send", priority: -1 });
  broker.enqueue({ agent: "C", text: "normal", origin: "send" });
  broker.enqueue({ agent: "A", text: "urgent", origin: "send", priority: 10 });
  fake.pending[0]!.end(ok1("r"));
  for (let n = 2; n <= 4; n++) {
    await fake.running(n);
    fake.pending[n - 1]!.end(ok1("r"));
  }
  deepStrictEqual(fake.pending.map((p) => p.job.input), ["first", "urgent", "normal", "low"]);
});

Deno.test("Broker retries with doubling back-off, then dead-letters", async () => {
  const { broker, fake, db, events } = await setup({ maxTries: 4, backoffMs: 5 }, ["A"]);
  const item = broker.enqueue({ agent: "A", text: "x", origin: "send" });
  for (let n = 1; n <= 4; n++) {
    await fake.running(n);
    fake.pending[n - 1]!.end(bad);
  }
  await broker.idle();
  const failed = events.filter((e) => e.state === "failed");
  deepStrictEqual(failed.map((e) => e.retry), [5, 10, 20, null]);
  strictEqual(failed.at(-1)!.dead, true);
  const [row] = rows<{ state: string; tries: number }>(
    db,
    "SELECT * FROM items WHERE id = ?",
    item.id,
  );
  deepStrictEqual([row!.state, row!.tries], ["dead", 4]);
});

Deno.test("Broker routes a reply to a bridge agent sender as its next turn, within the hop limit", async () => {
  const { broker, fake, db } = await setup({}, ["A", "B"]);
  broker.enqueue({ agent: "B", text: "hi", sender: "A", origin: "inject", maxHops: 2 });
  await fake.running(1);
  fake.pending[0]!.end(ok1("hello A"));
  await fake.running(2);
  strictEqual(fake.pending[1]!.job.agent, "A");
  strictEqual(fake.pending[1]!.job.input, "hello A");
  fake.pending[1]!.end(ok1("bye"));
  await broker.idle();
  const routed = rows<{ routed: string }>(db, "SELECT routed FROM items ORDER BY seq").map((r) =>
    r.routed
  );
  ok(routed[0]!.startsWith("agent:"));
  strictEqual(routed[1], "stopped: hop limit 2 reached");
});

Deno.test("Broker.recover() queues what was running again, and resumes a begun session", async () => {
  const { broker, fake, db, dir } = await setup({}, ["A"]);
  const item = broker.enqueue({ agent: "A", text: "x", origin: "send" });
  await fake.running(1);
  const job = fake.pending[0]!.job;
  await Deno.writeTextFile(`${job.prefix}.jsonl`, JSON.stringify({ session_id: "s" }) + "\n");
  broker.stop();
  // A new broker on the same file, as after a crash.
  const again = new Broker({
    db,
    runs: dir,
    projectDir: dir,
    options: defaults,
    executors: { pane: fake.executor, headless: fake.executor },
    publish: () => {},
    deliver: () => {},
  });
  deepStrictEqual(again.recover(), [item.id]);
  again.wake();
  await fake.running(2);
  deepStrictEqual(fake.pending[1]!.job.argv.slice(2, 3), ["--resume"]);
  fake.pending[1]!.end(ok1("r"));
  await again.idle();
  const turns = rows<{ state: string; error: string | null }>(
    db,
    "SELECT * FROM turns ORDER BY id",
  );
  deepStrictEqual(turns.map((t) => t.state), ["failed", "ok"]);
  ok(turns[0]!.error?.startsWith("interrupted"));
});
