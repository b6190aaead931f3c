import { deepStrictEqual as assertEquals, match as assertMatch } from "node:assert/strict";
import { join } from "node:path";
import { weftArgs } from "./helpers/cli.ts";
import { E2E } from "./helpers/server.ts";

async function weft(cwd: string, ...args: string[]) {
  const env = { ...Deno.env.toObject() };
  delete env.WEFT_PANE;
  const out = await new Deno.Command(Deno.execPath(), {
    args: weftArgs(...args),
    cwd,
    env,
    clearEnv: true,
    stdin: "null",
  }).output();
  const dec = new TextDecoder();
  return { code: out.code, out: dec.decode(out.stdout), err: dec.decode(out.stderr) };
}

/** Reads the server's stderr until a line matches; the rest is drained in the background. */
async function lineMatching(stream: ReadableStream<Uint8Array>, pattern: RegExp): Promise<string> {
  const lines = stream.pipeThrough(new TextDecoderStream()).getReader();
  let text = "";
  while (true) {
    const { value, done } = await lines.read();
    if (done) throw new Error(`The server ended before printing ${pattern}: ${text}`);
    text += value;
    const line = text.split("\n").find((l) => pattern.test(l));
    if (line) {
      void (async () => {
        while (!(await lines.read()).done) { /* drain */ }
      })();
      return line;
    }
  }
}

Deno.test("weft serve prints ready only once its plugins' commands answer", E2E, async () => {
  const dir = await Deno.makeTempDir({ prefix: "weft-ready-" });
  await Deno.writeTextFile(join(dir, "deno.json"), '{"weft": {"shell": "bash"}}');
  const child = new Deno.Command(Deno.execPath(), {
    args: weftArgs("serve"),
    cwd: dir,
    stdout: "null",
    stderr: "piped",
  }).spawn();
  try {
    assertMatch(await lineMatching(child.stderr, /ready in \d+ ms/), /weft: serving /);
    const presets = await weft(dir, "call", "layout.presets");
    assertEquals(presets.err, "");
    assertEquals(presets.code, 0);
    assertEquals((await weft(dir, "stop")).code, 0);
    assertEquals((await child.status).code, 0);
  } finally {
    try {
      child.kill();
    } catch { /* exited */ }
    await Deno.remove(dir, { recursive: true });
  }
});
