import { deepStrictEqual as assertEquals, match as assertMatch } from "node:assert/strict";
import { join } from "node:path";
import { serveProcess, weftProcess } from "./helpers/cli.ts";
import { E2E } from "./helpers/server.ts";

Deno.test("weft serve prints ready only once its plugins' commands answer", E2E, async () => {
  const dir = await Deno.makeTempDir({ prefix: "weft-ready-" });
  await Deno.writeTextFile(join(dir, "deno.json"), '{"weft": {"shell": "bash"}}');
  const server = serveProcess(dir);
  try {
    assertMatch(await server.ready, /weft: serving /);
    const presets = await weftProcess(dir, "call", "layout.presets");
    assertEquals(presets.err, "");
    assertEquals(presets.code, 0);
    assertEquals((await weftProcess(dir, "stop")).code, 0);
    assertEquals((await server.child.status).code, 0);
  } finally {
    await server.kill();
    await Deno.remove(dir, { recursive: true });
  }
});
