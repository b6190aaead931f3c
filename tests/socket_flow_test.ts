import { deepStrictEqual as assertEquals, ok as assert } from "node:assert/strict";
import { z } from "zod";
import { defineCommand } from "../core/bus/mod.ts";
import type { WeftError } from "../protocols/bus/errors.ts";
import { eventually, untilEvent, wakeups } from "./helpers/poll.ts";
import { E2E, withServer } from "./helpers/server.ts";
import { withChildServer } from "./helpers/child_server.ts";
import { within } from "./helpers/bridge.ts";

const encoder = new TextEncoder();

/** A raw control-socket client: bytes out, lines in, nothing done for it. */
async function rawClient(socket: string) {
  const conn = await Deno.connect({ transport: "unix", path: socket });
  const decoder = new TextDecoder();
  let buffer = "";
  let eof = false;
  const read = async () => {
    const chunk = new Uint8Array(64 * 1024);
    const n = await conn.read(chunk);
    if (n === null) eof = true;
    else buffer += decoder.decode(chunk.subarray(0, n), { stream: true });
  };
  return {
    conn,
    async send(text: string) {
      const bytes = encoder.encode(text);
      for (let off = 0; off < bytes.length;) off += await conn.write(bytes.subarray(off));
    },
    /** The next non-blank line, or null at end of stream. */
    async line(): Promise<Record<string, unknown> | null> {
      for (;;) {
        const i = buffer.indexOf("\n");
        if (i >= 0) {
          const line = buffer.slice(0, i);
          buffer = buffer.slice(i + 1);
          if (line.trim()) return JSON.parse(line);
          continue;
        }
        if (eof) return null;
        await read();
      }
    },
    close() {
      try {
        conn.close();
      } catch { /* closed */ }
    },
  };
}

const mib = (bytes: number) => (bytes / 2 ** 20).toFixed(0);

const request = (id: number, method: string, params: unknown = {}) =>
  JSON.stringify({ jsonrpc: "2.0", id, method, params });

Deno.test(
  "a client that closes its write side still gets the answers to what it asked",
  E2E,
  async () => {
    await withServer(async ({ server, client }) => {
      const s = await client.call<{ pane: string }>("session.create", { argv: ["cat"] });
      const raw = await rawClient(server.paths.socket);
      // A call that is still running when the write side closes, and a quick one.
      await raw.send(
        request(1, "pane.wait", { pane: s.pane, match: "said later", timeout: 20_000 }) + "\n" +
          request(2, "server.status") + "\n",
      );
      await raw.conn.closeWrite();
      const quick = await raw.line();
      assertEquals(quick?.id, 2);
      // The wait was not cancelled by the half-close: it sees what comes after.
      await client.call("pane.write", { pane: s.pane, text: "said later\r" });
      const waited = await raw.line();
      assertEquals(waited?.id, 1);
      assertEquals((waited?.result as { matched: string }).matched, "said later");
      // Everything answered: the server ends the connection.
      assertEquals(await raw.line(), null);
      raw.close();
    });
  },
);

Deno.test("a last request without a newline is run and answered", E2E, async () => {
  await withServer(async ({ server }) => {
    const raw = await rawClient(server.paths.socket);
    await raw.send(request(7, "session.create", { argv: ["cat"], name: "unterminated" }));
    await raw.conn.closeWrite();
    const reply = await raw.line();
    assertEquals(reply?.id, 7);
    assertEquals((reply?.result as { session: string }).session, "s1");
    assertEquals(await raw.line(), null);
    raw.close();
  });
});

Deno.test("a client gone for good after a half-close has its calls cancelled", E2E, async () => {
  await withServer(async ({ server }) => {
    let reason: unknown;
    const aborted = wakeups();
    server.bus.register("hold", [defineCommand({
      name: "hold.forever",
      title: "Hold",
      description: "Runs until cancelled.",
      capabilities: [],
      input: z.object({}),
      handler: ({ signal }) =>
        new Promise((_, reject) =>
          signal.addEventListener("abort", () => (reject(reason = signal.reason), aborted.wake()))
        ),
    })]);
    const raw = await rawClient(server.paths.socket);
    await raw.send(request(1, "hold.forever") + "\n");
    await raw.conn.closeWrite();
    raw.close(); // now gone for good: the server's next probe fails and the call is cancelled
    await untilEvent("the held call to be cancelled", {
      on: aborted.on,
      check: () => reason !== undefined,
    });
    assertEquals((reason as WeftError).code, "CANCELLED");
  });
});

