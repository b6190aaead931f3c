// A socket path too long for `sockaddr_un` falls back to a runtime folder (`$XDG_RUNTIME_DIR/weft`,
// else `/tmp/weft-<uid>`). A folder there that another user made, or that others may enter, is
// refused with a message that says where weft looked: its owner could move the socket away.
import { match as assertMatch, notEqual as assertNotEqual } from "node:assert/strict";
import { join } from "node:path";
import { tempProject } from "./helpers/serve_child.ts";
import { weftArgs } from "./helpers/cli.ts";
import { E2E } from "./helpers/server.ts";

/** Runs `weft serve` in a project whose socket cannot live under `.weft/`; ends it when ready. */
async function serveWithRuntime(prepare: (folder: string) => Promise<void>) {
  const base = await tempProject();
  const dir = join(base, "p".repeat(100));
  await Deno.mkdir(dir);
  await Deno.copyFile(join(base, "deno.json"), join(dir, "deno.json"));
  const runtime = join(base, "run");
  await Deno.mkdir(runtime, { mode: 0o700 });
  const folder = join(runtime, "weft");
  await prepare(folder);
  const env: Record<string, string> = { ...Deno.env.toObject(), XDG_RUNTIME_DIR: runtime };
  delete env.WEFT_PANE;
  const child = new Deno.Command(Deno.execPath(), {
    args: weftArgs("serve"),
    cwd: dir,
    env,
    clearEnv: true,
    stdin: "null",
    stdout: "null",
    stderr: "piped",
  }).spawn();
  let text = "";
  try {
    for await (const chunk of child.stderr.pipeThrough(new TextDecoderStream())) {
      text += chunk;
      // Served (the old code): stop it, the test fails on the exit code below.
      if (/ready in \d+ ms/.test(text)) child.kill("SIGKILL");
    }
    return { code: (await child.status).code, stderr: text, folder };
  } finally {
    await Deno.remove(base, { recursive: true });
  }
}

Deno.test({
  name: "weft serve refuses a runtime socket folder that another user owns, and names it",
  ...E2E,
  fn: async () => {
    const { code, stderr, folder } = await serveWithRuntime(async (folder) => {
      await Deno.mkdir(folder, { mode: 0o700 });
      await Deno.chown(folder, 65534, 65534);
    });
    assertNotEqual(code, 0);
    assertMatch(
      stderr,
      new RegExp(`Cannot use the socket folder ${folder}: it belongs to uid 65534`),
    );
    assertMatch(stderr, /XDG_RUNTIME_DIR names it/);
  },
});

Deno.test({
  name: "weft serve refuses a runtime socket folder of ours that others may enter",
  ...E2E,
  fn: async () => {
    const { code, stderr, folder } = await serveWithRuntime(async (folder) => {
      await Deno.mkdir(folder);
      await Deno.chmod(folder, 0o755);
    });
    assertNotEqual(code, 0);
    assertMatch(stderr, new RegExp(`Cannot use the socket folder ${folder}: its mode is 0755`));
  },
});

Deno.test({
  name: "weft serve refuses a runtime socket folder that is a symbolic link",
  ...E2E,
  fn: async () => {
    const { code, stderr } = await serveWithRuntime(async (folder) => {
      const elsewhere = `${folder}-elsewhere`;
      await Deno.mkdir(elsewhere, { mode: 0o700 });
      await Deno.symlink(elsewhere, folder);
    });
    assertNotEqual(code, 0);
    assertMatch(stderr, /it is a symbolic link/);
  },
});
