/**
 * `weft web` against a running server whose project does not mention the web plugin: it turns
 * the page on, prints a login URL that works, and a second run reuses the running page.
 */

import assert from "node:assert/strict";
import { join } from "node:path";
import { E2E, withServer } from "./helpers/server.ts";
import { weft } from "../main.ts";
import type { CliIo } from "../plugins/cli/io.ts";

async function run(
  args: string[],
  cwd: string,
  env: Record<string, string> = {},
): Promise<{ code: number; out: string; err: string }> {
  let out = "";
  let err = "";
  const io: CliIo = {
    out: (t) => void (out += t),
    err: (t) => void (err += t),
    cwd,
    env: (name) => env[name],
  };
  const code = await weft(args, io);
  return { code, out, err };
}

Deno.test(
  "weft web starts the web plugin in the running server and prints a login URL",
  E2E,
  async () => {
    await withServer(async ({ dir, client }) => {
      const before = await client.call<{ plugins: { name: string }[] }>("server.status", {});
      assert.ok(!before.plugins.some((p) => p.name === "web"));
      const first = await run(["web", "--read-only"], dir);
      assert.equal(first.code, 0, first.err);
      const url = first.out.trim();
      assert.match(url, /^http:\/\/127\.0\.0\.1:\d+\/login\?code=[\w-]+$/);
      const login = await fetch(url, { redirect: "manual" });
      await login.body?.cancel();
      assert.equal(login.status, 303);
      const second = await run(["web"], dir);
      assert.equal(second.code, 0, second.err);
      assert.equal(new URL(second.out.trim()).port, new URL(url).port, "the same page");
    });
  },
);

Deno.test("weft web leaves a web plugin the project switched off alone", E2E, async () => {
  await withServer(async ({ dir }) => {
    const result = await run(["web"], dir);
    assert.notEqual(result.code, 0);
    assert.match(result.err, /Cannot start plugin "web"/);
  }, { weft: { plugins: { web: false } } });
});

Deno.test("weft web --open hands the login URL to $BROWSER", E2E, async () => {
  await withServer(async ({ dir }) => {
    const seen = join(dir, "browser-arg");
    const script = join(dir, "browser.sh");
    await Deno.writeTextFile(script, `#!/bin/sh\nprintf '%s' "$1" > '${seen}'\n`);
    await Deno.chmod(script, 0o755);
    const result = await run(["web", "--open"], dir, { BROWSER: script });
    assert.equal(result.code, 0, result.err);
    assert.equal(await Deno.readTextFile(seen), result.out.trim(), "the browser got the URL");
    const login = await fetch(result.out.trim(), { redirect: "manual" });
    await login.body?.cancel();
    assert.equal(login.status, 303, "a URL that logs in");
    const failing = await run(["web", "--open"], dir, { BROWSER: "false" });
    assert.equal(failing.code, 1);
    assert.match(failing.err, /Cannot open a browser/);
  }, { weft: { plugins: { web: true } } });
});