Deno.test(
  "a cancel ends a call in flight and one still waiting to start, each CANCELLED",
  E2E,
  async () => {
    await withServer(async ({ server }) => {
      server.bus.register("hold", [defineCommand({
        name: "hold.forever",
        title: "Hold",
        description: "Runs until cancelled.",
        capabilities: [],
        input: z.object({}),
        handler: ({ signal }) =>
          new Promise((_, reject) => signal.addEventListener("abort", () => reject(signal.reason))),
      })]);
      const raw = await rawClient(server.paths.socket);
      // Eight fresh calls start at once; the ninth waits behind them, and its cancel does not.
      const holds = Array.from({ length: 9 }, (_, i) => request(i + 1, "hold.forever") + "\n");
      await raw.send(
        holds.join("") + request(10, "cancel", { id: 9 }) + "\n" +
          request(11, "cancel", { id: 1 }) + "\n",
      );
      const answers = new Map<unknown, Record<string, unknown>>();
      try {
        while (answers.size < 4) {
          const line = await within(raw.line(), 10_000, `answers after ${[...answers.keys()]}`);
          if (!line) throw new Error(`the server closed after ${[...answers.keys()]}`);
          answers.set(line.id, line);
        }
      } finally {
        raw.close();
      }
      assertEquals(answers.get(10)?.result, { cancelled: true });
      assertEquals(answers.get(11)?.result, { cancelled: true });
      for (const id of [1, 9]) {
        const error = answers.get(id)?.error as { message: string; data: { code: string } };
        assertEquals(
          [error.data.code, error.message],
          ["CANCELLED", "Cannot finish the call: the client cancelled it"],
        );
      }
    });
  },
);

Deno.test(
  "a client that never reads its replies is not read either, then dropped; others are served",
  E2E,
  async () => {
    await withChildServer(async ({ socket, connect, rss, log }) => {
      const good = await connect();
      // ~4 MB of history, so each full read is a ~4 MB reply.
      const p = await good.call<{ id: string }>("pane.create", {
        command: "head -c 3000000 /dev/zero | base64 -w 200; echo all-printed; sleep 600",
      });
      await good.call("pane.wait", { pane: p.id, match: "all-printed", timeout: 60_000 });
      const before = await rss();

      const hostile = await rawClient(socket);
      const reads = Array.from(
        { length: 300 },
        (_, i) => request(i + 1, "pane.read", { pane: p.id, mode: "history" }) + "\n",
      );
      hostile.send(reads.join("")).catch(() => {}); // it may never all be read: not awaited
      let peak = before;
      let answered = 0;
      // A poll on purpose: each try also samples the server's memory.
      const dropped = await eventually("the hostile client to be dropped", async () => {
        peak = Math.max(peak, await rss());
        // Another client is answered meanwhile.
        assert((await good.call<{ pid: number }>("server.status")).pid > 0);
        answered++;
        // Dropped for being past the hard limit, or for reading nothing for 10 s.
        return /dropped client c\d+: Cannot keep serving this client: .*\d+ MiB of replies/
          .exec(log());
      }, { timeoutMs: 60_000 }).catch((err: Error) => {
        throw new Error(`${err.message} (server grew by ${mib(peak - before)} MiB)`);
      });
      assert(dropped);
      assert(answered > 0);
      const grownMiB = (peak - before) / (1024 * 1024);
      console.log(
        `server memory: ${(before / 2 ** 20).toFixed(0)} MiB before, ` +
          `peak +${grownMiB.toFixed(0)} MiB while a client left 300 × 4 MB reads unread`,
      );
      // Unbounded, 300 replies of ~4 MB would be over 1 GB.
      assert(grownMiB < 400, `the server grew by ${grownMiB.toFixed(0)} MiB`);
      // The dropped client finds the end of the stream after what was already sent (the
      // last reply cut short: the server closed in the middle of it).
      const rest = new Uint8Array(1 << 20);
      while (await hostile.conn.read(rest) !== null) { /* drain */ }
      hostile.close();
      assert((await good.call<{ pid: number }>("server.status")).pid > 0);
    });
  },
);

Deno.test(
  "a client that pipelines many large reads and reads them gets every reply",
  E2E,
  async () => {
    await withServer(async ({ client }) => {
      const s = await client.call<{ pane: string }>("session.create", {
        argv: [
          "bash",
          "-c",
          "head -c 1500000 /dev/zero | base64 -w 200; echo all-printed; sleep 600",
        ],
      });
      await client.call("pane.wait", { pane: s.pane, match: "all-printed", timeout: 60_000 });
      // 60 replies of ~2 MB: 120 MB asked at once, far past the 16 MiB a client may have unread.
      const reads = await Promise.all(
        Array.from(
          { length: 60 },
          () => client.call<{ text: string }>("pane.read", { pane: s.pane, mode: "history" }),
        ),
      );
      assertEquals(reads.length, 60);
      assert(reads.every((r) => r.text.length > 1_900_000 && r.text.endsWith("all-printed")));
    });
  },
);

