/**
 * The program a bridge turn's pane runs: `runner.ts PREFIX`. It runs Claude Code once as
 * `PREFIX.go` says (`{argv, env, input}`: the text goes to its stdin), keeps its stream-json lines in `PREFIX.jsonl` for the
 * bridge, shows a readable transcript on the pane, and writes how it ended to `PREFIX.exit.json`
 * before it exits.
 *
 * It runs only if it can take `PREFIX.go` (renamed to `PREFIX.claim`): a pane the store brings
 * back after a crash starts it again, and that copy must not run the turn a second time (the
 * bridge retries the turn itself). The text and the agent's environment are in that file, not
 * in the pane's command line or environment, so the store does not keep them.
 *
 * @module
 */

import { abortAfter, lines, parseEvent, texts } from "./_stream.ts";
import { renderEvent } from "./_render.ts";
import { feed, notFound } from "./_process.ts";

/** Runs a turn; returns the exit code for the pane. */
export async function runTurn(args: readonly string[]): Promise<number> {
  const [prefix] = args;
  if (!prefix || args.length !== 1) {
    console.error("usage: runner.ts PREFIX");
    return 2;
  }
  let job: { argv: string[]; env: Record<string, string>; input: string };
  try {
    await Deno.rename(`${prefix}.go`, `${prefix}.claim`);
    job = JSON.parse(await Deno.readTextFile(`${prefix}.claim`));
    await Deno.remove(`${prefix}.claim`);
  } catch {
    console.log("This turn already ran here (or was given up): the bridge retries it itself.");
    return 0;
  }
  const [program, ...rest] = job.argv;
  if (!program) return 2;
  const shown = job.input.length > 2000
    ? `${job.input.slice(0, 2000)}… (${job.input.length} characters)`
    : job.input;
  console.log(`\x1b[1myou:\x1b[0m ${shown}\n`);
  let child: Deno.ChildProcess;
  try {
    child = new Deno.Command(program, {
      args: rest,
      env: job.env,
      stdin: "piped",
      stdout: "piped",
      stderr: "piped",
    }).spawn();
  } catch (err) {
    const missing = err instanceof Deno.errors.NotFound;
    const message = missing ? notFound(program) : `Cannot run "${program}": ${err}`;
    console.error(message);
    await finish(prefix, { code: null, signal: null, stderr: message, missing });
    return 127;
  }
  void feed(child.stdin, job.input);
  const forward = () => {
    try {
      child.kill("SIGTERM");
    } catch { /* already gone */ }
  };
  Deno.addSignalListener("SIGHUP", forward);
  Deno.addSignalListener("SIGTERM", forward);
  const log = await Deno.open(`${prefix}.jsonl`, { create: true, append: true });
  // Once Claude Code is gone, what its children still hold open gets a moment, not forever.
  const stop = abortAfter(child.status, 500);
  const encoder = new TextEncoder();
  let stderr = "";
  const errDone = (async () => {
    for await (const chunk of texts(child.stderr, stop.signal)) {
      stderr = (stderr + chunk).slice(-8192);
      await show(`\x1b[2m${chunk}\x1b[0m`);
    }
  })();
  for await (const line of lines(child.stdout, stop.signal)) {
    await log.write(encoder.encode(line + "\n"));
    const event = parseEvent(line);
    const shown = event ? renderEvent(event) : line + "\n";
    if (shown) await show(shown);
  }
  await errDone;
  const status = await child.status;
  stop.abort();
  log.close();
  await finish(prefix, { code: status.signal ? null : status.code, signal: status.signal, stderr });
  return status.code;
}

/** Writes to the pane; once the pane is gone (closed, the server killed) there is no one to read. */
async function show(text: string): Promise<void> {
  try {
    await Deno.stdout.write(new TextEncoder().encode(text));
  } catch { /* the terminal is gone: the stream file still has it all */ }
}

async function finish(prefix: string, end: Record<string, unknown>): Promise<void> {
  await Deno.writeTextFile(`${prefix}.exit.tmp`, JSON.stringify(end));
  await Deno.rename(`${prefix}.exit.tmp`, `${prefix}.exit.json`);
}

if (import.meta.main) Deno.exit(await runTurn(Deno.args));
