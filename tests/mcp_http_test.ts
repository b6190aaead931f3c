/**
 * The mcp plugin in a real plugin host (its own process), over real HTTP, driven by the SDK's
 * Client and by raw requests, on the real core (tests/helpers/core.ts: the built-in commands
 * and model, panes on fake PTYs that echo what is typed) with the six core commands the MCP
 * door needs: tools from the registry, the error split, list_changed (a plugin registering,
 * crashing, restarting), attribution per session, read-only mode, resources, the gate, bad
 * input, concurrency.
 */

import assert from "node:assert/strict";
import { join } from "node:path";
import { z } from "zod";
import { type Bus, type Caller, type Command, defineCommand } from "../core/bus/mod.ts";
import type { LaunchRequest } from "../core/model/mod.ts";
import { PluginHost } from "../core/plugin/mod.ts";
import { MCP_CAPABILITIES } from "../plugins/mcp/mod.ts";
import {
  ResourceListChangedNotificationSchema,
  ResourceUpdatedNotificationSchema,
  ToolListChangedNotificationSchema,
} from "../plugins/mcp/sdk.ts";
import type { Client } from "../plugins/mcp/sdk_client.ts";
import { startCore, type TestCore } from "./helpers/core.ts";
import { httpClient, httpEndpoint, httpSession, notifications, textOf } from "./helpers/mcp.ts";
import { pluginPids } from "./helpers/plugin_pids.ts";

const MCP = new URL("../plugins/mcp/mod.ts", import.meta.url).href;
const CRASHY = new URL("./fixtures/plugins/crashy/mod.ts", import.meta.url).href;

/** The core commands on the bus: what the MCP door uses, so that the tool list stays short. */
const USED = [
  "server.commands",
  "server.status",
  "pane.list",
  "pane.status",
  "pane.read",
  "pane.write",
];

interface Fixture {
  dir: string;
  core: TestCore;
  bus: Bus;
  /** The callers `pane.read` and `pane.write` saw, in order. */
  callers: Caller[];
  /** A pane that shows "$ echo hi" and "hi", and one whose program has exited. */
  panes: { live: string; exited: string };
  /** Starts a program in a new session; it prints `text`. */
  start: (text: string, launch?: Partial<LaunchRequest>) => string;
  client: () => Promise<Client>;
  /** Resolves once the client's notification stream (the SDK's standalone GET) is open. */
  streaming: (client: Client) => Promise<void>;
  raw: (init: RequestInit & { path?: string; token?: string | null }) => Promise<Response>;
}

/** `pane.read` and `pane.write` that note their caller, the others as they are. */
function spied(all: Command[], callers: Caller[]): Command[] {
  return all.filter((c) => USED.includes(c.name)).map((c) =>
    c.name === "pane.read" || c.name === "pane.write"
      ? { ...c, handler: (ctx) => (callers.push(ctx.caller), c.handler(ctx)) }
      : c
  );
}

