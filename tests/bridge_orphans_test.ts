// A headless turn's program does not outlive its bridge: the server killed with SIGKILL
// mid-turn leaves no stub `claude` running (the plugin process sees its input close and ends
// its children), the next server retries the turn, and stopping that one ends the retry too.
import { deepStrictEqual, ok } from "node:assert/strict";
import { E2E } from "./helpers/server.ts";
import { killHard, serveChild, tempProject } from "./helpers/serve_child.ts";
import { stubPath } from "./helpers/bridge.ts";
import { eventually } from "./helpers/poll.ts";

// Headless agents run `claude` from PATH: the stub's folder comes first (this file's process).
const STUB = stubPath();

/** Live processes whose environment holds `mark`, by whether they run the stub. */
async function marked(mark: string): Promise<{ stubs: number[]; others: number[] }> {
  const found = { stubs: [] as number[], others: [] as number[] };
  for await (const entry of Deno.readDir("/proc")) {
    if (!/^\d+$/.test(entry.name)) continue;
    try {
      const stat = await Deno.readTextFile(`/proc/${entry.name}/stat`);
      if (stat.slice(stat.lastIndexOf(")") + 2).startsWith("Z")) continue;
      const environ = await Deno.readTextFile(`/proc/${entry.name}/environ`);
      if (!environ.split("\0").includes(mark)) continue;
      const cmdline = await Deno.readTextFile(`/proc/${entry.name}/cmdline`);
      (cmdline.includes(STUB) ? found.stubs : found.others).push(Number(entry.name));
    } catch { /* gone meanwhile, or not ours */ }
  }
  return found;
}

Deno.test({
  name: "bridge: a headless turn's claude does not outlive a server killed with SIGKILL",
  ...E2E,
  fn: async () => {
    const mark = `STUB_DIR=${await Deno.makeTempDir({ prefix: "weft-orphans-" })}`;
    const agent = { headless: true, env: { STUB_SLEEP: "60", STUB_DIR: mark.slice(9) } };
    const dir = await tempProject({
      plugins: { bridge: { options: { agents: { A: agent }, backoffMs: 100 } } },
    });
    try {
      const first = await serveChild(dir);
      await first.client.call("bridge.send", { to: "A", text: "one" });
      const before = await eventually("the stub running the turn", async () => {
        const { stubs } = await marked(mark);
        return stubs.length ? stubs : undefined;
      });
      await killHard(first);
      await eventually("no stub left once the server is gone", async () => {
        return (await marked(mark)).stubs.length === 0;
      });
      const second = await serveChild(dir);
      const retry = await eventually("the retried turn's stub", async () => {
        const { stubs } = await marked(mark);
        return stubs.length ? stubs : undefined;
      });
      ok(retry.every((pid) => !before.includes(pid)), "a new try, not the old one");
      second.client.close();
      await second.server.stop();
      await eventually("no stub left once the server stopped", async () => {
        return (await marked(mark)).stubs.length === 0;
      });
      deepStrictEqual((await marked(mark)).stubs, []);
    } finally {
      // The stub's own child (its `sleep`) is not the bridge's to end: it ends with its timer;
      // here it is ended so the test leaves nothing behind.
      for (const pid of (await marked(mark)).others) {
        try {
          Deno.kill(pid, "SIGKILL");
        } catch { /* gone */ }
      }
      await Deno.remove(dir, { recursive: true }).catch(() => {});
    }
  },
});
