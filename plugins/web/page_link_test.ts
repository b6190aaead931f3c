import assert from "node:assert/strict";
import { linkPage, type PageHost } from "./page_link.ts";
import { eventually } from "../../tests/helpers/poll.ts";

type Listener = (event: { topic: string; pane?: string; data: unknown }) => void;

/** A page's socket that records what is sent. */
class FakeSocket {
  readyState = WebSocket.OPEN;
  bufferedAmount = 0;
  sent: (string | Uint8Array)[] = [];
  onopen: (() => void) | null = null;
  onmessage: ((e: { data: unknown }) => void) | null = null;
  onclose: (() => void) | null = null;
  send(data: string | Uint8Array) {
    this.sent.push(data);
  }
  /** Binary frames as [kind, pane, text]. */
  frames(): [number, string, string][] {
    return this.sent.filter((d) => typeof d !== "string").map((d) => {
      const bytes = d as Uint8Array;
      const id = new TextDecoder().decode(bytes.subarray(2, 2 + bytes[1]!));
      return [bytes[0]!, id, new TextDecoder().decode(bytes.subarray(2 + bytes[1]!))];
    });
  }
  /** The page says it drew every byte sent so far to `pane`. */
  ackAll(pane: string) {
    const bytes = this.sent.reduce(
      (n, d) => n + (typeof d === "string" || this.#paneOf(d) !== pane ? 0 : d.length),
      0,
    );
    this.onmessage!({ data: JSON.stringify({ t: "ack", panes: { [pane]: bytes } }) });
  }
  #paneOf(d: Uint8Array) {
    return new TextDecoder().decode(d.subarray(2, 2 + d[1]!));
  }
}

/** One session, one window, panes `p1` and `p2`; records calls; output is pushed by the test. */
function fakeHost(historyLines = 0) {
  const calls: [string, unknown][] = [];
  const output = new Map<Listener, string>();
  const droppedBy = new Map<Listener, () => void>();
  let revision = 0;
  let lines = 0;
  const host: PageHost = {
    call: <T>(name: string, input: unknown) => {
      calls.push([name, input]);
      const answers: Record<string, unknown> = {
        "session.list": { sessions: [{ id: "s1", current: true, currentWindow: "w1" }] },
        "window.list": { windows: [{ id: "w1", session: "s1" }] },
        "window.layout": {
          window: "w1",
          cols: 21,
          rows: 2,
          focused: "p1",
          panes: [
            { pane: "p1", x: 0, y: 0, cols: 10, rows: 2 },
            { pane: "p2", x: 11, y: 0, cols: 10, rows: 2 },
          ],
        },
        "pane.list": { panes: [{ id: "p1" }, { id: "p2" }] },
        "pane.read": {
          text: "hello\nworld",
          firstLine: lines,
          cursor: { x: 0, y: 1, visible: true },
          revision: ++revision,
          rows: 2,
        },
      };
      if (name === "pane.read" && (input as { mode?: string }).mode === "recent") {
        const above = Array.from({ length: historyLines }, (_, i) => `old line ${i}`);
        return Promise.resolve(
          { text: [...above, "hello", "world"].join("\n"), firstLine: lines - historyLines } as T,
        );
      }
      return Promise.resolve((answers[name] ?? {}) as T);
    },
    subscribe: (filter, listener, options) => {
      if (!filter.topics.includes("pane.output")) return () => {};
      output.set(listener, filter.panes![0]!);
      if (options?.dropped) droppedBy.set(listener, options.dropped);
      return () => output.delete(listener);
    },
    // The read, then the stream from there on (the core makes that exact; this fake only
    // keeps the order).
    subscribeFrom: async (read, filter, listener, options) => {
      const snapshot = await host.call("pane.read", read);
      const { topics, panes } = filter;
      const off = host.subscribe(
        { topics: [...topics], panes: [...panes ?? []] },
        listener,
        options,
      );
      return { snapshot, off };
    },
    log: () => {},
  };
  const emit = (pane: string, data: string) =>
    output.forEach((p, l) => p === pane && l({ topic: "pane.output", pane, data: { data } }));
  const listening = (pane: string) => [...output.values()].filter((p) => p === pane).length;
  const reads = () => calls.filter(([n]) => n === "pane.read").length;
  /** History reads (for the page's scrollback) of `pane`. */
  const historyReads = (pane: string) =>
    calls.filter(([n, i]) => {
      const input = i as { pane: string; mode?: string };
      return n === "pane.read" && input.pane === pane && input.mode === "recent";
    }).length;
  /** The pane printed `n` more lines. */
  const print = (n: number) => void (lines += n);
  /** The server dropped some of `pane`'s output on its way to the plugin. */
  const drop = (pane: string) => output.forEach((p, l) => p === pane && droppedBy.get(l)?.());
  return { host, emit, listening, reads, print, historyReads, drop };
}

