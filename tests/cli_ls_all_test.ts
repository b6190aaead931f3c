import { deepStrictEqual as assertEquals, match as assertMatch, ok } from "node:assert/strict";
import { join } from "node:path";
import { WeftClient } from "../plugins/client/mod.ts";
import { type ServeProcess, serveProcessWith, weftProcessWith } from "./helpers/cli.ts";
import { E2E } from "./helpers/server.ts";
import { tempProject } from "./helpers/serve_child.ts";

interface Row {
  projectDir: string;
  running: boolean;
  sessions?: number;
  panes?: number;
  waiting?: string[];
  leftovers?: string[];
}

Deno.test(
  "weft ls --all-projects lists every server of the user with its counts and waiting agents, and a killed one's leftovers",
  E2E,
  async () => {
    // A runtime folder of this test's own: the user's list of servers is not shared with others.
    const runtime = await Deno.makeTempDir({ prefix: "weft-rt-" });
    const env = { XDG_RUNTIME_DIR: runtime };
    const [a, b, dead] = await Promise.all([tempProject(), tempProject(), tempProject()]);
    const servers: ServeProcess[] = [a, b, dead].map((dir) => serveProcessWith({ dir, env }));
    try {
      await Promise.all(servers.map((s) => s.ready));
      const client = await WeftClient.find(a, { client: "test" });
      try {
        const { id } = await client.call("pane.create", { argv: ["cat"] });
        await client.call("pane.set", { pane: id, state: "blocked" });
        await servers[2]!.kill(); // SIGKILL: no stop, its files stay
        const run = await weftProcessWith({ cwd: b, env }, "ls", "--all-projects", "--json");
        assertEquals(run.code, 0, run.err);
        const rows = JSON.parse(run.out).projects as Row[];
        const of = (dir: string) => rows.find((r) => r.projectDir === dir)!;
        assertEquals(rows.length, 3);
        assertEquals([of(a).running, of(a).sessions, of(a).panes, of(a).waiting], [
          true,
          1,
          2,
          [id],
        ]);
        assertEquals([of(b).running, of(b).panes, of(b).waiting], [true, 1, []]);
        assertEquals(of(dead).running, false);
        ok(of(dead).leftovers?.includes(join(dead, ".weft", "server.json")), run.out);
        const text = await weftProcessWith({ cwd: b, env }, "ls", "--all-projects");
        assertEquals(text.code, 0, text.err);
        assertMatch(
          text.out,
          new RegExp(`${a}  pid \\d+  1 sessions, 1 windows, 2 panes, 1 waiting \\(${id}\\)`),
        );
        assertMatch(text.out, new RegExp(`${dead}  not running .*left behind: .*server\\.json`));
      } finally {
        client.close();
      }
      // A server that stops takes its entry away; a dead one whose project folder is gone
      // leaves nothing to report, and its entry is forgotten.
      await servers[1]!.stop();
      await Deno.remove(dead, { recursive: true });
      const after = await weftProcessWith({ cwd: a, env }, "ls", "--all-projects", "--json");
      const left = JSON.parse(after.out).projects as Row[];
      assertEquals(left.map((r) => r.projectDir), [a]);
      assertMatch(after.err, /forgot 1 stopped servers whose project folders are gone/);
      assertEquals(
        (await Array.fromAsync(Deno.readDir(join(runtime, "weft", "servers")))).length,
        1,
      );
    } finally {
      await Promise.all(servers.map((s) => s.stop()));
      await Deno.remove(runtime, { recursive: true }).catch(() => {});
    }
  },
);
