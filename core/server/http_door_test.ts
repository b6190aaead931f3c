import assert from "node:assert/strict";
import { Bus } from "../bus/mod.ts";
import { serveHttpDoor } from "./http_door.ts";

const enc = new TextEncoder();

async function status(port: number, host: string): Promise<string> {
  const conn = await Deno.connect({ hostname: "127.0.0.1", port });
  await conn.write(enc.encode(
    `POST /hooks/claude-code HTTP/1.1\r\nHost: ${host}\r\nX-Weft-Pane: p1\r\nX-Weft-Key: k1\r\n` +
      `Content-Length: 2\r\nConnection: close\r\n\r\n{}`,
  ));
  const text = new TextDecoder().decode(await new Response(conn.readable).arrayBuffer());
  return text.split("\r\n")[0]!;
}

Deno.test("serveHttpDoor() refuses a Host that is not a loopback name (DNS rebinding)", async () => {
  const door = await serveHttpDoor({ bus: new Bus(), checkKey: () => true });
  try {
    const port = Number(door.address.split(":")[1]);
    assert.match(await status(port, "evil.example"), /^HTTP\/1\.1 403/);
    assert.doesNotMatch(await status(port, `127.0.0.1:${port}`), /^HTTP\/1\.1 403/);
    // What weft's own hook command sends from bash.
    assert.doesNotMatch(await status(port, "weft"), /^HTTP\/1\.1 403/);
  } finally {
    await door.close();
  }
});

Deno.test("serveHttpDoor() in a process with few descriptors outlives a connection flood", async () => {
  const fixture = new URL("../../tests/fixtures/doors/hooks_door.ts", import.meta.url).pathname;
  const child = new Deno.Command("bash", {
    args: ["-c", 'ulimit -n 256; exec "$0" run -A "$1"', Deno.execPath(), fixture],
    stdout: "piped",
    stderr: "piped",
  }).spawn();
  const reader = child.stdout.pipeThrough(new TextDecoderStream()).getReader();
  const port = Number(/port (\d+)/.exec((await reader.read()).value ?? "")?.[1]);
  const conns: Deno.Conn[] = [];
  try {
    assert.ok(port, "the door listens");
    for (let i = 0; i < 1000; i++) {
      try {
        conns.push(await Deno.connect({ hostname: "127.0.0.1", port }));
      } catch { /* the backlog is full */ }
    }
    // Deno.serve's process died here: "Http: Error: Too many open files" (uncaught).
    assert.match(await status(port, "127.0.0.1"), /^HTTP\/1\.1 \d{3}/);
    const exited = await Promise.race([child.status.then(() => true), Promise.resolve(false)]);
    assert.equal(exited, false, "the door's process lives");
  } finally {
    for (const c of conns) c.close();
    try {
      child.kill("SIGKILL");
    } catch { /* it died */ }
    await child.status;
    await reader.cancel();
    await child.stderr.cancel();
  }
});
