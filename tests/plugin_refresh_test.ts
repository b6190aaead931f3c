/**
 * `weft plugin reload NAME --refresh`: a plugin loaded from a URL runs from Deno's cache (and
 * its `.weft/plugins.lock` entry), so a plain reload keeps its old code; `--refresh` fetches it
 * again. The plugin is served by a small HTTP server on 127.0.0.1 in this test and changed
 * between loads. A remote module cannot import weft's local SDK file, so it speaks the plugin
 * protocol itself (one JSON message per line on stdin and stdout).
 */

import { deepStrictEqual as assertEquals, match as assertMatch } from "node:assert/strict";
import { weftProcess } from "./helpers/cli.ts";
import { E2E } from "./helpers/server.ts";
import { serveChild, tempProject } from "./helpers/serve_child.ts";

/** A whole plugin without the SDK: `remote.version` answers `version`. */
function pluginSource(version: string): string {
  const manifest = {
    protocol: 1,
    name: "remote",
    version: "1.0.0",
    capabilities: [],
    commands: [{
      name: "remote.version",
      title: "Version",
      description: "Which code runs.",
      inputSchema: { type: "object", properties: {}, additionalProperties: false },
      capabilities: [],
    }],
  };
  return `
const out = (m) => Deno.stdout.writeSync(new TextEncoder().encode(JSON.stringify(m) + "\\n"));
out({ type: "manifest", manifest: ${JSON.stringify(manifest)} });
let rest = "";
for await (const chunk of Deno.stdin.readable.pipeThrough(new TextDecoderStream())) {
  const lines = (rest + chunk).split("\\n");
  rest = lines.pop();
  for (const line of lines) {
    const m = JSON.parse(line);
    if (m.type === "start") out({ type: "ready" });
    else if (m.type === "ping") out({ type: "pong", seq: m.seq });
    else if (m.type === "call") out({ type: "result", id: m.id, reply: { ok: true, value: ${
    JSON.stringify(version)
  } } });
    else if (m.type === "shutdown") Deno.exit(0);
  }
}
`;
}

Deno.test(
  "weft plugin reload --refresh fetches a URL plugin's code again; a plain reload keeps the cached code",
  E2E,
  async () => {
    let source = pluginSource("one");
    let up = true;
    let fetched = 0;
    const http = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen: () => {} }, () => {
      fetched++;
      return up
        ? new Response(source, { headers: { "content-type": "application/javascript" } })
        : new Response("gone", { status: 503 });
    });
    // A path of this run's own: Deno's cache outlives the test and ports come back.
    const url = `http://127.0.0.1:${http.addr.port}/${crypto.randomUUID()}/plugin.js`;
    const dir = await tempProject({ plugins: { remote: { from: url, grant: [] } } });
    const served = await serveChild(dir);
    try {
      const version = () => served.client.call("remote.version", {});
      assertEquals(await version(), "one");
      assertEquals(fetched, 1);

      source = pluginSource("two");
      const plain = await weftProcess(dir, "plugin", "reload", "remote");
      assertEquals([plain.code, plain.out], [0, "remote: running\n"], plain.err);
      assertEquals(await version(), "one", "a plain reload runs the cached code");
      assertEquals(fetched, 1);

      const refreshed = await weftProcess(dir, "plugin", "reload", "remote", "--refresh");
      assertEquals([refreshed.code, refreshed.out], [0, "remote: running\n"], refreshed.err);
      assertEquals(await version(), "two");
      assertEquals(fetched, 2);

      // The refreshed code is what the lock now holds: a plain reload starts it again.
      const again = await weftProcess(dir, "plugin", "reload", "remote");
      assertEquals(again.code, 0, again.err);
      assertEquals(await version(), "two");

      // The source is down: the refresh fails, saying why, and the plugin keeps running.
      up = false;
      const down = await weftProcess(dir, "plugin", "reload", "remote", "--refresh");
      assertEquals(down.code, 1);
      assertMatch(down.err, /Cannot refresh plugin "remote" from http:\/\/127\.0\.0\.1/);
      assertEquals(await version(), "two");
    } finally {
      served.client.close();
      await served.server.stop();
      await http.shutdown();
    }
  },
);