async function withMcp(
  body: (fx: Fixture) => Promise<void>,
  options: Record<string, unknown> = {},
  extra: { crashy?: boolean } = {},
): Promise<void> {
  const dir = await Deno.makeTempDir({ prefix: "weft-mcp-" });
  await Deno.mkdir(join(dir, ".weft"), { mode: 0o700 });
  await Deno.writeTextFile(join(dir, ".weft", "server.json"), JSON.stringify({ projectDir: dir }));
  const callers: Caller[] = [];
  const core = startCore({
    projectDir: dir,
    commands: (all) => spied(all, callers),
    // A terminal echoes what is typed: the pane shows it, and its output is published.
    onSpawn: (pty) => void pty.onInput((text) => pty.output(text)),
  });
  const start = (text: string, launch: Partial<LaunchRequest> = {}) => {
    const { pane } = core.model.createSession({ argv: ["sh"], command: "sh", cwd: dir, ...launch });
    core.pty(pane.id).output(text);
    return pane.id;
  };
  const live = start("$ echo hi\r\nhi\r\n");
  const exited = start("exited\r\n");
  core.pty(exited).exit(0);
  const host = new PluginHost({
    bus: core.bus,
    projectDir: dir,
    restart: { initialMs: 100, maxMs: 200 },
  });
  const clients: Client[] = [];
  const streams = new WeakMap<Client, Promise<void>>();
  try {
    // The whole catalogue in full: these tests are about the door, not the agent profile.
    const all: Record<string, unknown> = { tools: "all", ...options };
    const plugins = [{ name: "mcp", from: MCP, grant: [...MCP_CAPABILITIES], options: all }];
    if (extra.crashy) plugins.push({ name: "crashy", from: CRASHY, grant: [], options: {} });
    const status = await host.start(plugins);
    assert.equal(status[0]?.state, "running", JSON.stringify(status[0]?.lastError));
    const { url, token } = await httpEndpoint(dir);
    await body({
      dir,
      core,
      bus: core.bus,
      callers,
      panes: { live, exited },
      start,
      client: async () => {
        const open = Promise.withResolvers<void>();
        const c = await httpClient(dir, { onStreamOpen: open.resolve });
        streams.set(c, open.promise);
        clients.push(c);
        return c;
      },
      streaming: (c) => streams.get(c)!,
      raw: (init) => {
        const headers = new Headers(init.headers);
        if (init.token !== null) headers.set("authorization", `Bearer ${init.token ?? token}`);
        if (!headers.has("accept")) headers.set("accept", "application/json, text/event-stream");
        if (!headers.has("content-type")) headers.set("content-type", "application/json");
        return fetch(new URL(init.path ?? "/mcp", url), { ...init, headers });
      },
    });
  } finally {
    for (const c of clients) await c.close().catch(() => {});
    await host.stop();
    await core.dispose();
    await Deno.remove(dir, { recursive: true }).catch(() => {});
  }
}

const INIT = JSON.stringify({
  jsonrpc: "2.0",
  id: 1,
  method: "initialize",
  params: {
    protocolVersion: "2025-06-18",
    capabilities: {},
    clientInfo: { name: "raw", version: "1" },
  },
});

Deno.test("mcp over HTTP: the bus's commands are tools with snake_case names and schemas", async () => {
  await withMcp(async ({ client }) => {
    const c = await client();
    const { tools } = await c.listTools();
    const names = tools.map((t) => t.name).sort();
    assert.deepEqual(names, [
      "get_server_status",
      "get_status",
      "list_panes",
      "read_pane",
      "send_input",
    ]);
    const read = tools.find((t) => t.name === "read_pane")!;
    assert.equal(read.title, "Read pane");
    assert.match(read.description!, /"pane" names a pane by id \(e\.g\. p3\)/);
    // The real pane.read: `pane` may be left out (it means the caller's own pane).
    assert.equal(read.inputSchema.required?.includes("pane") ?? false, false);
    const send = tools.find((t) => t.name === "send_input")!;
    assert.deepEqual(send.inputSchema.required, ["pane"]);
    assert.equal(read.outputSchema?.type, "object");
    assert.equal(read.annotations?.readOnlyHint, true);
  });
});

Deno.test("mcp over HTTP: tools/call returns structuredContent and text, attributed to the session", async () => {
  await withMcp(async ({ client, callers, core, panes: { live } }) => {
    const c = await client();
    const read = await c.callTool({ name: "read_pane", arguments: { pane: live } });
    // What the core's pane.read returns, as it returns it.
    const direct = await core.call<{ text: string }>("pane.read", { pane: live });
    assert.deepEqual(read.structuredContent, direct);
    assert.equal(direct.text.trimEnd(), "$ echo hi\nhi"); // the rest of the screen is blank
    assert.match(textOf(read), /text:\n\$ echo hi\nhi/);
    callers.length = 0; // the direct read above
    await c.callTool({ name: "send_input", arguments: { pane: live, text: "ls\n" } });
    assert.match(core.pty(live).written, /ls\n$/);
    assert.equal(callers[0]?.kind, "mcp");
    assert.match(callers[0]!.id, /^mcp\/[0-9a-f]{8}$/);
    const other = await client();
    await other.callTool({ name: "read_pane", arguments: { pane: live } });
    assert.notEqual(callers.at(-1)!.id, callers[0]!.id, "each session is its own caller");
  });
});

