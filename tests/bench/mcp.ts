/**
 * MCP benchmarks: `tools/call read_pane` latency over Streamable HTTP (the plugin in its
 * Worker) and over stdio (`weft mcp` through the control socket), a bare SDK server over
 * HTTP for reference, and 100 concurrent calls from several clients, each checked against
 * its own pane. Runnable alone: `deno run -A --unstable-worker-options tests/bench/mcp.ts`.
 *
 * @module
 */

import { join } from "node:path";
import { createSession } from "../../plugins/mcp/session_server.ts";
import { WebStandardStreamableHTTPServerTransport } from "../../plugins/mcp/sdk.ts";
import {
  Client,
  StdioClientTransport,
  StreamableHTTPClientTransport,
} from "../../plugins/mcp/sdk_client.ts";
import { ToolCatalog } from "../../plugins/mcp/catalog.ts";
import type { McpHost } from "../../plugins/mcp/host.ts";
import { weftArgs } from "../helpers/cli.ts";
import { httpClient } from "../helpers/mcp.ts";
import { percentile, spawnServer } from "./_util.ts";

const CALLS = 500;

async function latencies(fn: () => Promise<unknown>, n = CALLS): Promise<number[]> {
  for (let i = 0; i < 50; i++) await fn();
  const out: number[] = [];
  for (let i = 0; i < n; i++) {
    const t = performance.now();
    await fn();
    out.push(performance.now() - t);
  }
  return out;
}

function summary(prefix: string, samples: number[]): Record<string, number> {
  return {
    [`${prefix}.p50_ms`]: percentile(samples, 50),
    [`${prefix}.p99_ms`]: percentile(samples, 99),
  };
}

async function stdioClient(dir: string): Promise<Client> {
  const client = new Client({ name: "bench-stdio", version: "1" });
  await client.connect(
    new StdioClientTransport({
      command: Deno.execPath(),
      args: weftArgs("mcp"),
      cwd: dir,
      env: { PATH: Deno.env.get("PATH") ?? "", HOME: Deno.env.get("HOME") ?? "" },
      stderr: "ignore",
    }),
  );
  return client;
}

/** A bare SDK server (one trivial tool, no weft) over the same HTTP transport, for reference. */
async function bareHttp(): Promise<number[]> {
  const host: McpHost = {
    call: <T>() => Promise.resolve({ ok: true as const, value: { text: "hello" } as T }),
    subscribe: () => Promise.resolve(() => {}),
  };
  const catalog = new ToolCatalog({
    call: <T>() =>
      Promise.resolve({
        ok: true as const,
        value: {
          commands: [{
            name: "pane.read",
            title: "Read",
            description: "Read.",
            inputSchema: { type: "object", properties: {} },
            capabilities: [],
          }],
        } as T,
      }),
    subscribe: () => Promise.resolve(() => {}),
  }, {});
  await catalog.start();
  const session = createSession({ catalog, host });
  const transport = new WebStandardStreamableHTTPServerTransport({
    sessionIdGenerator: () => crypto.randomUUID(),
    enableJsonResponse: true,
  });
  await session.server.connect(transport);
  const server = Deno.serve(
    { hostname: "127.0.0.1", port: 0, onListen: () => {} },
    (req) => transport.handleRequest(req),
  );
  const client = new Client({ name: "bench-bare", version: "1" });
  try {
    const port = (server.addr as Deno.NetAddr).port;
    await client.connect(new StreamableHTTPClientTransport(new URL(`http://127.0.0.1:${port}/`)));
    return await latencies(() => client.callTool({ name: "read_pane", arguments: {} }));
  } finally {
    await client.close();
    await transport.close();
    await server.shutdown();
  }
}

/** The MCP benchmark group. */
export async function benchMcp(): Promise<Record<string, number>> {
  const server = await spawnServer({ plugins: { mcp: true } });
  const control = await server.connect();
  const clients: Client[] = [];
  try {
    const panes: string[] = [];
    for (let i = 0; i < 5; i++) {
      const marker = `bench-pane-${i}`;
      const p = await control.call<{ pane: string }>("session.create", {
        command: `echo ${marker}; sleep 600`,
      });
      await control.call("pane.wait", { pane: p.pane, match: marker, timeout: 30_000 });
      panes.push(p.pane);
    }
    // The core's hook door writes `http` as an address first; the MCP door's entry (an object
    // with its token file) replaces it once the plugin listens.
    while (
      !JSON.parse(await Deno.readTextFile(join(server.dir, ".weft", "server.json"))).http
        ?.tokenFile
    ) {
      await new Promise((r) => setTimeout(r, 20));
    }
    const http = await httpClient(server.dir);
    const stdio = await stdioClient(server.dir);
    clients.push(http, stdio);
    const read = (c: Client, pane: string) =>
      c.callTool({ name: "read_pane", arguments: { pane } });
    const out: Record<string, number> = {
      ...summary("http.read_pane", await latencies(() => read(http, panes[0]!))),
      ...summary("stdio.read_pane", await latencies(() => read(stdio, panes[0]!))),
      ...summary("bare_sdk_http.call", await bareHttp()),
    };
    const more = await Promise.all([httpClient(server.dir), httpClient(server.dir)]);
    clients.push(...more);
    const all = [http, stdio, ...more];
    const started = performance.now();
    const results = await Promise.all(Array.from({ length: 100 }, async (_, i) => {
      const pane = panes[i % panes.length]!;
      const r = await read(all[i % all.length]!, pane);
      const text = (r.structuredContent as { text?: string } | undefined)?.text ?? "";
      return text.includes(`bench-pane-${panes.indexOf(pane)}`);
    }));
    out["concurrent100.clients"] = all.length;
    out["concurrent100.total_ms"] = performance.now() - started;
    out["concurrent100.own_results"] = results.filter(Boolean).length;
    return out;
  } finally {
    for (const c of clients) await c.close().catch(() => {});
    control.close();
    await server.stop();
  }
}

if (import.meta.main) console.table(await benchMcp());
