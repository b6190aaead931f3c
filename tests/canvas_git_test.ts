// End-to-end: a diff canvas of a git range in the project, opened through the bus and the CLI
// by the canvas plugin with its narrow `run:git` grant, against a real repository.
import { match, strictEqual } from "node:assert/strict";
import type { WeftError } from "../protocols/bus/errors.ts";
import { E2E, withServer } from "./helpers/server.ts";
import { weftInProcess } from "./helpers/cli.ts";
import { twoCommits } from "./helpers/git_repo.ts";

interface Read {
  text: string;
}

Deno.test("canvas.open draws the diff of a git range in the project", E2E, async () => {
  await withServer(async ({ client, dir }) => {
    await twoCommits(dir);
    const { pane, title } = await client.call<{ pane: string; title: string }>("canvas.open", {
      kind: "diff",
      options: { range: "HEAD~1..HEAD" },
    });
    strictEqual(title, "HEAD~1..HEAD");
    const text = (await client.call<Read>("pane.read", { pane })).text;
    match(text, /a\.txt/);
    match(text, /two/);
    match(text, /TWO/);
    const run = await weftInProcess(dir, "canvas", "diff", "--opt", "range=main~1..main");
    strictEqual(run.code, 0, run.err);
    const cli = (await client.call<Read>("pane.read", { pane: run.out.trim() })).text;
    match(cli, /TWO/);
  }, { startupSession: true });
});

Deno.test("a git range canvas refuses options and names unknown revisions", E2E, async () => {
  await withServer(async ({ client, dir }) => {
    const notRepo = await client.call("canvas.open", {
      kind: "diff",
      options: { range: "HEAD~1..HEAD" },
    }).catch((e) => e as WeftError);
    strictEqual((notRepo as WeftError).code, "INVALID_INPUT");
    match((notRepo as WeftError).message, /not a git repository/);
    await twoCommits(dir);
    const injected = await client.call("canvas.open", {
      kind: "diff",
      options: { range: "--output=/tmp/weft-pwned" },
    }).catch((e) => e as WeftError);
    strictEqual((injected as WeftError).code, "INVALID_INPUT");
    match((injected as WeftError).message, /cannot start with -/);
    const unknown = await client.call("canvas.open", {
      kind: "diff",
      options: { range: "nope..HEAD" },
    }).catch((e) => e as WeftError);
    strictEqual((unknown as WeftError).code, "NOT_FOUND");
    match((unknown as WeftError).message, /git does not know this revision/);
    // A failed open leaves no pane behind (canvas_open_test.ts).
    strictEqual(((unknown as WeftError).data as { pane?: string } | undefined)?.pane, undefined);
    const both = await client.call("canvas.open", {
      kind: "diff",
      path: "a.txt",
      options: { range: "HEAD" },
    }).catch((e) => e as WeftError);
    match((both as WeftError).message, /with a path or content/);
  }, { startupSession: true });
});