Deno.test("linkPage() sends each pane a snapshot then its stream, coalesced per pane", async () => {
  const socket = new FakeSocket();
  const { host, emit } = fakeHost();
  linkPage(socket as unknown as WebSocket, host, { readOnly: false, maxBufferedBytes: 1000 });
  socket.onopen!();
  await eventually("both snapshots", () => socket.frames().length === 2);
  assert.deepEqual(socket.frames().map((f) => f.slice(0, 2)).sort(), [[0, "p1"], [0, "p2"]]);
  assert.match(socket.frames()[0]![2], /hello/);
  emit("p1", "a");
  emit("p1", "b");
  emit("p2", "c");
  await eventually("the output", () => socket.frames().length === 4);
  assert.deepEqual(socket.frames().slice(2).sort(), [[1, "p1", "ab"], [1, "p2", "c"]]);
  socket.onclose!();
});

Deno.test("linkPage() copies a flooding pane's screen instead of its stream, and never holds up another pane", async () => {
  const socket = new FakeSocket();
  const { host, emit, listening, reads, print, historyReads } = fakeHost();
  linkPage(socket as unknown as WebSocket, host, {
    readOnly: false,
    maxBufferedBytes: 1000,
    pollMs: 10,
    retryMs: 300,
  });
  socket.onopen!();
  await eventually("both snapshots", () => socket.frames().length === 2);
  emit("p1", "y".repeat(600));
  await eventually("p1's output", () => socket.frames().length === 3);
  emit("p1", "x".repeat(2000));
  assert.equal(listening("p1"), 0, "a flooding pane's output is not even sent to the plugin");
  const told = () =>
    socket.sent.filter((d) => typeof d === "string" && d.includes('"flooding"')).map((d) =>
      JSON.parse(d as string)
    );
  assert.deepEqual(told(), [{ t: "flooding", pane: "p1", on: true }], "the page is told");
  emit("p2", "echo");
  await eventually(
    "p2's echo",
    () => socket.frames().some(([, p, t]) => p === "p2" && t === "echo"),
  );
  assert.ok(!socket.frames().some(([, , t]) => t.includes("x")), "no flood frame was sent");
  const before = reads();
  await new Promise((r) => setTimeout(r, 50)); // proves nothing is copied before the page draws
  assert.equal(reads(), before, "no copy while the page has not drawn the last frames");
  socket.ackAll("p1");
  await eventually(
    "a copy of p1's screen",
    () => socket.frames().filter(([k, p]) => k === 0 && p === "p1").length === 2,
  );
  assert.equal(listening("p1"), 0, "a copy does not listen to the stream");
  // Proves that nothing happens: past retryMs, a pane that keeps printing is still copied.
  const copies = socket.frames().length;
  for (const until = performance.now() + 600; performance.now() < until;) {
    print(100);
    socket.ackAll("p1");
    await new Promise((r) => setTimeout(r, 10));
  }
  assert.equal(listening("p1"), 0, "a pane that keeps flooding is not streamed");
  assert.ok(socket.frames().length > copies + 5, "it is copied instead");
  await eventually("the stream tried again once the pane calmed down", () => {
    socket.ackAll("p1"); // a page that keeps drawing
    return listening("p1") === 1;
  });
  assert.equal(historyReads("p1"), 2, "the stream comes back with the history the copies skipped");
  assert.deepEqual(told().at(-1), { t: "flooding", pane: "p1", on: false });
  emit("p1", "quiet");
  await eventually(
    "p1 streams",
    () => socket.frames().some(([k, p, t]) => k === 1 && p === "p1" && t === "quiet"),
  );
  socket.onclose!();
  assert.equal(listening("p1") + listening("p2"), 0);
});

Deno.test("linkPage() streams the output that follows a snapshot larger than a pane's cap", async () => {
  const socket = new FakeSocket();
  const { host, emit, listening } = fakeHost(200);
  linkPage(socket as unknown as WebSocket, host, { readOnly: false, maxBufferedBytes: 1000 });
  socket.onopen!();
  await eventually("both snapshots", () => socket.frames().length === 2);
  assert.ok(socket.frames()[0]![2].length > 2000, "a snapshot with its history");
  emit("p1", "after");
  await eventually("p1's output", () => socket.frames().some(([, , t]) => t === "after"));
  assert.equal(listening("p1"), 1, "not taken for a flood");
  socket.onclose!();
});

