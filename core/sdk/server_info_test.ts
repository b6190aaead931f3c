import assert from "node:assert/strict";
import { join } from "node:path";
import { publishHttp } from "./server_info.ts";

Deno.test("publishHttp() keeps both doors' entries when two publish at once", async () => {
  const dir = await Deno.makeTempDir();
  try {
    const file = join(dir, "server.json");
    await Deno.writeTextFile(file, JSON.stringify({ pid: 1 }));
    await Promise.all([
      publishHttp(file, { port: 1, tokenFile: "t" }),
      publishHttp(file, { port: 2 }, "web"),
    ]);
    const info = JSON.parse(await Deno.readTextFile(file));
    assert.deepEqual(info, { pid: 1, http: { port: 1, tokenFile: "t" }, web: { port: 2 } });
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
