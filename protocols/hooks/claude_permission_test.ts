import { strictEqual } from "node:assert/strict";
import { PERMISSION_HOOK_COMMAND, permissionOutput } from "./claude_permission.ts";

/** Runs the hook's command under bash with `door` as WEFT_HTTP; its output and exit code. */
async function runHook(door: string, event: unknown): Promise<{ out: string; code: number }> {
  const child = new Deno.Command("bash", {
    args: ["--norc", "--noprofile", "-c", PERMISSION_HOOK_COMMAND],
    env: { WEFT_HTTP: door, WEFT_PANE: "p1", WEFT_SIDEBAND_KEY: "k1", PATH: "/usr/bin:/bin" },
    clearEnv: true,
    stdin: "piped",
    stdout: "piped",
    stderr: "null",
  }).spawn();
  const w = child.stdin.getWriter();
  // A hook that finds no door exits before it reads its input.
  await w.write(new TextEncoder().encode(JSON.stringify(event))).catch(() => {});
  await w.close().catch(() => {});
  const done = await child.output();
  return { out: new TextDecoder().decode(done.stdout), code: done.code };
}

/** A door on loopback that answers each request with `answer`; what it was sent. */
function door(answer: (body: string) => Response | Promise<Response>) {
  const seen: { path: string; pane: string | null; key: string | null; body: string }[] = [];
  const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen() {} }, async (req) => {
    const body = await req.text();
    seen.push({
      path: new URL(req.url).pathname,
      pane: req.headers.get("x-weft-pane"),
      key: req.headers.get("x-weft-key"),
      body,
    });
    return await answer(body);
  });
  return { address: `127.0.0.1:${server.addr.port}`, seen, server };
}

const EVENT = {
  hook_event_name: "PermissionRequest",
  tool_name: "Bash",
  tool_input: { command: "echo 'é' \"$HOME\"" },
};

Deno.test("the permission hook prints the door's decision, after posting the event unchanged", async () => {
  const allow = JSON.stringify(permissionOutput({ behavior: "allow" }));
  const d = door(() => new Response(allow, { headers: { "content-type": "application/json" } }));
  try {
    const { out, code } = await runHook(d.address, EVENT);
    strictEqual(code, 0);
    strictEqual(out, allow);
    strictEqual(d.seen[0]?.path, "/hooks/claude-code/permission");
    strictEqual(d.seen[0]?.pane, "p1");
    strictEqual(d.seen[0]?.key, "k1");
    strictEqual(d.seen[0]?.body, JSON.stringify(EVENT));
  } finally {
    await d.server.shutdown();
  }
});

Deno.test("the permission hook prints nothing when the door answers 204 or refuses", async () => {
  for (const status of [204, 403, 500]) {
    const d = door(() => new Response(status === 204 ? null : "refused", { status }));
    try {
      strictEqual((await runHook(d.address, EVENT)).out, "", `status ${status}`);
    } finally {
      await d.server.shutdown();
    }
  }
});

Deno.test("the permission hook exits 0 with nothing when the door goes away while it waits", async () => {
  // A server that stops while the request is held: the connection closes with no answer.
  const listener = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const address = `127.0.0.1:${(listener.addr as Deno.NetAddr).port}`;
  const dropped = (async () => {
    const conn = await listener.accept();
    await conn.read(new Uint8Array(4096));
    conn.close();
  })();
  try {
    const { out, code } = await runHook(address, EVENT);
    strictEqual(code, 0);
    strictEqual(out, "");
  } finally {
    await dropped;
    listener.close();
  }
  // No server at all.
  const gone = await runHook(address, EVENT);
  strictEqual(gone.code, 0);
  strictEqual(gone.out, "");
});
