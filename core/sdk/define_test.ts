import { deepStrictEqual, strictEqual, throws } from "node:assert/strict";
import { z } from "zod";
import { defineCommand, withState } from "./command.ts";
import { PROTOCOL_VERSION } from "../../protocols/plugin/mod.ts";
import { parseManifest } from "../../protocols/plugin/mod.ts";
import { definePlugin } from "./define.ts";
import hello from "../../examples/plugins/hello/mod.ts";

const greet = defineCommand({
  name: "demo.greet",
  title: "Greet",
  description: "Says hello.",
  capabilities: [],
  input: z.object({ name: z.string() }),
  handler: ({ input }) => `hello ${input.name}`,
});

Deno.test("definePlugin() builds a manifest the host's validator accepts", () => {
  const plugin = definePlugin({
    name: "demo",
    version: "1.2.3",
    description: "A demo.",
    capabilities: ["pane:read", "read:./data"],
    commands: [greet],
  });
  const manifest = parseManifest(structuredClone(plugin.manifest), "manifest");
  strictEqual(manifest.protocol, PROTOCOL_VERSION);
  deepStrictEqual(manifest.capabilities, ["pane:read", "read:./data"]);
  strictEqual(manifest.commands[0]?.inputSchema.type, "object");
  deepStrictEqual(manifest, plugin.manifest);
});

Deno.test("definePlugin() is harmless in the main thread: the hello module just imports", async () => {
  strictEqual(hello.name, "hello");
  deepStrictEqual(hello.capabilities, ["pane:read", "pane:write"]);
  const greetHello = hello.commands.find((c) => c.name === "hello.greet")!;
  const caller = { kind: "internal" as const, id: "t", grants: "all" as const };
  const value = await greetHello.handler({
    input: greetHello.parse({ name: "x" }),
    targets: {},
    caller,
    requestId: "r",
    signal: new AbortController().signal,
    call: () => Promise.reject(new Error("no bus")),
    state: { greeting: "Hello" },
  });
  strictEqual(value, "Hello, x!");
});

Deno.test("definePlugin() refuses a bad name, an unknown capability and a duplicate command", () => {
  const base = { version: "1", capabilities: [], commands: [] };
  throws(() => definePlugin({ ...base, name: "Bad-Name" }), TypeError);
  throws(() => definePlugin({ ...base, name: "demo", version: "" }), TypeError);
  throws(
    () => definePlugin({ ...base, name: "demo", capabilities: ["root:all" as never] }),
    /Cannot use capability "root:all"/,
  );
  throws(
    () => definePlugin({ ...base, name: "demo", commands: [greet, greet] }),
    /"demo\.greet" is defined twice/,
  );
});

Deno.test("definePlugin() types each handler's state as what setup returns", async () => {
  interface Counter {
    n: number;
  }
  const bump = withState<Counter>().defineCommand({
    name: "demo.bump",
    title: "Bump",
    description: "Counts.",
    capabilities: [],
    input: z.object({}),
    handler: ({ state }) => ++state.n,
  });
  const plugin = definePlugin({
    name: "demo",
    version: "1",
    capabilities: [],
    commands: [greet, bump], // a command that needs no state mixes in
    setup: (): Counter => ({ n: 0 }),
  });
  const state = await plugin.setup!({} as never);
  strictEqual(state.n, 0);
  // The compiler refuses a setup whose state the handlers cannot take.
  definePlugin({
    name: "demo",
    version: "1",
    capabilities: [],
    // @ts-expect-error: bump's handler needs a Counter
    commands: [bump],
    setup: () => "x",
  });
});