Deno.test("mcp over HTTP: an unknown tool is a protocol error; bad arguments and failures inside commands are isError results", async () => {
  await withMcp(async ({ client, panes: { exited: p9 } }) => {
    const c = await client();
    await assert.rejects(c.callTool({ name: "read_pain", arguments: {} }), (err: Error) => {
      assert.equal((err as { code?: number }).code, -32602);
      assert.match(err.message, /Cannot find tool "read_pain".*read_pane/);
      return true;
    });
    // MCP 2025-11-25 (SEP-1303): the model sees what was wrong and can correct itself.
    const bad = await c.callTool({ name: "read_pane", arguments: { pane: 7 } });
    assert.equal(bad.isError, true);
    assert.match(
      textOf(bad),
      /^INVALID_INPUT: Cannot call tool "read_pane": its arguments do not fit its inputSchema\n- pane: .*string.*\nFix the arguments/,
    );
    const gone = await c.callTool({ name: "read_pane", arguments: { pane: "p42" } });
    assert.equal(gone.isError, true);
    assert.match(
      textOf(gone),
      /^TARGET_NOT_FOUND: Cannot find pane "p42"(; did you mean [^\n]*)?\nList what exists/,
    );
    const exited = await c.callTool({ name: "send_input", arguments: { pane: p9, text: "x" } });
    assert.equal(exited.isError, true);
    assert.match(textOf(exited), /^PANE_EXITED: .*\n.*Start a new pane/);
    // The session is still good after all of that.
    assert.equal((await c.callTool({ name: "list_panes", arguments: {} })).isError, undefined);
  });
});

Deno.test("mcp over HTTP: a plugin's commands appear and go with tools/list_changed", async () => {
  await withMcp(async ({ client, bus, streaming }) => {
    const c = await client();
    const changes = notifications(c, ToolListChangedNotificationSchema);
    await streaming(c);
    bus.register("demo", [defineCommand({
      name: "demo.shout",
      title: "Shout",
      description: "Upper-cases text.",
      capabilities: [],
      input: z.object({ text: z.string() }),
      handler: ({ input }) => input.text.toUpperCase(),
    })]);
    await changes.atLeast(1, "list_changed after register");
    const shout = await c.callTool({ name: "demo_shout", arguments: { text: "hi" } });
    assert.deepEqual(shout.structuredContent, { result: "HI" });
    bus.unregister("demo");
    await changes.atLeast(2, "list_changed after unregister");
    const { tools } = await c.listTools();
    assert.equal(tools.some((t) => t.name === "demo_shout"), false);
  });
});

Deno.test("mcp over HTTP: a crashed plugin's tools disappear and come back when it restarts", async () => {
  await withMcp(
    async ({ client, streaming }) => {
      const c = await client();
      const names = async () => (await c.listTools()).tools.map((t) => t.name);
      const changes = notifications(c, ToolListChangedNotificationSchema);
      await streaming(c);
      // Both plugins start together; the catalog picks crashy's commands up when they register.
      const listed = async () => (await names()).includes("crashy_ping");
      await changes.until("crashy's tools listed", listed);
      const before = changes.seen.length;
      const died = await c.callTool({ name: "crashy_die", arguments: {} });
      assert.equal(died.isError, true);
      assert.match(textOf(died), /^PLUGIN_CRASHED: /);
      await changes.until("crashy's tools gone", async () => !(await listed()));
      await changes.until("crashy's tools back", listed);
      const count = changes.seen.length - before;
      assert.ok(count >= 2, `${count} list_changed notifications`);
      assert.deepEqual(
        (await c.callTool({ name: "crashy_ping", arguments: {} })).structuredContent,
        {
          result: "pong",
        },
      );
    },
    {},
    { crashy: true },
  );
});

