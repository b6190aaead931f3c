import { deepStrictEqual, equal, match, ok } from "node:assert/strict";
import { hostPermissions, hubConf, leafConf, rpcListen, rpcSubject } from "./nats_conf.ts";

Deno.test("hostPermissions() lets a host publish only as itself and hear only its own calls", () => {
  const p = hostPermissions("laptop");
  ok(p.publish.includes("weft.laptop.>"));
  ok(!p.publish.some((s) => s.startsWith("weft.") && s !== "weft.laptop.>"), p.publish.join());
  ok(p.publish.every((s) => !s.includes("$KV.weft_hosts.>")), "only its own presence key");
  deepStrictEqual(p.subscribe, [
    "weft.*.rpc.laptop.>",
    // Pane output another host publishes for it alone (taps.ts).
    "weft.*.ev.laptop.>",
    "_INBOX.laptop.>",
    // Messages for its own inbox stream (inbox.ts), from any host.
    "weft.*.msg.laptop",
  ]);
  equal(rpcSubject("laptop", "buildbox", "pane.read"), "weft.laptop.rpc.buildbox.pane.read");
  equal(rpcListen("laptop", "buildbox"), "weft.laptop.rpc.buildbox.>");
});

Deno.test("hubConf() and leafConf() quote what they are given and name the domains", () => {
  const hub = hubConf({
    port: 4222,
    leafPort: 7422,
    bind: "127.0.0.1",
    storeDir: '/tmp/a "b"',
    users: [{ host: "laptop", password: 'p"w' }],
    admin: { host: "admin", password: "x" },
  });
  match(hub, /domain: "hub"/);
  match(hub, /password: "p\\"w"/);
  match(hub, /store_dir: "\/tmp\/a \\"b\\""/);
  const leaf = leafConf({
    host: "laptop",
    hub: "nats://hub.example:7422",
    hubUser: { host: "laptop", password: "p w/?" },
    localPassword: "l",
    storeDir: "/s",
    portsDir: "/p",
    pidFile: "/p/pid",
  });
  match(leaf, /domain: "laptop"/);
  match(leaf, /url: "nats:\/\/laptop:p%20w%2F%3F@hub.example:7422"/);
  match(leaf, /listen: "127.0.0.1:-1"/);
});
