/** `weft mcp config` names `weft mcp` when this checkout's weft is installed as a command. */

import { deepStrictEqual, strictEqual } from "node:assert/strict";
import { join } from "node:path";
import { CONFIG, MAIN, weftArgs } from "./helpers/cli.ts";

async function mcpConfig(cwd: string, path: string): Promise<{ command: string; args: string[] }> {
  const out = await new Deno.Command(Deno.execPath(), {
    args: weftArgs("mcp", "config", "--stdio"),
    cwd,
    env: { PATH: path, HOME: Deno.env.get("HOME") ?? "/" },
    clearEnv: true,
    stdin: "null",
    stdout: "piped",
    stderr: "piped",
  }).output();
  strictEqual(out.code, 0, new TextDecoder().decode(out.stderr));
  return JSON.parse(new TextDecoder().decode(out.stdout)).mcpServers.weft;
}

Deno.test("weft mcp config prints weft mcp once deno install put weft on PATH", async () => {
  const root = await Deno.makeTempDir();
  try {
    const path = Deno.env.get("PATH") ?? "";
    const before = await mcpConfig(root, path);
    strictEqual(before.command, Deno.execPath());
    // The README's install command, into a root of the test's own.
    const install = await new Deno.Command(Deno.execPath(), {
      args: ["install", "-g", "-A", "--unstable-worker-options", "-n", "weft", "-f", "--root", root]
        .concat(["--config", CONFIG, MAIN]),
      stdout: "null",
      stderr: "piped",
    }).output();
    strictEqual(install.code, 0, new TextDecoder().decode(install.stderr));
    deepStrictEqual(await mcpConfig(root, `${join(root, "bin")}:${path}`), {
      command: "weft",
      args: ["mcp"],
    });
    // Some other program called weft first on PATH is not this weft.
    const other = join(root, "other");
    await Deno.mkdir(other);
    await Deno.writeTextFile(join(other, "weft"), "#!/bin/sh\necho another weft\n", {
      mode: 0o755,
    });
    strictEqual(
      (await mcpConfig(root, `${other}:${join(root, "bin")}:${path}`)).command,
      Deno.execPath(),
    );
  } finally {
    await Deno.remove(root, { recursive: true });
  }
});
