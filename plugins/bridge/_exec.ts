/**
 * Running one turn: what a turn asks of an executor, and the headless executor (the bridge
 * runs the program itself, without a pane). The pane executor is in `_exec_pane.ts`.
 *
 * @module
 */

import { abortAfter, lines, type RawRun, texts } from "./_stream.ts";
import { feed, notFound } from "./_process.ts";

/** One try of one turn. */
export interface TurnJob {
  agent: string;
  /** Unique per try: names its files (`runs/<attempt>.*`) and its pane's tag. */
  attempt: string;
  /** Program first. */
  argv: string[];
  /** The turn's text, for the program's stdin. */
  input: string;
  cwd: string;
  env: Record<string, string>;
  timeoutMs: number;
  /** Where its files go: `<prefix>.jsonl`, `.exit.json`, `.go`/`.claim`. */
  prefix: string;
  /** Called once the process (or its pane) started. */
  started(pane: string | null): void;
}

/** Runs turns. */
export interface Executor {
  run(job: TurnJob): Promise<RawRun>;
}

/**
 * Runs the program as a child of the plugin, its stream-json kept in `<prefix>.jsonl`. The
 * children do not outlive the plugin process: it exits when its host stops it or goes away
 * (its input closes, even after the server's `kill -9`), and its `unload` ends each program
 * still running (SIGKILL: an unload handler cannot wait), so a retried turn never runs twice
 * at once. A plugin process killed with SIGKILL itself cannot do that.
 *
 * @example
 * ```ts
 * import { headlessExecutor } from "./_exec.ts";
 * console.assert(typeof headlessExecutor().run === "function");
 * ```
 */
export function headlessExecutor(): Executor {
  const running = new Set<Deno.ChildProcess>();
  globalThis.addEventListener("unload", () => {
    for (const child of running) {
      try {
        child.kill("SIGKILL");
      } catch { /* already gone */ }
    }
  });
  return {
    run: async (job) => {
      const child = spawn(job);
      if (!("pid" in child)) return child;
      running.add(child);
      try {
        return await runHeadless(job, child);
      } finally {
        running.delete(child);
      }
    },
  };
}

/** Starts the turn's program, or says why it could not start. */
function spawn(job: TurnJob): Deno.ChildProcess | RawRun {
  const [program, ...args] = job.argv;
  try {
    return new Deno.Command(program!, {
      args,
      cwd: job.cwd,
      env: job.env,
      stdin: "piped",
      stdout: "piped",
      stderr: "piped",
    }).spawn();
  } catch (err) {
    return notStarted(program!, job.cwd, err);
  }
}

async function runHeadless(job: TurnJob, child: Deno.ChildProcess): Promise<RawRun> {
  const spawned = performance.now();
  void feed(child.stdin, job.input);
  job.started(null);
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    try {
      child.kill("SIGKILL");
    } catch { /* already gone */ }
  }, job.timeoutMs);
  const log = await Deno.open(`${job.prefix}.jsonl`, { create: true, append: true });
  // Once the program is gone, what is left to read gets a moment, not forever.
  const stop = abortAfter(child.status, 500);
  const out: string[] = [];
  let stderr = "";
  const errDone = (async () => {
    for await (const chunk of texts(child.stderr, stop.signal)) {
      stderr = (stderr + chunk).slice(-8192);
    }
  })();
  const encoder = new TextEncoder();
  for await (const line of lines(child.stdout, stop.signal)) {
    out.push(line);
    await log.write(encoder.encode(line + "\n"));
  }
  await errDone;
  const status = await child.status;
  const ranMs = performance.now() - spawned;
  stop.abort();
  clearTimeout(timer);
  log.close();
  return {
    lines: out,
    code: status.signal ? null : status.code,
    signal: status.signal,
    stderr,
    ranMs,
    ...(timedOut ? { note: `the turn took longer than ${job.timeoutMs} ms and was ended` } : {}),
  };
}

/** The run of a program that could not start. */
export function notStarted(program: string, cwd: string, err: unknown): RawRun {
  if (err instanceof Deno.errors.NotFound) {
    return {
      lines: [],
      code: null,
      signal: null,
      stderr: "",
      note: notFound(program),
      missing: true,
    };
  }
  if (err instanceof Deno.errors.NotCapable) {
    return {
      lines: [],
      code: null,
      signal: null,
      stderr: "",
      note: `Cannot run "${program}" headless: the bridge may run only "claude" from PATH ` +
        "itself (it asks for run:claude); run this agent in a pane (headless: false)",
      missing: true,
    };
  }
  return {
    lines: [],
    code: null,
    signal: null,
    stderr: "",
    note: `Cannot run "${program}" in ${cwd}: ${err}`,
  };
}