Deno.test(
  "a reply and a quiet pane's echo pass a flooding pane's queued output on the same connection",
  E2E,
  async () => {
    await withServer(async ({ server, client }) => {
      const quiet = (await client.call<{ pane: string }>("session.create", { argv: ["cat"] })).pane;
      const flood = (await client.call<{ id: string }>("pane.create", {
        command:
          "sleep 0.5; head -c 1100000 /dev/zero | base64 -w 200; echo all-printed; sleep 600",
      })).id;
      const raw = await rawClient(server.paths.socket);
      await raw.send(
        request(1, "subscribe", { topics: ["pane.output"], panes: [quiet, flood] }) + "\n",
      );
      assertEquals((await raw.line())?.id, 1);
      // The raw client reads nothing while ~1.5 MB of the flood's events queue for it.
      await client.call("pane.wait", { pane: flood, match: "all-printed", timeout: 60_000 });
      // Another subscriber to the quiet pane: the server hands an event to every subscriber at
      // once, so when this one has the echo, the raw client's queue holds it too (the screen
      // showing it is not enough: under load the event can follow a moment later).
      let echoed = "";
      const woke = wakeups();
      const off = await client.subscribe({ topics: ["pane.output"], panes: [quiet] }, (e) => {
        echoed += (e.data as { data?: string }).data ?? "";
        woke.wake();
      });
      await raw.send(request(2, "pane.write", { pane: quiet, text: "typed-late\r" }) + "\n");
      await untilEvent("the quiet pane's echo, seen by another subscriber", {
        on: woke.on,
        check: () => echoed.includes("typed-late"),
        timeoutMs: 60_000,
      });
      await off();
      const seen: string[] = [];
      let floodBytes = 0;
      let floodBytesAtEcho = -1;
      while (!seen.includes("flood end")) {
        const line = await raw.line();
        assert(line, "the stream ended early");
        const params = line.params as { pane?: string; data?: { data: string } } | undefined;
        if (line.id === 2) seen.push("reply");
        else if (params?.pane === quiet && params.data?.data.includes("typed-late")) {
          if (floodBytesAtEcho < 0) floodBytesAtEcho = floodBytes;
          seen.push("echo");
        } else if (params?.pane === flood) {
          floodBytes += params.data?.data.length ?? 0;
          if (params.data?.data.includes("all-printed")) seen.push("flood end");
        } else assert(line.method !== "events.dropped", "events were dropped");
      }
      raw.close();
      assertEquals(seen.slice(0, 2).sort(), ["echo", "reply"], `order: ${seen.join(", ")}`);
      console.log(`flood before the echo: ${floodBytesAtEcho} of ${floodBytes} characters`);
      // What came first is what was already in the socket's buffers, not the queue.
      assert(floodBytesAtEcho < floodBytes / 2, `${floodBytesAtEcho} of ${floodBytes} first`);
    });
  },
);

Deno.test(
  "a client that falls 2 MiB behind on a pane loses events there, and is told how many before the next",
  E2E,
  async () => {
    await withServer(async ({ server, client }) => {
      const flood = (await client.call<{ pane: string }>("session.create", {
        argv: [
          "sh",
          "-c",
          "sleep 0.5; head -c 3300000 /dev/zero | base64 -w 200; echo all-printed; cat",
        ],
      })).pane;
      const raw = await rawClient(server.paths.socket);
      await raw.send(request(1, "subscribe", { topics: ["pane.output"], panes: [flood] }) + "\n");
      const subscribed = await raw.line();
      const subscription = (subscribed?.result as { subscription: string }).subscription;
      // The raw client reads nothing while ~4.4 MB of the pane's output comes.
      await client.call("pane.wait", { pane: flood, match: "all-printed", timeout: 60_000 });
      // Typed until one echo passes: one typed while the client is still behind is dropped too.
      const typing = setInterval(() => {
        client.call("pane.write", { pane: flood, text: "after-gap\r" }).catch(() => {});
      }, 300);
      let floodBytes = 0;
      let notice: Record<string, unknown> | undefined;
      let after = "";
      try {
        while (!after.includes("after-gap")) {
          const line = await raw.line();
          assert(line, "the stream ended early");
          const params = line.params as { data?: { data: string } } | undefined;
          if (line.method === "events.dropped") {
            assert(!notice, "told twice of one gap");
            notice = params;
          } else if (notice) after += params?.data?.data ?? "";
          else floodBytes += params?.data?.data.length ?? 0;
        }
      } finally {
        clearInterval(typing);
        raw.close();
      }
      assert(notice, "not told of the dropped events");
      assertEquals(notice.subscription, subscription);
      assert((notice.count as number) > 0);
      // What it got before the gap: about the pane's 2 MiB share, never the whole flood.
      assert(floodBytes < 4_000_000, `${floodBytes} characters before the gap`);
    });
  },
);
