/**
 * The program a bridge turn's pane runs: `runner.ts PREFIX -- PROGRAM ARGS…`. It runs Claude
 * Code once, keeps its stream-json lines in `PREFIX.jsonl` for the bridge, shows a readable
 * transcript on the pane, and writes how it ended to `PREFIX.exit.json` before it exits.
 *
 * It runs only if it can take `PREFIX.go` (renamed to `PREFIX.claim`): a pane the store brings
 * back after a crash starts it again, and that copy must not run the turn a second time (the
 * bridge retries the turn itself).
 *
 * @module
 */

import { lines, parseEvent } from "./_stream.ts";
import { renderEvent } from "./_render.ts";

/** Runs a turn; returns the exit code for the pane. */
export async function runTurn(args: readonly string[]): Promise<number> {
  const [prefix, dashes, program, ...rest] = args;
  if (!prefix || dashes !== "--" || !program) {
    console.error("usage: runner.ts PREFIX -- PROGRAM ARGS…");
    return 2;
  }
  try {
    await Deno.rename(`${prefix}.go`, `${prefix}.claim`);
  } catch {
    console.log("This turn already ran here (or was given up): the bridge retries it itself.");
    return 0;
  }
  const prompt = rest.at(-1) ?? "";
  console.log(`\x1b[1myou:\x1b[0m ${prompt}\n`);
  let child: Deno.ChildProcess;
  try {
    child = new Deno.Command(program, {
      args: rest,
      stdin: "null",
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
  const forward = () => child.kill("SIGTERM");
  Deno.addSignalListener("SIGHUP", forward);
  Deno.addSignalListener("SIGTERM", forward);
  const log = await Deno.open(`${prefix}.jsonl`, { create: true, append: true });
  let stderr = "";
  const errDone = (async () => {
    const decoder = new TextDecoder();
    for await (const bytes of child.stderr) {
      const chunk = decoder.decode(bytes, { stream: true });
      stderr = (stderr + chunk).slice(-8192);
      await Deno.stdout.write(new TextEncoder().encode(`\x1b[2m${chunk}\x1b[0m`));
    }
  })();
  for await (const line of lines(child.stdout)) {
    await log.write(new TextEncoder().encode(line + "\n"));
    const event = parseEvent(line);
    const shown = event ? renderEvent(event) : line + "\n";
    if (shown) await Deno.stdout.write(new TextEncoder().encode(shown));
  }
  await errDone;
  const status = await child.status;
  log.close();
  await finish(prefix, { code: status.signal ? null : status.code, signal: status.signal, stderr });
  return status.code;
}

/** The message for a program that is not there. */
export function notFound(program: string): string {
  return `Cannot run "${program}": it is not installed or not on PATH (install Claude Code: ` +
    "npm install -g @anthropic-ai/claude-code, or set the agent's program)";
}

async function finish(prefix: string, end: Record<string, unknown>): Promise<void> {
  await Deno.writeTextFile(`${prefix}.exit.tmp`, JSON.stringify(end));
  await Deno.rename(`${prefix}.exit.tmp`, `${prefix}.exit.json`);
}

if (import.meta.main) Deno.exit(await runTurn(Deno.args));
