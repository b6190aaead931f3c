/** `weft doctor` says what is missing in a project and what to run, and fails on a broken config. */

import { deepStrictEqual, strictEqual } from "node:assert/strict";
import { join } from "node:path";
import { weftProcessWith } from "./helpers/cli.ts";
import { VENDORS } from "../protocols/agents/mod.ts";

type Check = { level: string; what: string; fix?: string };

/** The vendors whose hooks weft installs: doctor has a line for each. */
const HOOKED = VENDORS.filter((v) => v.hooks?.settings);

const levelOf = (checks: Check[], what: RegExp) => checks.find((c) => what.test(c.what))?.level;
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

Deno.test("weft doctor names what a project lacks, and sees it fixed", async () => {
  const dir = await Deno.makeTempDir({ prefix: "weft-doctor-" });
  // The user's settings live in a home of the test's own (not this machine's).
  const home = join(dir, "home");
  await Deno.mkdir(home);
  const env = {
    HOME: home,
    CLAUDE_CONFIG_DIR: join(home, ".claude"),
    CODEX_HOME: join(home, ".codex"),
  };
  const weft = (...args: string[]) => weftProcessWith({ cwd: dir, env }, ...args);
  const doctor = async () => {
    const run = await weft("doctor", "--json");
    return { code: run.code, checks: JSON.parse(run.out).checks as Check[] };
  };
  try {
    const before = await doctor();
    strictEqual(before.code, 0, "warnings only");
    deepStrictEqual(
      [/no server/, /Claude Code is not wired/].map((re) => levelOf(before.checks, re)),
      ["warn", "warn"],
    );
    for (const v of HOOKED) {
      const line = before.checks.find((c) => c.what.startsWith(`no weft hooks for ${v.title} (`));
      strictEqual(line?.level, "warn", v.kind);
      strictEqual(line?.fix, `weft hooks install --agent ${v.kind}`);
    }
    strictEqual((await weft("hooks", "install")).code, 0);
    const config = await weft("mcp", "config");
    await Deno.writeTextFile(join(dir, ".mcp.json"), config.out);
    const after = await doctor();
    strictEqual(levelOf(after.checks, /\.mcp\.json starts weft mcp/), "ok");
    for (const v of HOOKED) {
      strictEqual(levelOf(after.checks, new RegExp(`^${escape(v.title)}'s hooks tell weft`)), "ok");
    }
    // One vendor's file changed by hand: that vendor's line says so, the others stay ok.
    const [first, ...others] = HOOKED;
    const file = join(dir, first!.hooks!.settings!.project![0]!);
    await Deno.writeTextFile(file, (await Deno.readTextFile(file)).replace("exit 0", "exit 1"));
    const edited = await doctor();
    strictEqual(
      levelOf(edited.checks, new RegExp(`^${escape(first!.title)}'s hooks in .* are outdated`)),
      "warn",
    );
    for (const v of others) {
      strictEqual(
        levelOf(edited.checks, new RegExp(`^${escape(v.title)}'s hooks tell weft`)),
        "ok",
      );
    }
    await Deno.writeTextFile(file, "{ not json");
    const unreadable = await doctor();
    strictEqual(
      levelOf(unreadable.checks, new RegExp(`^${escape(first!.title)}: ${escape(file)}`)),
      "warn",
    );
    await Deno.writeTextFile(join(dir, "weft.toml"), "shel = 'sh'\n");
    const broken = await doctor();
    strictEqual(broken.code, 1);
    strictEqual(levelOf(broken.checks, /did you mean "shell"/), "fail");
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
