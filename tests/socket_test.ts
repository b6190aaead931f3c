import {
  deepStrictEqual as assertEquals,
  match as assertMatch,
  ok as assert,
  rejects,
} from "node:assert/strict";
import { join } from "node:path";
import { WeftClient } from "../plugins/client/mod.ts";
import { loadConfig } from "../core/config/mod.ts";
import { startServer } from "../core/server/server.ts";
import { waitForText } from "./helpers/panes.ts";
import { E2E, withServer } from "./helpers/server.ts";
import { BUILTIN_PLUGINS } from "../plugins/builtin.ts";

async function rawSession(socket: string) {
  const conn = await Deno.connect({ transport: "unix", path: socket });
  const reader = conn.readable.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = "";
  return {
    conn,
    async send(text: string) {
      const bytes = new TextEncoder().encode(text);
      for (let off = 0; off < bytes.length;) off += await conn.write(bytes.subarray(off));
    },
    async line(): Promise<Record<string, unknown>> {
      while (!buffer.includes("\n")) {
        const { value, done } = await reader.read();
        if (done) throw new Error("closed");
        buffer += value;
      }
      const i = buffer.indexOf("\n");
      const line = buffer.slice(0, i);
      buffer = buffer.slice(i + 1);
      return JSON.parse(line);
    },
    close: () => {
      reader.cancel().catch(() => {});
      try {
        conn.close();
      } catch { /* closed */ }
    },
  };
}

Deno.test("the socket and its folder are private (0600 / 0700)", E2E, async () => {
  await withServer(async ({ server }) => {
    assertEquals((await Deno.stat(server.paths.socket)).mode! & 0o777, 0o600);
    assertEquals((await Deno.stat(server.paths.dir)).mode! & 0o777, 0o700);
  });
});

Deno.test("a malformed line gets a parse error and the connection stays usable", E2E, async () => {
  await withServer(async ({ server }) => {
    const raw = await rawSession(server.paths.socket);
    await raw.send("{not json\n");
    const err = await raw.line();
    assertEquals((err.error as { code: number }).code, -32700);
    await raw.send('{"jsonrpc":"2.0","id":7,"method":"server.status","params":{}}\n');
    const ok = await raw.line();
    assertEquals(ok.id, 7);
    assert(ok.result);
    raw.close();
  });
});

Deno.test(
  "an oversized line is refused with an error and the connection stays usable",
  E2E,
  async () => {
    await withServer(async ({ server }) => {
      const raw = await rawSession(server.paths.socket);
      await raw.send(
        `{"jsonrpc":"2.0","id":1,"method":"pane.list","params":{"x":"${
          "a".repeat(17 * 1024 * 1024)
        }"}}\n`,
      );
      const err = await raw.line();
      assertMatch(JSON.stringify(err), /TOO_LARGE|limit/);
      await raw.send('{"jsonrpc":"2.0","id":2,"method":"pane.list"}\n');
      assertEquals((await raw.line()).id, 2);
      raw.close();
    });
  },
);

Deno.test("1,000 concurrent calls from several clients each get their own reply", E2E, async () => {
  await withServer(async ({ client, connect }) => {
    await client.call("session.create", { argv: ["cat"], name: "echo" });
    const clients = [client, await connect(), await connect(), await connect()];
    const calls = Array.from({ length: 1000 }, (_, i) => {
      const c = clients[i % clients.length]!;
      return i % 2
        ? c.call<{ text: string }>("session.rename", { session: "s1", name: `n${i}` }).then((r) =>
          [i, r] as const
        )
        : c.call<{ id: string }>("pane.status", { pane: "echo" }).then((r) => [i, r] as const);
    });
    const results = await Promise.all(calls);
    for (const [i, r] of results) {
      if (i % 2) assertEquals((r as unknown as { name: string }).name, `n${i}`);
      else assertEquals((r as { id: string }).id, "p1");
    }
  });
});

Deno.test("a client vanishing mid-call hurts nothing", E2E, async () => {
  await withServer(async ({ server, client }) => {
    const s = await client.call<{ pane: string }>("session.create", { argv: ["cat"] });
    const raw = await rawSession(server.paths.socket);
    await raw.send(
      `{"jsonrpc":"2.0","id":1,"method":"pane.wait","params":{"pane":"${s.pane}","match":"never","timeout":60000}}\n`,
    );
    raw.close();
    const status = await client.call<{ panes: number }>("server.status");
    assertEquals(status.panes, 1);
  });
});

