import { deepStrictEqual as assertEquals, match as assertMatch, ok } from "node:assert/strict";
import { join } from "node:path";
import { weftProcess, weftProcessWith } from "./helpers/cli.ts";
import { E2E } from "./helpers/server.ts";
import { serveChild, tempProject } from "./helpers/serve_child.ts";

const HELLO = new URL("../examples/plugins/hello/mod.ts", import.meta.url);

/** The hello example copied into a folder of its own, outside the project. */
async function helloElsewhere(): Promise<string> {
  const dir = await Deno.makeTempDir({ prefix: "weft-plugin-src-" });
  const file = join(dir, "mod.ts");
  await Deno.writeTextFile(file, await Deno.readTextFile(HELLO));
  return file;
}

async function pluginsOf(dir: string): Promise<Record<string, unknown>> {
  return JSON.parse(await Deno.readTextFile(join(dir, "deno.json"))).weft.plugins ?? {};
}

Deno.test(
  "weft plugin add|list|reload|remove: a plugin from another folder joins, changes and leaves a running server",
  E2E,
  async () => {
    const dir = await tempProject();
    const hello = await helloElsewhere();
    const served = await serveChild(dir);
    try {
      // Not at a terminal and not confirmed: what it asks for is shown, nothing is written.
      const refused = await weftProcess(dir, "plugin", "add", hello);
      assertEquals(refused.code, 2);
      assertMatch(refused.err, /asks for: pane:read, pane:write/);
      assertMatch(refused.err, /--yes/);
      assertEquals(await pluginsOf(dir), {});

      const added = await weftProcess(dir, "plugin", "add", hello, "--yes");
      assertEquals(added.code, 0, added.err);
      assertEquals(added.out, "hello: running\n");
      assertEquals(await pluginsOf(dir), {
        hello: { from: hello, grant: ["pane:read", "pane:write"] },
      });
      const greet = () => served.client.call("hello.greet", { name: "weft" });
      assertEquals(await greet(), "Hello, weft!");

      const listed = await weftProcess(dir, "plugin", "list", "--json");
      const rows = JSON.parse(listed.out).plugins as { name: string; state: string }[];
      assertEquals(rows.find((r) => r.name === "hello"), {
        name: "hello",
        on: true,
        start: "eager",
        state: "running",
        grant: ["pane:read", "pane:write"],
        from: hello,
      });
      ok(rows.some((r) => r.name === "web" && r.state === "dormant"));

      // Its code changes: reload runs the new code in the same server.
      const text = await Deno.readTextFile(hello);
      await Deno.writeTextFile(hello, text.replace('greeting: "Hello"', 'greeting: "Howdy"'));
      const reloaded = await weftProcess(dir, "plugin", "reload", "hello");
      assertEquals([reloaded.code, reloaded.out], [0, "hello: running\n"], reloaded.err);
      assertEquals(await greet(), "Howdy, weft!");

      const removed = await weftProcess(dir, "plugin", "remove", "hello");
      assertEquals([removed.code, removed.out], [0, "hello: removed\n"], removed.err);
      assertEquals(await pluginsOf(dir), {});
      await greet().then(
        () => ok(false, "hello.greet still answers"),
        (e: { code: string }) => assertEquals(e.code, "NOT_FOUND"),
      );
      const status = await served.client.call("server.status");
      ok(!status.plugins.some((p) => p.name === "hello"));
    } finally {
      served.client.close();
      await served.server.stop();
    }
  },
);

