/**
 * A `diff` canvas of a git range in the project (`options.range`, e.g. `HEAD~1..HEAD`): the
 * range is checked strictly, then `git diff` runs with it as one argv entry after
 * `--end-of-options` (never through a shell), with its output capped and a time limit. The
 * plugin's grant holds `run:git` and no other program.
 *
 * @module
 */

import { WeftError } from "@weft/weft/plugin";

/** The longest range accepted. */
const MAX_RANGE = 256;
/** One revision: names, `~N`, `^N`, `@{…}`; no spaces, no `:`, no leading `-`. */
const REVISION = /^[A-Za-z0-9_@{}~^/.+-]+$/;

/** What running `git diff` needs. */
export interface GitDiffOptions {
  /** Most bytes of diff kept; git is stopped past them. */
  maxBytes: number;
  /** Milliseconds git may run. */
  timeoutMs: number;
  /** The program to run (tests point it elsewhere). Default `git`. */
  git?: string;
}

/** The git diff's text, and whether it was cut at `maxBytes`. */
export interface GitDiff {
  text: string;
  truncated: boolean;
}

/** The range of a `diff` canvas that shows one (`options.range`). */
export function gitRange(
  c: { kind: string; options?: Record<string, unknown> | undefined },
): string | undefined {
  const range = c.options?.range;
  return c.kind === "diff" && range !== undefined ? String(range) : undefined;
}

/**
 * Checks a range as git would read it and returns it: one revision (`HEAD~1`, diffed against
 * the work tree) or two joined by `..` or `...`; each side a revision name with no leading `-`
 * (so it can never be read as an option like `--output=`), no spaces, no `:`.
 *
 * @example
 * ```ts
 * import { checkRange } from "./_git.ts";
 * console.assert(checkRange("main..HEAD") === "main..HEAD");
 * ```
 */
export function checkRange(range: string): string {
  const refuse = (why: string) =>
    new WeftError("INVALID_INPUT", `Cannot diff range "${range.slice(0, 80)}": ${why}`, {
      range: range.slice(0, MAX_RANGE),
    });
  if (range.length === 0 || range.length > MAX_RANGE) {
    throw refuse(`give 1 to ${MAX_RANGE} characters, such as HEAD~1..HEAD`);
  }
  const sides = range.split(/\.\.\.?/);
  if (sides.length > 2 || (sides.length === 2 && !sides[0] && !sides[1])) {
    throw refuse("give one revision or two joined by .. or ...");
  }
  for (const side of sides) {
    if (side === "") continue; // `A..` and `..B` mean HEAD on the empty side.
    if (side.startsWith("-")) throw refuse("a revision cannot start with -");
    if (!REVISION.test(side) || side.includes("..")) {
      throw refuse("a revision holds only letters, digits and _ @ { } ~ ^ / . + -");
    }
  }
  return range;
}

/**
 * Runs `git -C projectDir diff` for `range` (checked first) and returns its text, cut at
 * `maxBytes`. Not a repository, an unknown revision, a missing git and a time-out are clear
 * `WeftError`s.
 */
export async function gitDiff(
  projectDir: string,
  range: string,
  options: GitDiffOptions,
): Promise<GitDiff> {
  checkRange(range);
  // Outside a repository `git diff` compares two paths (--no-index): ask first.
  const repo = await runGit(range, ["-C", projectDir, "rev-parse", "--git-dir"], options);
  if (!repo.success) throw gitError(range, repo.stderr);
  // A repository's config may name programs git runs on a work-tree diff (fsmonitor); none run.
  const diff = await runGit(range, [
    "--no-optional-locks",
    "-c",
    "core.fsmonitor=false",
    "-C",
    projectDir,
    "diff",
    "--no-color",
    "--no-ext-diff",
    "--no-textconv",
    "--end-of-options",
    range,
    "--",
  ], options);
  if (!diff.success && !diff.truncated) throw gitError(range, diff.stderr);
  return { text: diff.text, truncated: diff.truncated };
}

/** Runs git with `args` (never a shell), its output capped and its time limited. */
async function runGit(
  range: string,
  args: string[],
  options: GitDiffOptions,
): Promise<GitDiff & { success: boolean; stderr: string }> {
  let child: Deno.ChildProcess;
  try {
    child = new Deno.Command(options.git ?? "git", {
      args,
      stdin: "null",
      stdout: "piped",
      stderr: "piped",
    }).spawn();
  } catch (err) {
    throw spawnError(range, err);
  }
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    kill(child);
  }, options.timeoutMs);
  try {
    const [out, stderr, status] = await Promise.all([
      readCapped(child.stdout, options.maxBytes, () => kill(child)),
      new Response(child.stderr).text(),
      child.status,
    ]);
    if (timedOut) {
      throw new WeftError(
        "TIMEOUT",
        `Cannot diff "${range}": git took longer than ${options.timeoutMs} ms`,
        { range },
      );
    }
    return { ...out, success: status.success, stderr };
  } finally {
    clearTimeout(timer);
  }
}

/** Reads `stream` up to `max` bytes (cut at the last whole line), then cancels it and stops. */
async function readCapped(
  stream: ReadableStream<Uint8Array>,
  max: number,
  stop: () => void,
): Promise<GitDiff> {
  const chunks: Uint8Array[] = [];
  let got = 0;
  let truncated = false;
  for await (const chunk of stream) {
    const take = Math.min(chunk.length, max - got);
    chunks.push(chunk.subarray(0, take));
    got += take;
    if (take < chunk.length) {
      truncated = true;
      stop();
      break;
    }
  }
  const bytes = new Uint8Array(got);
  let at = 0;
  for (const c of chunks) {
    bytes.set(c, at);
    at += c.length;
  }
  let text = new TextDecoder().decode(bytes);
  if (truncated) text = text.slice(0, text.lastIndexOf("\n") + 1);
  return { text, truncated };
}

function kill(child: Deno.ChildProcess): void {
  try {
    child.kill("SIGKILL");
  } catch {
    // It has already exited.
  }
}

function spawnError(range: string, err: unknown): WeftError {
  if (err instanceof Deno.errors.NotFound) {
    return new WeftError("UNAVAILABLE", `Cannot diff "${range}": git is not installed`);
  }
  if (err instanceof Deno.errors.NotCapable || err instanceof Deno.errors.PermissionDenied) {
    return new WeftError("DENIED", `Cannot diff "${range}": this plugin may not run git`);
  }
  return new WeftError("INTERNAL", `Cannot diff "${range}": ${(err as Error).message}`);
}

/** git's complaint as an error: the project is no repository, or a revision is unknown. */
function gitError(range: string, stderr: string): WeftError {
  const said = stderr.trim().split("\n").find((l) => l.startsWith("fatal:")) ?? stderr.trim();
  if (/not a git repository/i.test(said)) {
    return new WeftError(
      "INVALID_INPUT",
      `Cannot diff "${range}": the project is not a git repository`,
      { range },
    );
  }
  if (/bad revision|unknown revision|ambiguous argument|invalid symmetric|bad object/i.test(said)) {
    return new WeftError(
      "NOT_FOUND",
      `Cannot diff "${range}": git does not know this revision (${said.slice(0, 200)})`,
      { range },
    );
  }
  return new WeftError("INVALID_INPUT", `Cannot diff "${range}": ${said.slice(0, 300)}`, {
    range,
  });
}
