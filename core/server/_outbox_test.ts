import { deepStrictEqual as assertEquals, ok as assert } from "node:assert/strict";
import type { WeftError } from "../../protocols/bus/errors.ts";
import { type FlowLimits, Outbox } from "./_outbox.ts";

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
  const box = new Outbox(conn, {
    limits: LIMITS,
    onFail: (reason) => failures.push(reason),
    onWritten: () => writes++,
  });
  return { box, failures, written, writes: () => writes };
}

const until = async (check: () => boolean) => {
  while (!check()) await new Promise((r) => setTimeout(r, 5));
};

Deno.test("Outbox writes in order and reports each write", async () => {
  const { box, written, writes } = outbox("open");
  box.push(new Uint8Array(10));
  box.push(new Uint8Array(20));
  await until(() => box.queued === 0);
  assertEquals(written.reduce((a, b) => a + b, 0), 30);
  assert(writes() > 0);
  assert(!box.full);
});

Deno.test("Outbox is full past the soft limit and drops a client stuck past the hard one", async () => {
  const { box, failures } = outbox("held");
  box.push(new Uint8Array(150));
  assert(box.full);
  box.push(new Uint8Array(200));
  await until(() => failures.length > 0);
  assertEquals(failures[0]?.code, "TOO_LARGE");
  assert(failures[0]?.message.startsWith("Cannot keep serving this client:"));
  box.close();
});

Deno.test("Outbox drops a client that reads nothing while past the soft limit", async () => {
  const { box, failures } = outbox("held");
  box.push(new Uint8Array(150)); // past soft, under hard: only the stall rule applies
  await until(() => failures.length > 0);
  assertEquals(failures[0]?.code, "TIMEOUT");
  box.close();
});

Deno.test("Outbox probe() finds a client that is gone", async () => {
  const { box, failures } = outbox("gone");
  box.probe();
  await until(() => failures.length > 0);
  assertEquals(failures, [null]);
  box.close();
});
