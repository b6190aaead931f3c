import assert from "node:assert/strict";
import { linkPage, type PageHost } from "./page_link.ts";
import { eventually } from "../../tests/helpers/poll.ts";

type Listener = (event: { topic: string; pane?: string; data: unknown }) => void;

/** A page's socket that records what is sent and whose unsent bytes a test sets. */
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
}

/** One session, one window, one pane `p1`; records calls; output is pushed by the test. */
function fakeHost() {
  const calls: [string, unknown][] = [];
  const output = new Set<Listener>();
  const host: PageHost = {
    call: <T>(name: string, input: unknown) => {
      calls.push([name, input]);
      const answers: Record<string, unknown> = {
        "session.list": { sessions: [{ id: "s1", current: true, currentWindow: "w1" }] },
        "window.list": { windows: [{ id: "w1", session: "s1" }] },
        "window.layout": {
          window: "w1",
          cols: 10,
          rows: 2,
          focused: "p1",
          panes: [{ pane: "p1", x: 0, y: 0, cols: 10, rows: 2 }],
        },
        "pane.list": { panes: [{ id: "p1" }] },
        "pane.read": { text: "hello\nworld", firstLine: 0, cursor: { x: 0, y: 1, visible: true } },
      };
      return Promise.resolve((answers[name] ?? {}) as T);
    },
    subscribe: (filter, listener) => {
      if (!filter.topics.includes("pane.output")) return () => {};
      output.add(listener);
      return () => output.delete(listener);
    },
    log: () => {},
  };
  const emit = (data: string) => output.forEach((l) => l({ topic: "pane.output", data: { data } }));
  return { host, calls, emit, listening: () => output.size };
}

Deno.test("linkPage() sends a snapshot then the stream, and resyncs a page that draws slowly", async () => {
  const socket = new FakeSocket();
  const { host, calls, emit, listening } = fakeHost();
  linkPage(socket as unknown as WebSocket, host, { readOnly: false, maxBufferedBytes: 1000 });
  socket.onopen!();
  await eventually("the first snapshot", () => socket.frames().length === 1);
  assert.deepEqual(socket.frames()[0]!.slice(0, 2), [0, "p1"]);
  assert.match(socket.frames()[0]![2], /hello/);
  emit("a");
  assert.deepEqual(socket.frames()[1], [1, "p1", "a"]);
  emit("x".repeat(2000));
  assert.equal(socket.frames().length, 3);
  emit("b");
  emit("c");
  assert.equal(socket.frames().length, 3, "a page that has not drawn what it got gets no more");
  assert.equal(listening(), 0, "nor is the pane's output sent to the plugin meanwhile");
  const sent = socket.sent.reduce((n, d) => n + (typeof d === "string" ? 0 : d.length), 0);
  socket.onmessage!({ data: JSON.stringify({ t: "ack", bytes: sent }) });
  await eventually("a resync snapshot", () => socket.frames().length === 4);
  assert.equal(socket.frames()[3]![0], 0, "a fresh snapshot once the page caught up");
  assert.equal(calls.filter(([n]) => n === "pane.read").length, 3, "history + screen, screen");
  assert.equal(listening(), 1);
  emit("d");
  assert.deepEqual(socket.frames()[4], [1, "p1", "d"]);
  socket.onclose!();
});

Deno.test("linkPage() refuses input from a read-only page", async () => {
  const socket = new FakeSocket();
  const { host, calls } = fakeHost();
  linkPage(socket as unknown as WebSocket, host, { readOnly: true, maxBufferedBytes: 1000 });
  socket.onopen!();
  await eventually("the first snapshot", () => socket.frames().length === 1);
  socket.onmessage!({ data: JSON.stringify({ t: "input", pane: "p1", data: "x" }) });
  await eventually(
    "the read-only refusal",
    () => socket.sent.some((d) => typeof d === "string" && d.includes("read-only")),
  );
  assert.ok(!calls.some(([n]) => n === "pane.write"));
  socket.onclose!();
});
