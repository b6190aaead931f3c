/**
 * Running the weft CLI in tests: from source as a child process (from any directory), in this
 * process through `weft(args, io)`, and `weft serve` as a child that says when it is ready.
 *
 * @module
 */

import type { CliIo } from "../../plugins/cli/io.ts";

/** The CLI entry. */
export const MAIN = new URL("../../main.ts", import.meta.url).pathname;
/** weft's deno.json: a child started in a project directory must not pick up the project's. */
export const CONFIG = new URL("../../deno.json", import.meta.url).pathname;

/** The arguments that run the weft CLI with Deno from anywhere. */
export function weftArgs(...args: string[]): string[] {
  return ["run", "--allow-all", "--unstable-worker-options", "--config", CONFIG, MAIN, ...args];
}

/** How a CLI run ended and what it printed. */
export interface CliRun {
  code: number;
  out: string;
  err: string;
}

/**
 * Runs `weft ARGS` as a child process in `cwd`, with no stdin and without `WEFT_PANE` (a test
 * run inside a weft pane must not act as that pane).
 *
 * @example
 * ```ts ignore
 * const { code, out } = await weftProcess(dir, "ls", "--json");
 * ```
 */
export function weftProcess(cwd: string, ...args: string[]): Promise<CliRun> {
  return weftProcessWith({ cwd }, ...args);
}

/**
 * {@link weftProcess} with variables set on top of this process's (`XDG_RUNTIME_DIR` of a
 * test's own), without changing this process's environment.
 */
export async function weftProcessWith(
  options: { cwd: string; env?: Record<string, string> },
  ...args: string[]
): Promise<CliRun> {
  const cwd = options.cwd;
  const env = { ...Deno.env.toObject(), ...options.env };
  delete env.WEFT_PANE;
  const out = await new Deno.Command(Deno.execPath(), {
    args: weftArgs(...args),
    cwd,
    env,
    clearEnv: true,
    stdin: "null",
  }).output();
  const dec = new TextDecoder();
  return { code: out.code, out: dec.decode(out.stdout), err: dec.decode(out.stderr) };
}

/**
 * Runs `weft ARGS` in this process, as if in `cwd` with no environment; quicker than a child
 * where the test is about what the CLI prints, not about the process.
 *
 * @example
 * ```ts ignore
 * const { code, out } = await weftInProcess(dir, "layout", "list");
 * ```
 */
export async function weftInProcess(cwd: string, ...args: string[]): Promise<CliRun> {
  let out = "";
  let err = "";
  const io: CliIo = {
    out: (t) => void (out += t),
    err: (t) => void (err += t),
    cwd,
    env: () => undefined,
  };
  // Loaded on first use: helpers that only start children (and the benchmarks) stay light.
  const { weft } = await import("../../main.ts");
  const code = await weft(args, io);
  return { code, out, err };
}

/** How long `weft serve` may take to say it is ready (a slow, shared machine). */
const READY_MS = 60_000;

/** A `weft serve` child process. */
export interface ServeProcess {
  child: Deno.ChildProcess;
  /** Resolves with the line that says the server is ready; rejects if it ends before. */
  ready: Promise<string>;
  /** What the server has printed on stderr so far. */
  log: () => string;
  /** Everything the server printed on stderr, once it has ended. */
  stderr: Promise<string>;
  /** Kills it (SIGKILL) if it still runs and waits for it to end. */
  kill: () => Promise<void>;
  /** SIGTERM, then SIGKILL after 10 s (a frozen server never runs its signal handler). */
  stop: () => Promise<void>;
}

/**
 * Starts `weft serve` (with `args`, e.g. `--fresh`) in `dir` as a child process; its stderr is
 * read to the end, so that the test can wait for the ready line (an event, not a poll) and look
 * at the rest afterwards.
 *
 * @example
 * ```ts ignore
 * const server = serveProcess(dir);
 * await server.ready;
 * await weftProcess(dir, "stop");
 * ```
 */
export function serveProcess(dir: string, ...args: string[]): ServeProcess {
  return serveProcessWith({ dir }, ...args);
}

/** {@link serveProcess} with variables set on top of this process's. */
export function serveProcessWith(
  options: { dir: string; env?: Record<string, string> },
  ...args: string[]
): ServeProcess {
  const dir = options.dir;
  const child = new Deno.Command(Deno.execPath(), {
    args: weftArgs("serve", ...args),
    cwd: dir,
    ...(options.env ? { env: options.env } : {}),
    stdin: "null",
    stdout: "null",
    stderr: "piped",
  }).spawn();
  const ready = Promise.withResolvers<string>();
  const timer = setTimeout(
    () => ready.reject(new Error(`weft serve in ${dir} was not ready within ${READY_MS} ms`)),
    READY_MS,
  );
  void ready.promise.finally(() => clearTimeout(timer)).catch(() => {});
  let text = "";
  const stderr = (async () => {
    for await (const chunk of child.stderr.pipeThrough(new TextDecoderStream())) {
      text += chunk;
      const line = text.split("\n").find((l) => /ready in \d+ ms/.test(l));
      if (line) ready.resolve(line);
    }
    ready.reject(new Error(`weft serve ended before it was ready:\n${text}`));
    return text;
  })();
  const signal = (name: Deno.Signal) => {
    try {
      child.kill(name);
    } catch { /* it has exited */ }
  };
  const kill = async () => {
    signal("SIGKILL");
    await child.status;
    await stderr;
  };
  const stop = async () => {
    signal("SIGTERM");
    const timer = setTimeout(() => signal("SIGKILL"), 10_000);
    await child.status;
    clearTimeout(timer);
    await stderr;
  };
  return { child, ready: ready.promise, log: () => text, stderr, kill, stop };
}
