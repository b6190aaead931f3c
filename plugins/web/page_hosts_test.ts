import assert from "node:assert/strict";
import { linkPage, type PageHost } from "./page_link.ts";
import { eventually } from "../../tests/helpers/poll.ts";

/** A page's socket that records the JSON it is sent. */
class FakeSocket {
  readyState = WebSocket.OPEN;
  sent: Record<string, unknown>[] = [];
  onopen: (() => void) | null = null;
  onmessage: ((e: { data: unknown }) => void) | null = null;
  onclose: (() => void) | null = null;
  send(data: string | Uint8Array) {
    if (typeof data === "string") this.sent.push(JSON.parse(data));
  }
  page(m: unknown) {
    this.onmessage!({ data: JSON.stringify(m) });
  }
  last(t: string) {
    return this.sent.findLast((m) => m.t === t);
  }
}

/** laptop (here, window w1 with p1) in a fabric with buildbox (up: w1 with p1) and ci (down). */
function fabricHost() {
  const calls: [string, Record<string, unknown>][] = [];
  const followed = new Set<string>();
  const window = (host?: string) => {
    const q = (id: string) => (host ? `${host}/${id}` : id);
    return {
      sessions: [{ id: q("s1"), current: true, currentWindow: q("w1") }],
      windows: [{ id: q("w1"), session: q("s1") }],
      panes: [{ id: q("p1"), window: q("w1") }],
    };
  };
  const answers: Record<string, (input: Record<string, unknown>) => unknown> = {
    "fabric.hosts": () => ({
      hosts: [
        { host: "laptop", state: "self" },
        { host: "buildbox", state: "up" },
        { host: "ci", state: "unreachable" },
      ],
    }),
    "fabric.ls": ({ host }) => ({ hosts: [{ host, state: "up", ...window(String(host)) }] }),
    "session.list": () => ({ sessions: window().sessions }),
    "window.list": () => ({ windows: window().windows }),
    "pane.list": () => ({ panes: window().panes }),
    "pane.needs": () => ({ needs: [] }),
    "window.layout": ({ window }) => {
      const pane = String(window).replace("w1", "p1");
      return { window, cols: 10, rows: 2, panes: [{ pane, x: 0, y: 0, cols: 10, rows: 2 }] };
    },
    "pane.read": ({ pane }) => ({ pane, text: "", firstLine: 0, cursor: { x: 0, y: 0 } }),
  };
  const host: PageHost = {
    call: <T>(name: string, input: unknown) => {
      calls.push([name, input as Record<string, unknown>]);
      return Promise.resolve(answers[name]?.(input as Record<string, unknown>) as T);
    },
    subscribe: () => () => {},
    subscribeFrom: async (read, _filter, _listener) => {
      const snapshot = await host.call("pane.read", read);
      followed.add(read.pane);
      return { snapshot, off: () => followed.delete(read.pane) };
    },
    log: () => {},
  };
  return { host, calls, followed };
}

Deno.test("linkPage() shows a fabric host the page picks, only one listed up, and types there", async () => {
  const socket = new FakeSocket();
  const { host, calls, followed } = fabricHost();
  linkPage(socket as unknown as WebSocket, host, { readOnly: false, maxBufferedBytes: 1000 });
  socket.onopen!();
  await eventually("the local view, with the hosts", () => followed.has("p1"));
  const first = socket.last("state")!;
  assert.equal(first.host, null);
  assert.deepEqual((first.hosts as { host: string }[]).map((h) => h.host), [
    "laptop",
    "buildbox",
    "ci",
  ]);

  socket.page({ t: "host", host: "ci" });
  socket.page({ t: "host", host: "nowhere" });
  await eventually("both refused", () => socket.sent.filter((m) => m.t === "error").length === 2);
  assert.match(String(socket.sent.filter((m) => m.t === "error")[0]!.message), /ci.*unreachable/);
  assert.match(String(socket.last("error")!.message), /nowhere.*not in the fabric/);
  assert.equal(socket.last("state")!.host, null, "still this host");

  socket.page({ t: "host", host: "buildbox" });
  await eventually("buildbox's pane followed", () => followed.has("buildbox/p1"));
  assert.equal(followed.has("p1"), false, "this host's pane is no longer followed");
  const shown = socket.last("state")!;
  assert.equal(shown.host, "buildbox");
  assert.equal(shown.window, "buildbox/w1");
  assert.deepEqual(calls.findLast(([n]) => n === "fabric.ls")![1], { host: "buildbox" });
  socket.page({ t: "input", pane: "buildbox/p1", data: "echo hi\r" });
  await eventually(
    "typed on buildbox",
    () =>
      calls.some(([n, i]) =>
        n === "pane.write" && i.pane === "buildbox/p1" && i.text === "echo hi\r"
      ),
  );

  socket.page({ t: "host", host: null });
  await eventually("home again", () => followed.has("p1") && !followed.has("buildbox/p1"));
  assert.equal(socket.last("state")!.host, null);
  socket.onclose!();
});
