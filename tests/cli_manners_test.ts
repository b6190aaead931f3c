/**
 * The CLI's manners: `--help` on every subcommand prints help and does nothing else, `--version`,
 * did-you-mean for subcommands and flags, and errors as JSON under `--json`.
 */

import { deepStrictEqual, match, ok, strictEqual } from "node:assert/strict";
import { SUBCOMMANDS } from "../main.ts";
import denoJson from "../deno.json" with { type: "json" };
import { weftInProcess, weftProcess } from "./helpers/cli.ts";
import { E2E, withServer } from "./helpers/server.ts";

/** No plugin Workers but the tmux door's: these tests need only the core's commands. */
const CORE_ONLY = {
  weft: { plugins: { layout: false, sideband: false, canvas: false, message: false } },
};

Deno.test("weft SUBCOMMAND --help prints its help and does nothing else", E2E, async () => {
  await withServer(async ({ dir, client }) => {
    await client.call("session.create", { argv: ["cat"] });
    const before = await client.call<{ panes: { id: string }[] }>("pane.list");
    for (const name of Object.keys(SUBCOMMANDS)) {
      for (const flag of name === "split" ? ["--help"] : ["--help", "-h"]) {
        // `kill p1 --help` would close p1, `stop --help` the server, `new --help` open a pane.
        const args = name === "kill" || name === "send" ? [name, "p1", flag] : [name, flag];
        const run = await weftInProcess(dir, ...args);
        strictEqual(run.code, 0, `${args.join(" ")}: ${run.err}`);
        match(run.out, new RegExp(`^usage: weft ${name}\\b`), args.join(" "));
        strictEqual(run.err, "", args.join(" "));
      }
    }
    const after = await client.call<{ panes: { id: string }[] }>("pane.list");
    deepStrictEqual(after.panes.map((p) => p.id), before.panes.map((p) => p.id));
    // The flags of a subcommand that calls a bus command are listed, from its spec.
    match((await weftInProcess(dir, "read", "--help")).out, /--lines N/);
  }, CORE_ONLY);
});

Deno.test("weft --help after -- or inside another program's words is not weft's", E2E, async () => {
  await withServer(async ({ dir }) => {
    const run = await weftProcess(dir, "run", "--", "printf", "%s", "--help");
    strictEqual(run.code, 0, run.err);
    strictEqual(run.out.trim(), "--help");
    // `weft tmux`'s words are tmux's: `-h` after the command is split-window's.
    const split = await weftProcess(dir, "tmux", "split-window", "-h", "-P", "-F", "#{pane_id}");
    strictEqual(split.code, 0, split.err);
    match(split.out, /^%\d+$/m);
  }, { weft: { plugins: { layout: false, sideband: false } }, startupSession: true });
});

Deno.test("weft --version prints the version of deno.json", async () => {
  for (const flag of ["--version", "-V", "version"]) {
    const run = await weftInProcess(Deno.cwd(), flag);
    strictEqual(run.code, 0);
    strictEqual(run.out, `weft ${denoJson.version}\n`);
  }
});

Deno.test("weft suggests the subcommand meant and points bus commands at weft call", async () => {
  const run = await weftProcess(Deno.cwd(), "lss");
  strictEqual(run.code, 2);
  match(run.err, /^weft: unknown command "lss"; did you mean "ls"/);
  const bus = await weftInProcess(Deno.cwd(), "pane.list");
  match(bus.err, /weft call pane\.list/);
});

Deno.test("weft suggests the flag meant, in its own words, not parseArgs' advice", async () => {
  const dir = await Deno.makeTempDir();
  try {
    const run = await weftProcess(dir, "ls", "--jsn");
    strictEqual(run.code, 2);
    match(run.err, /^weft ls: unknown flag --jsn; did you mean --json\?\nusage: weft ls/);
    ok(!run.err.includes("positional"), run.err);
    const single = await weftInProcess(dir, "status", "-json");
    match(single.err, /unknown flag -json; did you mean --json\?/);
    const serve = await weftInProcess(dir, "serve", "--projcet", dir);
    match(serve.err, /unknown flag --projcet; did you mean --project\?/);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("weft --json prints errors as JSON on stdout with their stable code", async () => {
  const dir = await Deno.makeTempDir();
  try {
    const none = await weftProcess(dir, "ls", "--json");
    strictEqual(none.code, 1);
    strictEqual(none.err, "");
    strictEqual(JSON.parse(none.out).error.code, "UNAVAILABLE");
    const usage = await weftProcess(dir, "ls", "--json", "--bogus");
    strictEqual(usage.code, 2);
    deepStrictEqual(JSON.parse(usage.out), {
      error: { code: "INVALID_INPUT", message: "unknown flag --bogus" },
    });
    const unknown = await weftInProcess(dir, "lss", "--json");
    strictEqual(JSON.parse(unknown.out).error.code, "NOT_FOUND");
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
