import { deepStrictEqual as assertEquals, ok as assert } from "node:assert/strict";
import type { WeftError } from "../../protocols/bus/errors.ts";
import { type FlowLimits, Outbox } from "./_outbox.ts";
import { untilEvent, wakeups } from "../../tests/helpers/poll.ts";

const LIMITS: FlowLimits = {
  softBytes: 100,
  hardBytes: 300,
  hardGraceMs: 40,
  stallMs: 120,
  probeMs: 10,
};

/** A socket whose writes are held until released (or fail). */
function fakeConn(mode: "held" | "open" | "gone") {
  const written: number[] = [];
  const conn = {
    write(bytes: Uint8Array): Promise<number> {
      if (mode === "gone") return Promise.reject(new Deno.errors.BrokenPipe("gone"));
      if (mode === "held") return new Promise(() => {});
      written.push(bytes.length);
      return Promise.resolve(bytes.length);
    },
  } as unknown as Deno.Conn;
  return { conn, written };
}

function outbox(mode: "held" | "open" | "gone") {
  const { conn, written } = fakeConn(mode);
  const failures: (WeftError | null)[] = [];
  let writes = 0;
  const told = wakeups();
  const box = new Outbox(conn, {
    limits: LIMITS,
    onFail: (reason) => (failures.push(reason), told.wake()),
    onWritten: () => (writes++, told.wake()),
  });
  /** Waits until `check` holds, trying again after each write and failure the box reports. */
  const until = (what: string, check: () => boolean) =>
    untilEvent(what, { on: told.on, check, timeoutMs: 5_000 });
  return { box, failures, written, writes: () => writes, until };
}

Deno.test("Outbox writes in order and reports each write", async () => {
  const { box, written, writes, until } = outbox("open");
  box.push(new Uint8Array(10));
  box.push(new Uint8Array(20));
  await until("everything written", () => box.queued === 0);
  assertEquals(written.reduce((a, b) => a + b, 0), 30);
  assert(writes() > 0);
  assert(!box.full);
});

Deno.test("Outbox is full past the soft limit and drops a client stuck past the hard one", async () => {
  const { box, failures, until } = outbox("held");
  box.push(new Uint8Array(150));
  assert(box.full);
  box.push(new Uint8Array(200));
  await until("the client to be dropped", () => failures.length > 0);
  assertEquals(failures[0]?.code, "TOO_LARGE");
  assert(failures[0]?.message.startsWith("Cannot keep serving this client:"));
  box.close();
});

Deno.test("Outbox drops a client that reads nothing while past the soft limit", async () => {
  const { box, failures, until } = outbox("held");
  box.push(new Uint8Array(150)); // past soft, under hard: only the stall rule applies
  await until("the client to be dropped", () => failures.length > 0);
  assertEquals(failures[0]?.code, "TIMEOUT");
  box.close();
});

Deno.test("Outbox probe() finds a client that is gone", async () => {
  const { box, failures, until } = outbox("gone");
  box.probe();
  await until("the client to be dropped", () => failures.length > 0);
  assertEquals(failures, [null]);
  box.close();
});

Deno.test("Outbox writes replies before queued pane output, and panes in turn", async () => {
  const sent: string[] = [];
  const conn = {
    write(bytes: Uint8Array): Promise<number> {
      sent.push(new TextDecoder().decode(bytes));
      return Promise.resolve(bytes.length);
    },
  } as unknown as Deno.Conn;
  const told = wakeups();
  const box = new Outbox(conn, { limits: LIMITS, onFail: () => {}, onWritten: told.wake });
  const big = (c: string) => new TextEncoder().encode(c.repeat(64 * 1024));
  box.push(big("a"), "p1"); // taken for a write at once
  box.push(big("b"), "p1");
  box.push(big("c"), "p1");
  box.push(new TextEncoder().encode("echo"), "p2");
  box.push(new TextEncoder().encode("reply"));
  await untilEvent("everything written", { on: told.on, check: () => box.queued === 0 });
  // The echo waits for one piece of p1 at most, not for all of it.
  assertEquals(sent.map((s) => s.length > 100 ? s[0] : s), ["a", "reply", "b", "echo", "c"]);
});