Deno.test("mcp over HTTP: the mcp plugin killed mid-session comes back on its port; the old session gets 404 and the client initializes again", async () => {
  await withMcp(async ({ dir, bus, panes: { live } }) => {
    const session = await httpSession(dir);
    const read = () =>
      session.run((c) => c.callTool({ name: "read_pane", arguments: { pane: live } }));
    assert.equal(textOf(await read()).includes("$ echo hi"), true);
    const { url: before } = await httpEndpoint(dir);
    const started = Promise.withResolvers<void>();
    const off = bus.events.subscribe({ topics: ["plugin.started"] }, () => started.resolve());
    // Test files run in parallel in one process, so its children hold every file's mcp
    // plugins: this server's is the one whose rights name this project's folder.
    const [mcp, ...more] = await pluginPids("mcp", Deno.pid, dir);
    assert.ok(mcp, "the mcp plugin's process");
    assert.equal(more.length, 0, "one mcp plugin for this project");
    Deno.kill(mcp.pid, "SIGKILL");
    let timer: ReturnType<typeof setTimeout> | undefined;
    await Promise.race([
      started.promise,
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error("the mcp plugin did not come back")), 60_000);
      }),
    ]).finally(() => clearTimeout(timer));
    off();
    assert.equal((await httpEndpoint(dir)).url.href, before.href, "the same port");
    // What the SDK client gets for its old session: the spec's 404.
    const stale = await fetch(before, {
      method: "POST",
      headers: {
        authorization: `Bearer ${(await httpEndpoint(dir)).token}`,
        accept: "application/json, text/event-stream",
        "content-type": "application/json",
        "mcp-session-id": session.client.transport!.sessionId ?? "none",
      },
      body: JSON.stringify({ jsonrpc: "2.0", id: 9, method: "ping" }),
    });
    assert.equal(stale.status, 404);
    await stale.body?.cancel();
    assert.equal(textOf(await read()).includes("$ echo hi"), true);
    assert.equal(session.opened, 2);
    await session.close();
  });
});

