import { match, ok, rejects, strictEqual, throws } from "node:assert/strict";
import { join } from "node:path";
import type { WeftError } from "@weft/weft/plugin";
import { checkRange, gitDiff } from "./_git.ts";
import { git, twoCommits } from "../../tests/helpers/git_repo.ts";

const LIMITS = { maxBytes: 1 << 20, timeoutMs: 10_000 };

/** A repository with two commits: `a.txt` changed in the second. */
async function withRepo(fn: (dir: string) => Promise<void>): Promise<void> {
  const dir = await Deno.makeTempDir();
  try {
    await twoCommits(dir);
    await fn(dir);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
}

Deno.test("checkRange() takes revisions and ranges as git writes them", () => {
  for (const r of ["HEAD", "HEAD~1..HEAD", "main...feature/x", "v1.2.0..", "..HEAD", "HEAD@{1}"]) {
    strictEqual(checkRange(r), r);
  }
});

Deno.test("checkRange() refuses options, spaces, paths and odd shapes", () => {
  const bad = [
    "",
    "--output=/tmp/x",
    "-p",
    "HEAD..--output=x",
    "HEAD~1 HEAD",
    "HEAD:a.txt",
    "a..b..c",
    "..",
    "HEAD;rm -rf /",
    "$(id)",
    "x".repeat(257),
  ];
  for (const r of bad) {
    throws(() => checkRange(r), (e: WeftError) => e.code === "INVALID_INPUT", r);
  }
});

Deno.test("gitDiff() returns the unified diff of a range in a real repository", async () => {
  await withRepo(async (dir) => {
    const diff = await gitDiff(dir, "HEAD~1..HEAD", LIMITS);
    strictEqual(diff.truncated, false);
    match(diff.text, /^diff --git a\/a\.txt b\/a\.txt$/m);
    match(diff.text, /^-two$/m);
    match(diff.text, /^\+TWO$/m);
    ok(!diff.text.includes("\x1b["), "no colours even if the user's config asks");
  });
});

Deno.test("gitDiff() cuts a large diff at maxBytes, at a line end", async () => {
  await withRepo(async (dir) => {
    await Deno.writeTextFile(join(dir, "big.txt"), "line of text\n".repeat(20_000));
    await git(dir, "add", "big.txt");
    await git(dir, "commit", "-q", "-m", "big");
    const diff = await gitDiff(dir, "HEAD~1..HEAD", { ...LIMITS, maxBytes: 4096 });
    strictEqual(diff.truncated, true);
    ok(diff.text.length <= 4096 && diff.text.endsWith("\n"), `${diff.text.length}`);
  });
});

Deno.test("gitDiff() says what is wrong: unknown revision, no repository", async () => {
  await withRepo(async (dir) => {
    await rejects(gitDiff(dir, "nope..HEAD", LIMITS), (e: WeftError) => {
      strictEqual(e.code, "NOT_FOUND");
      match(e.message, /git does not know this revision/);
      return true;
    });
  });
  const plain = await Deno.makeTempDir();
  try {
    await rejects(gitDiff(plain, "HEAD~1..HEAD", LIMITS), (e: WeftError) => {
      strictEqual(e.code, "INVALID_INPUT");
      match(e.message, /not a git repository/);
      return true;
    });
  } finally {
    await Deno.remove(plain, { recursive: true });
  }
});

Deno.test("gitDiff() refuses an option before running anything", async () => {
  const out = join(await Deno.makeTempDir(), "written");
  await rejects(
    gitDiff(".", `--output=${out}`, { ...LIMITS, git: "/nonexistent/git" }),
    (e: WeftError) => e.code === "INVALID_INPUT",
  );
  await rejects(Deno.stat(out), Deno.errors.NotFound);
});

Deno.test("gitDiff() stops a git that runs past its time limit", async () => {
  const dir = await Deno.makeTempDir();
  try {
    // A stand-in for a git that hangs: it never answers.
    const slow = join(dir, "git");
    await Deno.writeTextFile(slow, "#!/bin/sh\nexec sleep 30\n");
    await Deno.chmod(slow, 0o755);
    const started = performance.now();
    await rejects(
      gitDiff(dir, "HEAD", { ...LIMITS, timeoutMs: 200, git: slow }),
      (e: WeftError) => e.code === "TIMEOUT",
    );
    ok(performance.now() - started < 5000, "it does not wait for git to finish");
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("gitDiff() says so when git is missing", async () => {
  await rejects(
    gitDiff(".", "HEAD", { ...LIMITS, git: "/nonexistent/git" }),
    (e: WeftError) => e.code === "UNAVAILABLE",
  );
});