Deno.test("linkPage() refuses input from a read-only page", async () => {
  const socket = new FakeSocket();
  const { host } = fakeHost();
  const calls: string[] = [];
  const call = host.call;
  host.call = <T>(name: string, input?: unknown) => (calls.push(name), call<T>(name, input));
  linkPage(socket as unknown as WebSocket, host, { readOnly: true, maxBufferedBytes: 1000 });
  socket.onopen!();
  await eventually("the first snapshots", () => socket.frames().length === 2);
  socket.onmessage!({ data: JSON.stringify({ t: "input", pane: "p1", data: "x" }) });
  await eventually(
    "the read-only refusal",
    () => socket.sent.some((d) => typeof d === "string" && d.includes("read-only")),
  );
  assert.ok(!calls.includes("pane.write"));
  socket.onclose!();
});

Deno.test("linkPage() runs a page's actions in order, one at a time, keys typed meanwhile in one write", async () => {
  const socket = new FakeSocket();
  const { host } = fakeHost();
  const writes: string[] = [];
  let release = () => {};
  const call = host.call;
  host.call = <T>(name: string, input: unknown) => {
    if (name !== "pane.write") return call<T>(name, input);
    writes.push((input as { text: string }).text);
    return new Promise<T>((r) => release = () => r({} as T));
  };
  linkPage(socket as unknown as WebSocket, host, { readOnly: false, maxBufferedBytes: 1000 });
  socket.onopen!();
  await eventually("the first snapshots", () => socket.frames().length === 2);
  const input = (data: string) =>
    socket.onmessage!({ data: JSON.stringify({ t: "input", pane: "p1", data }) });
  input("a");
  await eventually("the first key written", () => writes.length === 1);
  input("b");
  input("c");
  socket.onmessage!({ data: JSON.stringify({ t: "focus", pane: "p2" }) });
  input("d");
  await new Promise((r) => setTimeout(r, 20)); // proves the next keys wait for the first write
  assert.deepEqual(writes, ["a"]);
  release();
  await eventually("the keys typed meanwhile, in one write", () => writes.length === 2);
  assert.deepEqual(writes, ["a", "bc"]);
  release();
  await eventually("the key typed after the focus", () => writes.length === 3);
  assert.deepEqual(writes, ["a", "bc", "d"]);
  release();
  socket.onclose!();
});

Deno.test("linkPage() sends a fresh snapshot where the server dropped a pane's output on its way", async () => {
  const socket = new FakeSocket();
  const { host, emit, drop } = fakeHost();
  linkPage(socket as unknown as WebSocket, host, { readOnly: false, maxBufferedBytes: 1 << 20 });
  socket.onopen!();
  await eventually("both snapshots", () => socket.frames().length === 2);
  emit("p1", "before");
  await eventually("p1's output", () => socket.frames().length === 3);
  drop("p1");
  await eventually("a new snapshot of p1", () => socket.frames().length === 4);
  assert.deepEqual(socket.frames()[3]!.slice(0, 2), [0, "p1"]);
  emit("p1", "after");
  await eventually("p1's stream again", () => socket.frames().length === 5);
  assert.deepEqual(socket.frames()[4], [1, "p1", "after"]);
  socket.onclose!();
});

Deno.test("linkPage() writes a page's raw bytes (an X10 mouse report) as bytes, in turn with keys", async () => {
  const socket = new FakeSocket();
  const { host } = fakeHost();
  const writes: unknown[] = [];
  const call = host.call;
  host.call = <T>(name: string, input: unknown) => {
    if (name === "pane.write") writes.push(input);
    return call<T>(name, input);
  };
  linkPage(socket as unknown as WebSocket, host, { readOnly: false, maxBufferedBytes: 1000 });
  socket.onopen!();
  await eventually("the first snapshots", () => socket.frames().length === 2);
  const report = btoa("\x1b[M \xa1!");
  socket.onmessage!({ data: JSON.stringify({ t: "input", pane: "p1", data: "a" }) });
  socket.onmessage!({ data: JSON.stringify({ t: "bytes", pane: "p1", data: report }) });
  await eventually("both writes", () => writes.length === 2);
  assert.deepEqual(writes, [
    { pane: "p1", text: "a", paste: false },
    { pane: "p1", bytes: report },
  ]);
  socket.onclose!();
});