Deno.test(
  "weft plugin add of a module that does not load names its file and line and writes nothing",
  E2E,
  async () => {
    const dir = await tempProject();
    const bad = join(await Deno.makeTempDir({ prefix: "weft-plugin-bad-" }), "mod.ts");
    await Deno.writeTextFile(bad, "export default {\n  name: ,\n};\n");
    const run = await weftProcess(dir, "plugin", "add", bad, "--yes");
    assertEquals(run.code, 1);
    assertMatch(run.err, new RegExp(`Cannot load plugin module file://${bad}`));
    assertMatch(run.err, new RegExp(`${bad}:2:\\d+`));
    assertEquals(await pluginsOf(dir), {});
    const unknown = await weftProcess(dir, "plugin", "reload", "hello");
    assertEquals(unknown.code, 1);
    assertMatch(unknown.err, /UNAVAILABLE/);
    const verb = await weftProcess(dir, "plugin", "relaod");
    assertEquals(verb.code, 2);
    assertMatch(verb.err, /did you mean "reload"\?/);
    // Configured anyway: the server says where it cannot load and does not retry it.
    const broken = await tempProject({ plugins: { bad: { from: bad, grant: [] } } });
    const served = await serveChild(broken);
    try {
      const { plugins } = await served.client.call("server.status");
      const state = plugins.find((p) => p.name === "bad")!;
      assertEquals([state.state, state.restarts], ["failed", 0]);
      assertMatch(
        state.lastError!.message,
        /not restarted: SyntaxError: .* at file:\/\/.*mod\.ts:2:\d+/,
      );
    } finally {
      served.client.close();
      await served.server.stop();
    }
  },
);

Deno.test(
  "weft plugin list follows the user's config.toml under the project's: web switched on there",
  async () => {
    const dir = await tempProject();
    const home = await Deno.makeTempDir({ prefix: "weft-user-config-" });
    try {
      await Deno.mkdir(join(home, "weft"));
      await Deno.writeTextFile(join(home, "weft", "config.toml"), "[plugins]\nweb = true\n");
      const env = { XDG_CONFIG_HOME: home };
      const run = await weftProcessWith({ cwd: dir, env }, "plugin", "list", "--json");
      assertEquals(run.code, 0, run.err);
      const rows = JSON.parse(run.out).plugins as { name: string; on: boolean }[];
      assertEquals(rows.find((r) => r.name === "web")?.on, true);
      const plain = await weftProcess(dir, "plugin", "list", "--json");
      const before = JSON.parse(plain.out).plugins as { name: string; on: boolean }[];
      assertEquals(before.find((r) => r.name === "web")?.on, false);
    } finally {
      await Deno.remove(dir, { recursive: true });
      await Deno.remove(home, { recursive: true });
    }
  },
);

Deno.test(
  "a project's plugin keeps its lock entries in the project's state, never in weft's deno.lock",
  E2E,
  async () => {
    const src = await Deno.makeTempDir({ prefix: "weft-plugin-lock-" });
    const file = join(src, "mod.ts");
    // A version range weft's own lock does not hold: resolving it makes a new lock entry.
    await Deno.writeTextFile(
      file,
      'import { definePlugin } from "@weft/weft/plugin";\nimport { z } from "npm:zod@^4";\n' +
        'export default definePlugin({ name: "locked", version: "1.0.0", capabilities: [], ' +
        'commands: [], setup: () => ({ ok: z.string().parse("x") }) });\n',
    );
    const dir = await tempProject();
    const weftLock = new URL("../deno.lock", import.meta.url);
    const entry = /"npm:zod@4"/;
    try {
      const added = await weftProcess(dir, "plugin", "add", file, "--yes");
      assertEquals(added.code, 0, added.err);
      const served = await serveChild(dir);
      try {
        const { plugins } = await served.client.call("server.status");
        assertEquals(plugins.find((p) => p.name === "locked")?.state, "running");
      } finally {
        served.client.close();
        await served.server.stop();
      }
      assertMatch(await Deno.readTextFile(join(dir, ".weft", "plugins.lock")), entry);
      ok(!entry.test(await Deno.readTextFile(weftLock)), "weft's deno.lock got the plugin's entry");
    } finally {
      await Deno.remove(src, { recursive: true });
      await Deno.remove(dir, { recursive: true });
    }
  },
);
