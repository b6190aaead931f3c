// A pane's identity is proven, not claimed: a client names its pane in `server.hello` with the
// pane's own key (`WEFT_SIDEBAND_KEY`, in the pane's environment only). A process in pane A
// that claims pane B, with A's key or none, acts as no pane: it cannot read B's inbox, mark it
// read or send as B. B's own processes still can; a plugin speaks for a pane only if it may
// type into it.
import { deepStrictEqual, match, ok, rejects, strictEqual } from "node:assert/strict";
import { join } from "node:path";
import { E2E, withServer } from "./helpers/server.ts";
import { weftArgs } from "./helpers/cli.ts";
import { WeftClient } from "../plugins/client/mod.ts";
import type { RunningServer } from "../core/server/server.ts";
import { shellQuote } from "../protocols/terminal/shell_words.ts";
import { stdioClient, textOf } from "./helpers/mcp.ts";

const COURIER = new URL("./fixtures/plugins/courier/mod.ts", import.meta.url).pathname;

interface Info {
  from: string;
  to: string;
  content: string;
}

function keyOf(server: RunningServer, pane: string): string {
  return server.model.panes.get(pane)!.launch.env.WEFT_SIDEBAND_KEY!;
}

Deno.test({
  name: "server.hello believes a pane only with that pane's key; a false claim acts as no pane",
  ...E2E,
  fn: () =>
    withServer(async ({ client, server }) => {
      const a = await client.call<{ pane: string }>("session.create", { command: "sleep 600" });
      const b = await client.call<{ pane: string }>("session.create", {
        command: "sleep 600",
        name: "bob",
      });
      await client.call("message.send", { to: "bob", content: "for bob only" });
      const socket = server.paths.socket;
      const claims = [
        { hello: { pane: b.pane }, why: /no key was given/ },
        { hello: { pane: b.pane, key: keyOf(server, a.pane) }, why: /the key is not that pane's/ },
        { hello: { pane: "p99", key: keyOf(server, a.pane) }, why: /there is no such pane/ },
      ];
      for (const { hello, why } of claims) {
        const forger = await WeftClient.connect(socket, { client: "cli", ...hello });
        try {
          strictEqual(forger.hello.pane, null);
          match(String(forger.hello.paneRefused), why);
          match(String(forger.hello.paneRefused), /acts as no pane/);
          const inbox = await forger.call<{ messages: Info[] }>("message.check", {});
          ok(!inbox.messages.some((m) => m.to === "bob"), JSON.stringify(inbox));
          const sent = await forger.call<{ from: string }>("message.send", {
            to: "bob",
            content: "from a forger",
          });
          strictEqual(sent.from, "human");
          await rejects(
            forger.call("message.check", { as: "bob" }),
            (e: { code: string }) => e.code === "DENIED",
          );
        } finally {
          forger.close();
        }
      }
      // Bob's own key proves it: bob's mail, unread until now, and it speaks as bob.
      const bob = await WeftClient.connect(socket, {
        client: "cli",
        pane: b.pane,
        key: keyOf(server, b.pane),
      });
      try {
        strictEqual(bob.hello.pane, b.pane);
        strictEqual(bob.hello.paneRefused, undefined);
        const inbox = await bob.call<{ messages: Info[] }>("message.check", {});
        deepStrictEqual(inbox.messages.map((m) => [m.from, m.content]), [
          ["human", "for bob only"],
          ["human", "from a forger"],
          ["human", "from a forger"],
          ["human", "from a forger"],
        ]);
        const sent = await bob.call<{ from: string }>("message.send", {
          to: "human",
          content: "hi",
        });
        strictEqual(sent.from, "bob");
      } finally {
        bob.close();
      }
    }),
});

Deno.test({
  name: "the CLI in pane A with WEFT_PANE set to pane B reads no mail of B's; B's own CLI does",
  ...E2E,
  fn: () =>
    withServer(async ({ client, dir }) => {
      const shell = ["bash", "--norc", "--noprofile"];
      const a = await client.call<{ pane: string }>("session.create", { argv: shell });
      const b = await client.call<{ pane: string }>("session.create", { argv: shell, name: "bob" });
      await client.call("message.send", { to: "bob", content: "for bob only" });
      const inbox = (pane: string, prefix: string, file: string) =>
        client.call<{ exitCode: number }>("pane.run", {
          pane,
          command: `${prefix}${
            [Deno.execPath(), ...weftArgs("msg", "inbox", "--json")]
              .map(shellQuote).join(" ")
          } > ${file}.out 2> ${file}.err`,
          timeout: 60_000,
        });
      const read = async (file: string) => ({
        out: await Deno.readTextFile(join(dir, `${file}.out`)),
        err: await Deno.readTextFile(join(dir, `${file}.err`)),
      });
      // A script in pane A claims bob's pane (with A's key, which its environment holds).
      strictEqual((await inbox(a.pane, `WEFT_PANE=${b.pane} `, "forged")).exitCode, 0);
      const forged = await read("forged");
      ok(!forged.out.includes("for bob only"), forged.out);
      match(forged.err, new RegExp(`Cannot act as pane ${b.pane}: the key is not that pane's`));
      // (Without any key it is the same: the socket test above shows it.)
      // Bob's own shell: its mail, still unread.
      strictEqual((await inbox(b.pane, "", "own")).exitCode, 0);
      const own = await read("own");
      const messages = (JSON.parse(own.out) as { messages: Info[] }).messages;
      deepStrictEqual(messages.map((m) => [m.to, m.content]), [["bob", "for bob only"]]);
      strictEqual(own.err, "");
    }),
});

Deno.test({
  name: "a plugin may speak for a pane only with pane:write (the sideband does; others cannot)",
  ...E2E,
  fn: () =>
    withServer(async ({ client }) => {
      const b = await client.call<{ pane: string }>("session.create", {
        command: "sleep 600",
        name: "bob",
      });
      await client.call("message.send", { to: "bob", content: "for bob only" });
      await rejects(
        client.call("courier.behalf", {
          pane: b.pane,
          name: "message.check",
          input: {},
        }),
        (e: { code: string; message: string }) =>
          e.code === "DENIED" &&
          /Cannot call for pane p\d+: plugin "courier" lacks pane:write/.test(e.message),
      );
      // Without a pane it is the plugin's client, as before.
      const mine = await client.call<{ messages: unknown[] }>("courier.behalf", {
        name: "message.check",
        input: {},
      });
      deepStrictEqual(mine.messages, []);
    }, {
      weft: {
        plugins: { courier: { from: COURIER, grant: ["message:send", "message:read"] } },
      },
    }),
});

Deno.test({
  name: "weft mcp with another pane's WEFT_PANE acts as no pane; with that pane's key it is it",
  ...E2E,
  fn: () =>
    withServer(async ({ client, dir, server }) => {
      const b = await client.call<{ pane: string }>("session.create", {
        command: "sleep 600",
        name: "bob",
      });
      await client.call("message.send", { to: "bob", content: "for bob only" });
      const check = async (env: Record<string, string>) => {
        const mcp = await stdioClient(dir, { env });
        try {
          const result = await mcp.callTool({ name: "check_messages", arguments: {} });
          return textOf(result);
        } finally {
          await mcp.close();
        }
      };
      const forged = await check({ WEFT_PANE: b.pane });
      ok(!forged.includes("for bob only"), forged);
      const own = await check({ WEFT_PANE: b.pane, WEFT_SIDEBAND_KEY: keyOf(server, b.pane) });
      match(own, /for bob only/);
    }),
});