Deno.test("mcp over HTTP: the next server run serves MCP on the port of the last one (.weft/mcp.port)", async () => {
  const dir = await Deno.makeTempDir({ prefix: "weft-mcp-port-" });
  await Deno.mkdir(join(dir, ".weft"), { mode: 0o700 });
  const run = async () => {
    // Each run writes server.json afresh, as a starting server does.
    await Deno.writeTextFile(
      join(dir, ".weft", "server.json"),
      JSON.stringify({ projectDir: dir }),
    );
    const core = startCore({ projectDir: dir, commands: (all) => spied(all, []) });
    const host = new PluginHost({ bus: core.bus, projectDir: dir });
    try {
      const [status] = await host.start([
        { name: "mcp", from: MCP, grant: [...MCP_CAPABILITIES], options: {} },
      ]);
      assert.equal(status?.state, "running", JSON.stringify(status?.lastError));
      return (await httpEndpoint(dir)).url.port;
    } finally {
      await host.stop();
      await core.dispose();
    }
  };
  try {
    const first = await run();
    assert.equal(await Deno.readTextFile(join(dir, ".weft", "mcp.port")), `${first}\n`);
    assert.equal(await run(), first);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("mcp over HTTP: read-only mode shows only read-only tools and calls without write rights", async () => {
  await withMcp(async ({ client, bus, callers, panes: { live } }) => {
    const c = await client();
    const names = (await c.listTools()).tools.map((t) => t.name).sort();
    assert.deepEqual(names, ["get_server_status", "get_status", "list_panes", "read_pane"]);
    await assert.rejects(c.callTool({ name: "send_input", arguments: { pane: live, text: "x" } }));
    await c.callTool({ name: "read_pane", arguments: { pane: live } });
    const grants = callers.at(-1)!.grants;
    assert.ok(grants !== "all" && grants.has("pane:read") && !grants.has("pane:write"));
    assert.equal(bus.get("pane.write")?.name, "pane.write");
  }, { readOnly: true });
});

Deno.test("mcp over HTTP: allowlist and hide list choose the tools", async () => {
  await withMcp(async ({ client }) => {
    const names = (await (await client()).listTools()).tools.map((t) => t.name).sort();
    assert.deepEqual(names, ["list_panes", "read_pane"]);
  }, { tools: ["list_panes", "pane.read", "send_input"], hide: ["send_input"] });
});

Deno.test("mcp over HTTP: panes are resources; a subscribed pane's output sends throttled updates", async () => {
  await withMcp(async ({ client, core, streaming, panes: { live, exited } }) => {
    const c = await client();
    const { resources } = await c.listResources();
    assert.deepEqual(resources.map((r) => r.uri), [`weft://pane/${live}`, `weft://pane/${exited}`]);
    const read = await c.readResource({ uri: `weft://pane/${live}` });
    const { text } = await core.call<{ text: string }>("pane.read", { pane: live });
    assert.equal(text.trimEnd(), "$ echo hi\nhi");
    assert.deepEqual(read.contents[0], {
      uri: `weft://pane/${live}`,
      mimeType: "text/plain",
      text,
    });
    await assert.rejects(c.readResource({ uri: "weft://pane/p77" }), /-32002|p77/);
    await assert.rejects(c.subscribeResource({ uri: "file:///etc/passwd" }), /-32002/);
    const updates = notifications(c, ResourceUpdatedNotificationSchema);
    await streaming(c);
    await c.subscribeResource({ uri: `weft://pane/${live}` });
    const started = performance.now();
    for (let i = 0; i < 20; i++) {
      await c.callTool({ name: "send_input", arguments: { pane: live, text: `${i}` } });
    }
    await updates.atLeast(1, "an update");
    // A real pause, past the throttle's window: it proves no more updates than allowed came.
    await new Promise((r) => setTimeout(r, 250));
    const count = updates.seen.length;
    // 10 a second over the time the writes really took (longer on a loaded machine), plus one
    // at each end of the window; unthrottled, each of the 20 writes would send its own.
    const allowed = Math.ceil((performance.now() - started) / 100) + 2;
    assert.ok(count >= 1 && count <= Math.min(allowed, 19), `${count} updates for 20 writes`);
    await c.unsubscribeResource({ uri: `weft://pane/${live}` });
    const before = updates.seen.length;
    await c.callTool({ name: "send_input", arguments: { pane: live, text: "more" } });
    // A real pause: it proves that an unsubscribed pane sends no update.
    await new Promise((r) => setTimeout(r, 250));
    assert.equal(updates.seen.length, before);
  }, { updatesPerSecond: 10 });
});

Deno.test("mcp over HTTP: pane.created/pane.closed send resources/list_changed", async () => {
  await withMcp(async ({ client, core, start, streaming }) => {
    const c = await client();
    const changes = notifications(c, ResourceListChangedNotificationSchema);
    await streaming(c);
    const pane = start("new\r\n");
    await changes.atLeast(1, "resources list_changed after pane.created");
    core.model.closePane(pane);
    await changes.atLeast(2, "resources list_changed after pane.closed");
  });
});

Deno.test("mcp over HTTP: the gate refuses a missing or wrong token, a foreign Host or Origin, other paths", async () => {
  await withMcp(async ({ raw }) => {
    const none = await raw({ method: "POST", body: INIT, token: null });
    assert.equal(none.status, 401);
    assert.match((await none.json()).error.message, /no bearer token.*mcp\.token/);
    const wrong = await raw({ method: "POST", body: INIT, token: "x".repeat(43) });
    assert.equal(wrong.status, 401);
    assert.match((await wrong.json()).error.message, /token is wrong/);
    const origin = await raw({
      method: "POST",
      body: INIT,
      headers: { origin: "http://evil.example" },
    });
    assert.equal(origin.status, 403);
    assert.match((await origin.json()).error.message, /Origin "http:\/\/evil\.example"/);
    const other = await raw({ method: "GET", path: "/other" });
    assert.equal(other.status, 404);
    await other.body?.cancel();
    const ok = await raw({
      method: "POST",
      body: INIT,
      headers: { origin: "http://localhost:3000" },
    });
    assert.equal(ok.status, 200);
    assert.ok(ok.headers.get("mcp-session-id"));
    await ok.body?.cancel();
  });
});

Deno.test("mcp over HTTP: a foreign Host header is refused (DNS rebinding)", async () => {
  const dir = await Deno.makeTempDir();
  try {
    await withMcp(async ({ dir: project }) => {
      const { url, token } = await httpEndpoint(project);
      const conn = await Deno.connect({ hostname: "127.0.0.1", port: Number(url.port) });
      const request =
        `POST /mcp HTTP/1.1\r\nHost: evil.example.com\r\nAuthorization: Bearer ${token}\r\n` +
        `Content-Type: application/json\r\nAccept: application/json, text/event-stream\r\n` +
        `Content-Length: ${INIT.length}\r\nConnection: close\r\n\r\n${INIT}`;
      await conn.write(new TextEncoder().encode(request));
      const reply = new TextDecoder().decode(await new Response(conn.readable).arrayBuffer());
      assert.match(reply, /^HTTP\/1\.1 403/);
      assert.match(reply, /Host \\"evil\.example\.com\\" is not a loopback name/);
    });
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("mcp over HTTP: malformed JSON, huge bodies and unknown sessions get clear errors; serving goes on", async () => {
  await withMcp(async ({ raw, client }) => {
    const c = await client();
    const bad = await raw({ method: "POST", body: "{not json" });
    assert.equal(bad.status, 400);
    assert.equal((await bad.json()).error.code, -32700);
    const huge = await raw({ method: "POST", body: `{"x":"${"a".repeat(5 * 1024 * 1024)}"}` });
    assert.equal(huge.status, 413);
    await huge.body?.cancel();
    const lost = await raw({ method: "POST", body: INIT, headers: { "mcp-session-id": "nope" } });
    assert.equal(lost.status, 404);
    assert.match((await lost.json()).error.message, /Cannot find session "nope"/);
    const badArgs = await c.callTool({ name: "read_pane", arguments: { pane: "p1", lines: -1 } });
    assert.equal(badArgs.isError, true);
    assert.match(textOf(badArgs), /^INVALID_INPUT: .*\n- lines: /);
    const read = await c.callTool({ name: "read_pane", arguments: { pane: "p1" } });
    assert.equal(read.isError, undefined);
  });
});

Deno.test("mcp over HTTP: 100 concurrent calls from 4 clients each get their own result", async () => {
  await withMcp(async ({ client, start }) => {
    for (let i = 0; i < 25; i++) start(`screen of q${i}`, { name: `q${i}` });
    const clients = await Promise.all([1, 2, 3, 4].map(() => client()));
    const calls = Array.from({ length: 100 }, (_, i) => {
      const pane = `q${i % 25}`;
      return clients[i % 4]!.callTool({ name: "read_pane", arguments: { pane } })
        .then((r) => [pane, (r.structuredContent as { text: string }).text]);
    });
    for (const [pane, text] of await Promise.all(calls)) {
      assert.equal(text?.trimEnd(), `screen of ${pane}`);
    }
  });
});

Deno.test("mcp over HTTP: the token file is private and server.json names the port", async () => {
  await withMcp(async ({ dir }) => {
    const info = JSON.parse(await Deno.readTextFile(join(dir, ".weft", "server.json")));
    assert.equal(typeof info.http.port, "number");
    assert.equal(info.http.tokenFile, join(dir, ".weft", "mcp.token"));
    assert.equal((await Deno.stat(info.http.tokenFile)).mode! & 0o777, 0o600);
    assert.match((await Deno.readTextFile(info.http.tokenFile)).trim(), /^[A-Za-z0-9_-]{43}$/);
  });
});
