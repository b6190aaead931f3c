import { deepStrictEqual as assertEquals, match as assertMatch, rejects } from "node:assert/strict";
import { untilEvent } from "./helpers/poll.ts";
import { waitForText } from "./helpers/panes.ts";
import { E2E, onEvents, withServer } from "./helpers/server.ts";

const HELLO = new URL("../examples/plugins/hello/mod.ts", import.meta.url).pathname;

function hello(grant: string[]) {
  return { weft: { plugins: { hello: { from: HELLO, grant } } } };
}

Deno.test(
  "hello plugin through the socket: shout reads one real pane and types into another",
  E2E,
  async () => {
    await withServer(async ({ client }) => {
      const a = await client.call<{ pane: string }>("session.create", {
        command: "echo last line here; sleep 60",
      });
      const b = await client.call<{ id: string }>("pane.create", { argv: ["cat"] });
      await waitForText(client, { pane: a.pane, match: "last line here" });
      const r = await client.call<{ text: string }>("hello.shout", { from: a.pane, to: b.id });
      assertEquals(r.text, "LAST LINE HERE");
      await waitForText(client, { pane: b.id, match: "LAST LINE HERE" });
    }, hello(["pane:read", "pane:write"]));
  },
);

Deno.test("hello plugin without pane:write: DENIED names the missing capability", E2E, async () => {
  await withServer(async ({ client }) => {
    const a = await client.call<{ pane: string }>("session.create", {
      command: "echo x; sleep 60",
    });
    await waitForText(client, { pane: a.pane, match: "x" });
    await rejects(
      client.call("hello.shout", { from: a.pane, to: a.pane }),
      (e: { code: string; message: string }) => e.code === "DENIED" && /pane:write/.test(e.message),
    );
  }, hello(["pane:read"]));
});

Deno.test(
  "hello plugin reading a file without a read grant gets Deno's refusal; the server goes on",
  E2E,
  async () => {
    await withServer(async ({ client }) => {
      await rejects(
        client.call("hello.read_file", { path: "/etc/hostname" }),
        (e: { code: string; message: string }) =>
          e.code === "DENIED" && /read access|--allow-read/.test(e.message),
      );
      assertEquals(await client.call("hello.greet", { name: "weft" }), "Hello, weft!");
      const status = await client.call<{ plugins: { name: string; state: string }[] }>(
        "server.status",
      );
      assertEquals(status.plugins.find((p) => p.name === "hello")?.state, "running");
    }, hello(["pane:read", "pane:write"]));
  },
);

Deno.test(
  "a plugin's commands show in server.commands and weft help, owned by the plugin",
  E2E,
  async () => {
    await withServer(async ({ client }) => {
      const { commands } = await client.call<{ commands: { name: string; owner: string }[] }>(
        "server.commands",
      );
      const shout = commands.find((c) => c.name === "hello.shout");
      assertEquals(shout?.owner, "hello");
      await untilEvent("every plugin running", {
        on: onEvents(client, { topics: ["plugin.*"] }),
        check: async () =>
          (await client.call<{ plugins: { state: string }[] }>("server.status")).plugins.every(
            (p) => p.state === "running" || p.state === "idle",
          ),
      });
      await rejects(client.call("hello.nope", {}), /did you mean/);
      assertMatch(JSON.stringify(commands), /hello.greet/);
    }, hello(["pane:read", "pane:write"]));
  },
);

const CRASHY = new URL("./fixtures/plugins/crashy/mod.ts", import.meta.url).pathname;

Deno.test(
  "a plugin crashing mid-call: PLUGIN_CRASHED over the socket, panes unharmed, plugin back after restart",
  E2E,
  async () => {
    await withServer(async ({ client }) => {
      const s = await client.call<{ pane: string }>("session.create", { argv: ["cat"] });
      assertEquals(await client.call("crashy.ping", {}), "pong");
      await rejects(
        client.call("crashy.die", {}),
        (e: { code: string }) => e.code === "PLUGIN_CRASHED",
      );
      await client.call("pane.write", { pane: s.pane, text: "still alive\r" });
      await waitForText(client, { pane: s.pane, match: "still alive" });
      const back = await untilEvent("crashy back after its restart", {
        on: onEvents(client, { topics: ["plugin.started"] }),
        check: () => client.call("crashy.ping", {}),
        timeoutMs: 20_000,
      });
      assertEquals(back, "pong");
      const status = await client.call<{ plugins: { name: string; restarts: number }[] }>(
        "server.status",
      );
      assertEquals(
        status.plugins.find((p) => p.name === "crashy")!.restarts >= 1,
        true,
      );
    }, { weft: { plugins: { crashy: { from: CRASHY } } } });
  },
);
