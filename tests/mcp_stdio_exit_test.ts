/**
 * `weft mcp` (stdio) ends by itself when its input ends or the process that started it dies;
 * before, one process was left behind per ended agent session.
 */

import { match, ok, strictEqual } from "node:assert/strict";
import { weftArgs } from "./helpers/cli.ts";
import { eventually } from "./helpers/poll.ts";
import { E2E, withServer } from "./helpers/server.ts";

const MCP_ON = { weft: { plugins: { mcp: true, layout: false, sideband: false } } };

const INITIALIZE = JSON.stringify({
  jsonrpc: "2.0",
  id: 1,
  method: "initialize",
  params: {
    protocolVersion: "2025-06-18",
    capabilities: {},
    clientInfo: { name: "exit-test", version: "1" },
  },
}) + "\n";

/** Lines of a child's output, read on demand: `next(re)` waits for one that matches. */
function lines(readable: Deno.ChildProcess["stdout"]) {
  const reader = readable.pipeThrough(new TextDecoderStream()).getReader();
  let text = "";
  return async (re: RegExp): Promise<string> => {
    for (;;) {
      const all = text.split("\n");
      const at = all.findIndex((l, i) => i < all.length - 1 && re.test(l));
      if (at >= 0) {
        text = all.slice(at + 1).join("\n");
        return all[at]!;
      }
      const { value, done } = await reader.read();
      if (done) throw new Error(`ended before ${re}; got ${text}`);
      text += value;
    }
  };
}

function alive(pid: number): boolean {
  try {
    const stat = Deno.readTextFileSync(`/proc/${pid}/stat`);
    return !/\) [ZX] /.test(stat);
  } catch {
    return false;
  }
}

Deno.test(
  "weft mcp ends when its stdin closes, after answering what it was asked",
  E2E,
  async () => {
    await withServer(async ({ dir }) => {
      const child = new Deno.Command(Deno.execPath(), {
        args: weftArgs("mcp"),
        cwd: dir,
        stdin: "piped",
        stdout: "piped",
        stderr: "null",
      }).spawn();
      const writer = child.stdin.getWriter();
      // The request and the end of input together: the reply still comes (a script's pipe).
      await writer.write(new TextEncoder().encode(INITIALIZE));
      await writer.close();
      match(await lines(child.stdout)(/"id":1/), /serverInfo/);
      const started = performance.now();
      await eventually("weft mcp to end after its stdin", () => !alive(child.pid), {
        timeoutMs: 15_000,
      }).finally(() => alive(child.pid) && child.kill("SIGKILL"));
      console.log(`weft mcp ended ${(performance.now() - started).toFixed(0)} ms after its stdin`);
      strictEqual((await child.status).code, 0);
    }, MCP_ON);
  },
);

Deno.test("weft mcp ends when the process that started it dies", E2E, async () => {
  await withServer(async ({ dir }) => {
    // bash starts weft mcp on bash's own stdin (this test's pipe, which stays open) and is
    // then killed: only the parent's death can tell weft mcp to end.
    const words = weftArgs("mcp").map((w) => `'${w}'`).join(" ");
    const parent = new Deno.Command("bash", {
      args: ["-c", `'${Deno.execPath()}' ${words} <&0 & echo $!; wait`],
      cwd: dir,
      stdin: "piped",
      stdout: "piped",
      stderr: "null",
    }).spawn();
    const writer = parent.stdin.getWriter();
    const next = lines(parent.stdout);
    const pid = Number(await next(/^\d+$/));
    ok(alive(pid));
    await writer.write(new TextEncoder().encode(INITIALIZE));
    // Its answer goes to the same stdout bash printed on: it is serving.
    await next(/"id":1/);
    parent.kill("SIGKILL");
    await parent.status;
    await eventually("weft mcp to end after its parent", () => !alive(pid), {
      timeoutMs: 15_000,
    });
    await writer.close().catch(() => {});
  }, MCP_ON);
});
