/**
 * Real git repositories for tests: `git` run in a folder with a fixed author, and a small
 * history to diff.
 *
 * @module
 */

import { join } from "node:path";

/** Runs `git -C dir ARGS…` with a test author; throws with git's stderr when it fails. */
export async function git(dir: string, ...args: string[]): Promise<void> {
  const out = await new Deno.Command("git", {
    args: ["-C", dir, "-c", "user.name=t", "-c", "user.email=t@example.com", ...args],
    stdout: "null",
    stderr: "piped",
  }).output();
  if (!out.success) {
    throw new Error(`git ${args.join(" ")}: ${new TextDecoder().decode(out.stderr)}`);
  }
}

/** Makes `dir` a repository (branch `main`) with two commits: `a.txt`'s "two" became "TWO". */
export async function twoCommits(dir: string): Promise<void> {
  await git(dir, "init", "-q", "-b", "main");
  await Deno.writeTextFile(join(dir, "a.txt"), "one\ntwo\nthree\n");
  await git(dir, "add", "a.txt");
  await git(dir, "commit", "-q", "-m", "first");
  await Deno.writeTextFile(join(dir, "a.txt"), "one\nTWO\nthree\n");
  await git(dir, "commit", "-q", "-am", "second");
}
