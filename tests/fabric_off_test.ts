/**
 * A server that never joined a fabric pays nothing for it: the fabric plugin does not run, and
 * no process of it (its Deno process, a nats-server) is under the server.
 */

import { equal, ok } from "node:assert/strict";
import { E2E } from "./helpers/server.ts";
import { killHard, serveChild, tempProject } from "./helpers/serve_child.ts";

/** The command lines of `pid` and every process under it. */
function treeCommands(pid: number): string[] {
  const out: string[] = [];
  const walk = (p: number) => {
    try {
      out.push(Deno.readTextFileSync(`/proc/${p}/cmdline`).replaceAll("\0", " "));
      for (const task of Deno.readDirSync(`/proc/${p}/task`)) {
        const kids = Deno.readTextFileSync(`/proc/${p}/task/${task.name}/children`).trim();
        for (const kid of kids ? kids.split(/\s+/) : []) walk(Number(kid));
      }
    } catch { /* it ended */ }
  };
  walk(pid);
  return out;
}

Deno.test(
  "fabric: a server that never joined runs no fabric plugin and no nats-server",
  E2E,
  async () => {
    const dir = await tempProject();
    const served = await serveChild(dir);
    try {
      const status = await served.client.call<{ plugins: { name: string; state: string }[] }>(
        "server.status",
      );
      const fabric = status.plugins.find((p) => p.name === "fabric");
      equal(fabric, undefined, "never loaded, not even to fail");
      const commands = treeCommands(served.server.child.pid);
      ok(commands.length > 1, "the server and its plugins are seen");
      equal(commands.filter((c) => /nats-server|--weft-plugin=fabric/.test(c)).length, 0);
    } finally {
      await killHard(served);
      await Deno.remove(dir, { recursive: true }).catch(() => {});
    }
  },
);
