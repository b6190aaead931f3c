/**
 * Reaching the page from a phone: the project allows its own reverse proxy's host name
 * (`allowedHosts`), `weft web --host NAME --qr` prints an https login URL on that name and a QR
 * code a camera reads back as that URL; requests through the proxy (Host: NAME, Origin
 * https://NAME) are served, any other name refused; and the page's port stays the project's
 * across server restarts.
 */

import assert from "node:assert/strict";
import { join } from "node:path";
import decodeQR from "qr/decode.js";
import { E2E, withServer } from "./helpers/server.ts";
import { weft } from "../main.ts";
import type { CliIo } from "../plugins/cli/io.ts";
import { loadConfig } from "../core/config/mod.ts";
import { startServer } from "../core/server/server.ts";
import { BUILTIN_PLUGINS } from "../plugins/builtin.ts";
import { WeftClient } from "../plugins/client/mod.ts";

const PROXY = "box.tail1234.ts.net";

async function run(args: string[], cwd: string) {
  let out = "";
  let err = "";
  const io: CliIo = {
    out: (t) => void (out += t),
    err: (t) => void (err += t),
    cwd,
    env: () => undefined,
  };
  return { code: await weft(args, io), out, err };
}

/** One raw HTTP/1.1 request to the loopback port, as a reverse proxy sends it. */
async function raw(port: number, head: string): Promise<string> {
  const conn = await Deno.connect({ hostname: "127.0.0.1", port });
  try {
    await conn.write(new TextEncoder().encode(head + "Connection: close\r\n\r\n"));
    let text = "";
    const decoder = new TextDecoder();
    const buf = new Uint8Array(65536);
    for (let n; (n = await conn.read(buf)) !== null;) {
      text += decoder.decode(buf.subarray(0, n), { stream: true });
    }
    return text;
  } finally {
    conn.close();
  }
}

/** The QR rows printed after the URL, back to an RGB image (4 pixels a module). */
function qrImage(lines: string[]) {
  // deno-lint-ignore no-control-regex
  const rows = lines.map((l) => [...l.replace(/\x1b\[[\d;]*m/g, "")]);
  const s = 4;
  const width = rows[0]!.length * s;
  const height = rows.length * 2 * s;
  const data = new Uint8Array(width * height * 3);
  rows.forEach((chars, r) =>
    chars.forEach((ch, x) =>
      [ch === "█" || ch === "▀", ch === "█" || ch === "▄"].forEach((white, half) => {
        for (let dy = 0; dy < s; dy++) {
          const at = (((2 * r + half) * s + dy) * width + x * s) * 3;
          data.fill(white ? 255 : 0, at, at + 3 * s);
        }
      })
    )
  );
  return { width, height, data };
}

Deno.test("web reach: an allowed proxy host, its https login URL as a QR code", E2E, async () => {
  await withServer(async ({ dir, client }) => {
    const printed = await run(["web", "--host", PROXY, "--qr"], dir);
    assert.equal(printed.code, 0, printed.err);
    const [url, ...qr] = printed.out.trimEnd().split("\n");
    assert.match(url!, new RegExp(`^https://${PROXY.replaceAll(".", "\\.")}/login\\?code=`));
    assert.equal(decodeQR(qrImage(qr)), url);
    const { port } = await client.call<{ port: number }>("web.status", {});
    const path = new URL(url!).pathname + new URL(url!).search;

    const login = await raw(port, `GET ${path} HTTP/1.1\r\nHost: ${PROXY}\r\n`);
    assert.match(login, /^HTTP\/1\.1 303/);
    const cookie = /set-cookie: ([^;\r\n]+)/i.exec(login)![1]!;
    const page = `GET / HTTP/1.1\r\nCookie: ${cookie}\r\n`;
    assert.match(
      await raw(port, `${page}Host: ${PROXY}\r\nOrigin: https://${PROXY}\r\n`),
      /^HTTP\/1\.1 200/,
    );
    assert.match(await raw(port, `${page}Host: evil.example\r\n`), /^HTTP\/1\.1 403/);
    assert.match(
      await raw(port, `${page}Host: ${PROXY}\r\nOrigin: https://evil.example\r\n`),
      /^HTTP\/1\.1 403/,
    );
    // A name the project did not allow gets no URL.
    const refused = await run(["web", "--host", "evil.example"], dir);
    assert.notEqual(refused.code, 0);
    assert.match(refused.err, /not one of the web plugin's allowedHosts/);
  }, { weft: { plugins: { web: { options: { allowedHosts: [PROXY] } } } } });
});

Deno.test("web reach: the page keeps its port when the server restarts", E2E, async () => {
  const dir = await Deno.makeTempDir({ prefix: "weft-test-" });
  const weftConfig = { shell: ["bash", "--norc"], plugins: { web: true } };
  await Deno.writeTextFile(join(dir, "deno.json"), JSON.stringify({ weft: weftConfig }));
  const webPort = async () => {
    const server = await startServer(await loadConfig(dir, { builtins: BUILTIN_PLUGINS }), {
      noStartupSession: true,
    });
    try {
      await server.pluginsStarted;
      const client = await WeftClient.connect(server.paths.socket, { client: "test" });
      try {
        return (await client.call<{ port: number }>("web.status", {})).port;
      } finally {
        client.close();
      }
    } finally {
      await server.stop();
    }
  };
  try {
    const first = await webPort();
    assert.equal((await Deno.readTextFile(join(dir, ".weft", "web.port"))).trim(), String(first));
    assert.equal(await webPort(), first, "the same port after a restart");
  } finally {
    await Deno.remove(dir, { recursive: true }).catch(() => {});
  }
});
