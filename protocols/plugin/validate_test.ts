import { deepStrictEqual, strictEqual, throws } from "node:assert/strict";
import { WeftError } from "../bus/errors.ts";
import { PROTOCOL_VERSION } from "./messages.ts";
import { parseHostMessage, parsePluginMessage } from "./validate.ts";

const manifest = {
  protocol: PROTOCOL_VERSION,
  name: "hello",
  version: "1.0.0",
  capabilities: ["pane:read", "read:./data"],
  commands: [{
    name: "hello.greet",
    title: "Greet",
    description: "Says hello.",
    inputSchema: { type: "object" },
    capabilities: [],
    targets: [{ kind: "pane", field: "pane", fallback: "caller" }],
    timeout: { ms: 500, field: "timeout" },
    owner: "core",
  }],
};

function invalid(fn: () => unknown, path: string): void {
  throws(fn, (err: unknown) => {
    strictEqual(err instanceof WeftError && err.code, "INVALID_INPUT");
    strictEqual((err as WeftError).message.startsWith(`Cannot read plugin message: ${path}`), true);
    return true;
  });
}

Deno.test("parsePluginMessage() accepts a manifest and drops the owner a plugin claims", () => {
  const msg = parsePluginMessage({ type: "manifest", manifest });
  strictEqual(msg.type, "manifest");
  if (msg.type !== "manifest") return;
  strictEqual(msg.manifest.commands[0]?.owner, undefined);
  deepStrictEqual(msg.manifest.commands[0]?.targets, manifest.commands[0]?.targets);
  deepStrictEqual(msg.manifest.commands[0]?.timeout, manifest.commands[0]?.timeout);
});

Deno.test("parsePluginMessage() refuses an unknown capability in a manifest", () => {
  const bad = { ...manifest, capabilities: ["pane:read", "root:everything"] };
  invalid(
    () => parsePluginMessage({ type: "manifest", manifest: bad }),
    "manifest.capabilities[1]",
  );
});

Deno.test("parsePluginMessage() refuses an unknown type and a non-object", () => {
  invalid(() => parsePluginMessage({ type: "launch_missiles" }), "message.type");
  invalid(() => parsePluginMessage("ready"), "message");
  invalid(() => parsePluginMessage(null), "message");
});

Deno.test("parsePluginMessage() reads results, nested calls and subscriptions", () => {
  deepStrictEqual(
    parsePluginMessage({ type: "result", id: "c1", reply: { ok: true, value: { n: 1 } } }),
    { type: "result", id: "c1", reply: { ok: true, value: { n: 1 } } },
  );
  deepStrictEqual(
    parsePluginMessage({
      type: "result",
      id: "c2",
      reply: { ok: false, error: { code: "DENIED", message: "no" } },
    }),
    { type: "result", id: "c2", reply: { ok: false, error: { code: "DENIED", message: "no" } } },
  );
  deepStrictEqual(
    parsePluginMessage({ type: "call", id: "n1", name: "pane.read", input: {}, parent: "c1" }),
    { type: "call", id: "n1", name: "pane.read", input: {}, parent: "c1" },
  );
  deepStrictEqual(
    parsePluginMessage({ type: "subscribe", id: "s1", filter: { topics: ["pane.output"] } }),
    { type: "subscribe", id: "s1", filter: { topics: ["pane.output"] } },
  );
});

Deno.test("parsePluginMessage() refuses an error body with a code nobody knows", () => {
  invalid(
    () =>
      parsePluginMessage({
        type: "result",
        id: "c1",
        reply: { ok: false, error: { code: "OOPS", message: "x" } },
      }),
    "reply.error.code",
  );
});

Deno.test("parsePluginMessage() checks logs, pongs and exits", () => {
  invalid(() => parsePluginMessage({ type: "log", level: "loud", message: "x" }), "log.level");
  invalid(() => parsePluginMessage({ type: "pong", seq: "1" }), "pong.seq");
  deepStrictEqual(parsePluginMessage({ type: "exit", code: 3 }), { type: "exit", code: 3 });
});

Deno.test("parseHostMessage() reads a call with its targets and caller", () => {
  const msg = parseHostMessage({
    type: "call",
    id: "c1",
    name: "hello.greet",
    input: { name: "x" },
    targets: { pane: "p2" },
    caller: { kind: "cli", id: "t", grants: ["pane:read"], chain: ["hello"] },
    requestId: "r1",
  });
  deepStrictEqual(msg, {
    type: "call",
    id: "c1",
    name: "hello.greet",
    input: { name: "x" },
    targets: { pane: "p2" },
    caller: { kind: "cli", id: "t", grants: ["pane:read"], chain: ["hello"] },
    requestId: "r1",
  });
});

Deno.test("parseHostMessage() refuses a caller kind or grant nobody knows", () => {
  const call = { type: "call", id: "c1", name: "a.b", input: {}, requestId: "r1" };
  invalid(
    () => parseHostMessage({ ...call, caller: { kind: "god", id: "x", grants: "all" } }),
    "call.caller.kind",
  );
  invalid(
    () => parseHostMessage({ ...call, caller: { kind: "cli", id: "x", grants: ["fly"] } }),
    "call.caller.grants[0]",
  );
  const caller = { kind: "cli", id: "x", grants: [] };
  invalid(() => parseHostMessage({ ...call, caller, targets: { pane: 3 } }), "call.targets.pane");
});

Deno.test("parseHostMessage() reads start, events, pings and shutdown", () => {
  deepStrictEqual(
    parseHostMessage({ type: "start", grant: ["pane:read"], options: { a: 1 } }),
    { type: "start", grant: ["pane:read"], options: { a: 1 } },
  );
  deepStrictEqual(
    parseHostMessage({
      type: "event",
      subscription: "s1",
      event: { topic: "pane.output", pane: "p1", data: "x" },
    }),
    { type: "event", subscription: "s1", event: { topic: "pane.output", pane: "p1", data: "x" } },
  );
  deepStrictEqual(parseHostMessage({ type: "ping", seq: 4 }), { type: "ping", seq: 4 });
  deepStrictEqual(parseHostMessage({ type: "shutdown" }), { type: "shutdown" });
  deepStrictEqual(
    parseHostMessage({ type: "dropped", subscription: "s1", extra: 1 }),
    { type: "dropped", subscription: "s1" },
  );
  throws(() => parseHostMessage({ type: "dropped" }), /dropped\.subscription/);
});

Deno.test("every valid message survives structuredClone unchanged", () => {
  const msg = parsePluginMessage({ type: "manifest", manifest });
  deepStrictEqual(structuredClone(msg), msg);
});

Deno.test("parsePluginMessage() reads a call made on behalf of a door's client", () => {
  const call = {
    type: "call",
    id: "n1",
    name: "pane.read",
    input: {},
    onBehalf: { kind: "mcp", id: "s1", pane: "p2", grants: ["pane:read"] },
  };
  deepStrictEqual(parsePluginMessage(call), call);
  invalid(
    () => parsePluginMessage({ ...call, onBehalf: { kind: "socket", id: "s1" } }),
    "call.onBehalf.kind",
  );
  invalid(
    () => parsePluginMessage({ ...call, onBehalf: { kind: "mcp", id: "s1", grants: ["root"] } }),
    "call.onBehalf.grants[0]",
  );
});