Deno.test("random bytes on the socket never crash the server", E2E, async () => {
  await withServer(async ({ server, client }) => {
    for (let i = 0; i < 20; i++) {
      const raw = await rawSession(server.paths.socket);
      const junk = crypto.getRandomValues(new Uint8Array(4096));
      await raw.conn.write(junk).catch(() => {});
      raw.close();
    }
    assert((await client.call<{ pid: number }>("server.status")).pid > 0);
  });
});

Deno.test("events reach subscribers for the topics and panes they asked for", E2E, async () => {
  await withServer(async ({ client }) => {
    const a = await client.call<{ pane: string }>("session.create", { argv: ["cat"] });
    const b = await client.call<{ id: string }>("pane.create", { argv: ["cat"] });
    const seen: { topic: string; pane?: string }[] = [];
    await client.subscribe({ topics: ["pane.output"], panes: [a.pane] }, (e) => seen.push(e));
    await client.call("pane.write", { pane: b.id, text: "bbb\r" });
    await client.call("pane.write", { pane: a.pane, text: "aaa\r" });
    await waitForText(client, { pane: a.pane, match: "aaa" });
    await waitForText(client, { pane: b.id, match: "bbb" });
    assert(seen.length > 0);
    assert(seen.every((e) => e.topic === "pane.output" && e.pane === a.pane));
  });
});

Deno.test(
  "a second server in the same project is refused; a stale socket is replaced",
  E2E,
  async () => {
    await withServer(async ({ dir, server }) => {
      const config = await loadConfig(dir, { builtins: BUILTIN_PLUGINS });
      await rejects(
        startServer(config, { noStartupSession: true }),
        /already running for this project \(pid \d+, socket /,
      );
      await server.stop();
      await Deno.writeTextFile(join(dir, ".weft", "weft.sock"), ""); // a stale leftover
      const again = await startServer(config, { noStartupSession: true });
      const c = await WeftClient.connect(again.paths.socket);
      assert((await c.call<{ pid: number }>("server.status")).pid > 0);
      c.close();
      await again.stop();
    });
  },
);

Deno.test("server.hello lets a client give up rights, never gain them", E2E, async () => {
  await withServer(async ({ server }) => {
    const ro = await WeftClient.connect(server.paths.socket, {
      client: "mcp",
      grants: ["pane:read"],
    });
    await rejects(
      ro.call("session.create", { argv: ["cat"] }),
      (e: { code: string }) => e.code === "DENIED",
    );
    assert(Array.isArray((await ro.call<{ panes: unknown[] }>("pane.list")).panes));
    ro.close();
  });
});

Deno.test(
  "a client that gave up pane:read is refused pane.output, and its catch-all gets none",
  E2E,
  async () => {
    await withServer(async ({ server, client }) => {
      const { pane } = await client.call<{ pane: string }>("session.create", { argv: ["cat"] });
      const narrowed = await WeftClient.connect(server.paths.socket, {
        client: "mcp",
        grants: ["pane:write", "layout:write"],
      });
      try {
        await rejects(
          narrowed.subscribe({ topics: ["pane.output"], panes: [pane] }, () => {}),
          (e: { code: string; message: string }) => {
            assertEquals(e.code, "DENIED");
            assertMatch(e.message, /^Cannot subscribe to "pane\.output" \(needs pane:read\)/);
            return true;
          },
        );
        const seen: string[] = [];
        let layoutSeen: () => void = () => {};
        const layout = new Promise<void>((r) => (layoutSeen = r));
        await narrowed.subscribe({ topics: ["*"] }, (e) => {
          seen.push(e.topic);
          if (e.topic === "layout.changed") layoutSeen();
        });
        await narrowed.call("pane.write", { pane, text: "secret\r" });
        await waitForText(client, { pane, match: "secret" });
        // Events reach a client in order: once the later layout change is in, any pane.output
        // for the earlier write would have been too.
        await client.call("window.resize", { cols: 100, rows: 30 });
        await layout;
        assert(seen.every((t) => !t.startsWith("pane.")), seen.join(", "));
        await rejects(
          narrowed.call("server.hello", { grants: ["pane:write"] }),
          (e: { code: string }) => e.code === "CONFLICT",
        );
      } finally {
        narrowed.close();
      }
    });
  },
);
