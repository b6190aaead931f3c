import assert from "node:assert/strict";
import { serveHttp } from "./http.ts";
import { Server } from "./sdk.ts";
import { STREAM_RETRY_MS } from "./_stream_lease.ts";

const TOKEN = "t".repeat(43);
const HEADERS = {
  authorization: `Bearer ${TOKEN}`,
  accept: "application/json, text/event-stream",
  "content-type": "application/json",
};
const LIST_CHANGED = { method: "notifications/tools/list_changed" };

Deno.test("serveHttp() ends each notification stream after its lease; a resumed one gets what was sent in between", async () => {
  const servers: Server[] = [];
  const http = await serveHttp({
    port: 0,
    token: TOKEN,
    tokenless: false,
    streamLeaseMs: 400,
    createSession: () => {
      const server = new Server({ name: "test", version: "1.0.0" }, {
        capabilities: { tools: { listChanged: true } },
      });
      servers.push(server);
      return { server, start: () => Promise.resolve(), close: () => {} };
    },
  });
  try {
    const post = (message: unknown, session?: string) =>
      fetch(http.url, {
        method: "POST",
        headers: { ...HEADERS, ...session ? { "mcp-session-id": session } : {} },
        body: JSON.stringify(message),
      });
    const init = await post({
      jsonrpc: "2.0",
      id: 1,
      method: "initialize",
      params: {
        protocolVersion: "2025-11-25",
        capabilities: {},
        clientInfo: { name: "raw", version: "1" },
      },
    });
    await init.body?.cancel();
    const session = init.headers.get("mcp-session-id")!;
    await (await post({ jsonrpc: "2.0", method: "notifications/initialized" }, session)).body
      ?.cancel();
    const listen = (lastEventId?: string) =>
      fetch(http.url, {
        headers: {
          ...HEADERS,
          "mcp-session-id": session,
          ...lastEventId ? { "last-event-id": lastEventId } : {},
        },
        // Without the lease the stream never ends: fail rather than hang.
        signal: AbortSignal.timeout(5_000),
      });

    const first = await listen();
    assert.equal(first.status, 200);
    await servers[0]!.notification(LIST_CHANGED);
    const text = await first.text(); // ends: the lease is over
    const ids = [...text.matchAll(/^id: (.+)$/gm)].map((m) => m[1]);
    assert.match(text, new RegExp(`^id: .+\\nretry: ${STREAM_RETRY_MS}\\ndata: \\n\\n`));
    assert.equal(ids.length, 2, text);
    assert.match(text, /tools\/list_changed/);

    // Sent while no stream is open: kept, and replayed to the client that resumes.
    await servers[0]!.notification(LIST_CHANGED);
    const resumed = await listen(ids[1]);
    assert.equal(resumed.status, 200);
    const replayed = await resumed.text();
    assert.equal([...replayed.matchAll(/tools\/list_changed/g)].length, 1, replayed);
    assert.doesNotMatch(replayed, /retry:/);
    assert.ok(!replayed.includes(`id: ${ids[1]}\n`), replayed);
  } finally {
    await http.close();
  }
});
