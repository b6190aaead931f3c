/** `weft doctor` says what is missing in a project and what to run, and fails on a broken config. */

import { deepStrictEqual, strictEqual } from "node:assert/strict";
import { join } from "node:path";
import { weftProcess } from "./helpers/cli.ts";

type Check = { level: string; what: string; fix?: string };

async function doctor(dir: string): Promise<{ code: number; checks: Check[] }> {
  const run = await weftProcess(dir, "doctor", "--json");
  return { code: run.code, checks: JSON.parse(run.out).checks };
}

const levelOf = (checks: Check[], what: RegExp) => checks.find((c) => what.test(c.what))?.level;

Deno.test("weft doctor names what a project lacks, and sees it fixed", async () => {
  const dir = await Deno.makeTempDir({ prefix: "weft-doctor-" });
  try {
    const before = await doctor(dir);
    strictEqual(before.code, 0, "warnings only");
    deepStrictEqual(
      [/no server/, /Claude Code is not wired/, /no weft hooks/].map((re) =>
        levelOf(before.checks, re)
      ),
      ["warn", "warn", "warn"],
    );
    strictEqual((await weftProcess(dir, "hooks", "install")).code, 0);
    const config = await weftProcess(dir, "mcp", "config");
    await Deno.writeTextFile(join(dir, ".mcp.json"), config.out);
    const after = await doctor(dir);
    strictEqual(levelOf(after.checks, /\.mcp\.json starts weft mcp/), "ok");
    strictEqual(levelOf(after.checks, /hooks tell weft/), "ok");
    await Deno.writeTextFile(join(dir, "weft.toml"), "shel = 'sh'\n");
    const broken = await doctor(dir);
    strictEqual(broken.code, 1);
    strictEqual(levelOf(broken.checks, /did you mean "shell"/), "fail");
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
