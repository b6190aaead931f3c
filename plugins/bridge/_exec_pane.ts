/**
 * The pane executor: each turn runs in a pane of the agent's window (`bridge:<agent>` in the
 * bridge's session), through `runner.ts`, so a human watches a readable transcript live. The
 * agent's previous turn stays on screen until the next one starts.
 *
 * @module
 */

import { fileURLToPath } from "node:url";
import { WeftError } from "@weft/weft/plugin";
import type { RawRun } from "./_stream.ts";
import type { Executor, TurnJob } from "./_exec.ts";
import type { BusCall } from "@weft/weft/plugin";

/** What the pane executor needs from the plugin. */
export interface PaneHost {
  call: BusCall;
  /** The bridge's session name. */
  session: string;
}

/** Marks every pane the bridge made (and, with the attempt, which try it runs). */
export const PANE_TAG = "bridge";

const RUNNER = fileURLToPath(new URL("./runner.ts", import.meta.url));

/** The pane executor and its event intake (feed it `pane.exited` and `pane.closed`). */
export class PaneExecutor implements Executor {
  #host: PaneHost;
  #waiting = new Map<string, (end: PaneEnd) => void>();
  #ended = new Map<string, PaneEnd>();
  #current = new Map<string, string>();
  #creating: Promise<unknown> = Promise.resolve();

  constructor(host: PaneHost) {
    this.#host = host;
  }

  /** A pane ended (exited or was closed). */
  paneEnded(pane: string, end: PaneEnd): void {
    const wake = this.#waiting.get(pane);
    if (wake) return wake(end);
    this.#ended.set(pane, end);
    if (this.#ended.size > 256) this.#ended.delete(this.#ended.keys().next().value!);
  }

  async run(job: TurnJob): Promise<RawRun> {
    // What to run, the text and the agent's environment go in a file only the runner reads.
    await Deno.writeTextFile(
      `${job.prefix}.go`,
      JSON.stringify({ argv: job.argv, env: job.env, input: job.input }),
      {
        mode: 0o600,
      },
    );
    const launch = {
      argv: [Deno.execPath(), "run", "-A", "--no-config", RUNNER, job.prefix],
      cwd: job.cwd,
      tags: [PANE_TAG, `bridge-attempt:${job.attempt}`],
      agent: "program",
      focus: false,
    };
    let pane: string;
    try {
      pane = await this.#create(job.agent, launch);
    } catch (err) {
      await Deno.remove(`${job.prefix}.go`).catch(() => {});
      const message = err instanceof Error ? err.message : String(err);
      return { lines: [], code: null, signal: null, stderr: "", note: message };
    }
    job.started(pane);
    const previous = this.#current.get(job.agent);
    this.#current.set(job.agent, pane);
    if (previous) void this.#host.call("pane.close", { pane: previous }).catch(() => {});
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      void this.#host.call("pane.close", { pane }).catch(() => {});
    }, job.timeoutMs);
    const end = await this.#ended.get(pane) ??
      await new Promise<PaneEnd>((resolve) => this.#waiting.set(pane, resolve));
    this.#waiting.delete(pane);
    this.#ended.delete(pane);
    clearTimeout(timer);
    return await readRun(job, end, timedOut);
  }

  /** Creates the turn's pane; one at a time, so two first turns do not both make the session. */
  #create(agent: string, launch: Record<string, unknown>): Promise<string> {
    const made = this.#creating.then(() => this.#createNow(agent, launch));
    this.#creating = made.catch(() => {});
    return made;
  }

  /** In the agent's window; else a new window in the session; else the session itself. */
  async #createNow(agent: string, launch: Record<string, unknown>): Promise<string> {
    const window = `bridge:${agent}`;
    const { focus: _f, ...rest } = launch;
    const inSession = { session: this.#host.session, window, ...rest };
    try {
      return (await this.#host.call("pane.create", { window, ...launch })).id;
    } catch (err) {
      if (!hasCode(err, "TARGET_NOT_FOUND")) throw err;
    }
    try {
      return (await this.#host.call("window.create", inSession)).pane;
    } catch (err) {
      if (!hasCode(err, "TARGET_NOT_FOUND")) throw err;
    }
    try {
      return (await this.#host.call("session.create", inSession)).pane;
    } catch (err) {
      // Someone else made the session meanwhile.
      if (!hasCode(err, "CONFLICT")) throw err;
      return (await this.#host.call("window.create", inSession)).pane;
    }
  }
}

function hasCode(err: unknown, code: string): boolean {
  return err instanceof WeftError && err.code === code;
}

/** How a turn's pane ended. */
export interface PaneEnd {
  code: number | null;
  signal: string | null;
  /** It was closed rather than exiting by itself. */
  closed?: boolean;
}

async function readRun(job: TurnJob, end: PaneEnd, timedOut: boolean): Promise<RawRun> {
  const text = await Deno.readTextFile(`${job.prefix}.jsonl`).catch(() => "");
  const lines = text.split("\n").filter((l) => l.trim() !== "");
  let exit: { code?: number | null; signal?: string | null; stderr?: string; missing?: boolean };
  try {
    exit = JSON.parse(await Deno.readTextFile(`${job.prefix}.exit.json`));
  } catch {
    exit = { code: null, signal: end.signal ?? "SIGHUP", stderr: "" };
  }
  const note = timedOut
    ? `the turn took longer than ${job.timeoutMs} ms and was ended`
    : end.closed && exit.code === null
    ? "the turn's pane was closed"
    : undefined;
  return {
    lines,
    code: exit.code ?? null,
    signal: exit.signal ?? null,
    stderr: exit.stderr ?? "",
    ...(note ? { note } : {}),
    ...(exit.missing ? { missing: true, note: exit.stderr ?? "" } : {}),
  };
}
