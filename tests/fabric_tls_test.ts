/**
 * The leaf link over TLS, with a certificate made at test time (openssl): the hub's leaf port
 * speaks TLS only, each host checks the hub's certificate against the CA it joined with, and a
 * remote read works over it.
 */

import { equal, match } from "node:assert/strict";
import { weftProcess } from "./helpers/cli.ts";
import { waitForText } from "./helpers/panes.ts";
import {
  endHost,
  endHub,
  FABRIC,
  joinHost,
  startHub,
  type TestHost,
  type TestHub,
  untilUp,
} from "./helpers/fabric.ts";

/** The INFO line a NATS port greets a plain TCP client with. */
async function greeting(url: string): Promise<string> {
  const { hostname, port } = new URL(url.replace(/^tls:/, "http:"));
  const conn = await Deno.connect({ hostname, port: Number(port) });
  try {
    const buf = new Uint8Array(4096);
    const n = await conn.read(buf);
    return new TextDecoder().decode(buf.subarray(0, n ?? 0));
  } finally {
    conn.close();
  }
}

Deno.test(
  "fabric over TLS: the leaf link needs TLS and a remote read works over it",
  FABRIC,
  async () => {
    let hub: TestHub | undefined;
    const hosts: TestHost[] = [];
    try {
      hub = await startHub(["laptop", "buildbox"], { tls: true });
      match(await greeting(hub.url), /"tls_required":\s*true/);
      const buildbox = await joinHost(hub, "buildbox", { grants: { laptop: ["read"] } });
      hosts.push(buildbox);
      const laptop = await joinHost(hub, "laptop");
      hosts.push(laptop);
      await untilUp(laptop, ["buildbox"]);
      const far = await buildbox.server.client.call<{ pane: string }>("session.create", {
        command: "bash --norc --noprofile -c 'echo over-tls; sleep 600'",
      });
      await waitForText(buildbox.server.client, { pane: far.pane, match: "over-tls" });
      const read = await weftProcess(laptop.dir, "read", `buildbox/${far.pane}`);
      equal(read.code, 0, read.err);
      match(read.out, /over-tls/);
    } finally {
      for (const h of hosts) await endHost(h);
      if (hub) await endHub(hub);
    }
  },
);
