/**
 * The nats-server configuration files weft writes: a hub (accounts, one user per host with the
 * subjects it may use) and a host's local leaf node (JetStream in its own domain, one local
 * user: weft itself). Pure text from data; the subjects every host uses are declared here once.
 *
 * Subjects (`<from>` is always the publisher's own host name, which the hub enforces):
 * - `weft.<from>.rpc.<to>.<command>`: a call from host `from` for host `to` (request/reply).
 * - `weft.<from>.msg.<to>`: a message from host `from` for host `to`'s inbox stream.
 * - `weft.<from>.ev.<to>.<id>`: a pane's output that host `from` publishes for host `to`, who
 *   follows it (`taps.ts`); only `to` may receive it.
 * - `weft.<host>.out.<pane>`: a followed pane's output kept in its host's own node (never leaves it).
 * - `$KV.weft_hosts.<host>`: presence, in a KV bucket of the hub's JetStream domain.
 * - `_INBOX.<host>.…`: the replies a host waits for (only it may receive them).
 *
 * @module
 */

/** The hub's JetStream domain (every host's leaf has its own, named after the host). */
export const HUB_DOMAIN = "hub";
/** The KV bucket of presence: one key per host, refreshed while it lives. */
export const PRESENCE_BUCKET = "weft_hosts";

/** The subject of a call from `from` to `to` for `command`. */
export function rpcSubject(from: string, to: string, command: string): string {
  return `weft.${from}.rpc.${to}.${command}`;
}

/**
 * The subject a host listens on for calls from `from`. One per peer, never `weft.*.rpc.…`: the
 * hub passes a leaf's interest on to another leaf only within what that leaf may publish.
 */
export function rpcListen(from: string, host: string): string {
  return `weft.${from}.rpc.${host}.>`;
}

/** The inbox prefix of a host's requests: replies under it reach only that host. */
export function inboxOf(host: string): string {
  return `_INBOX.${host}`;
}

/** One host's account on the hub. */
export interface HubUser {
  host: string;
  password: string;
}

/** What the hub listens on. */
export interface HubConf {
  /** Client port on 127.0.0.1 (a tool's or a test's own connection). */
  port: number;
  /** Leaf-node port, where hosts join. */
  leafPort: number;
  /** Address to listen on. */
  bind: string;
  storeDir: string;
  users: readonly HubUser[];
  /** The hub's own administrative user (full rights in the account). */
  admin: HubUser;
  /** TLS for the leaf port: certificate and key files. */
  tls?: { cert: string; key: string };
}

/** A host's rights on the hub: its own subjects, its own presence, the replies it awaits. */
export function hostPermissions(host: string): { publish: string[]; subscribe: string[] } {
  const api = `$JS.${HUB_DOMAIN}.API`;
  const stream = `KV_${PRESENCE_BUCKET}`;
  return {
    publish: [
      `weft.${host}.>`,
      // Replies to calls it serves (a reply subject is another host's inbox).
      "_INBOX.>",
      // Its own presence key; a leaf's KV put crosses with the hub's domain prefix on it.
      `${api}.$KV.${PRESENCE_BUCKET}.${host}`,
      `${api}.STREAM.INFO.${stream}`,
      `${api}.STREAM.CREATE.${stream}`,
      `${api}.CONSUMER.CREATE.${stream}`,
      `${api}.CONSUMER.*.${stream}.>`,
      `${api}.CONSUMER.MSG.NEXT.${stream}.>`,
      `${api}.DIRECT.GET.${stream}`,
      `${api}.DIRECT.GET.${stream}.>`,
      `${api}.STREAM.MSG.GET.${stream}`,
      `${api}.INFO`,
    ],
    subscribe: [
      `weft.*.rpc.${host}.>`,
      // Output of panes it follows, published for it alone (taps.ts).
      `weft.*.ev.${host}.>`,
      `${inboxOf(host)}.>`,
      // Messages for its inbox stream (inbox.ts); its node stores only those of granted hosts.
      `weft.*.msg.${host}`,
    ],
  };
}

/**
 * The hub's configuration.
 *
 * @example
 * ```ts
 * import { hubConf } from "./nats_conf.ts";
 * const text = hubConf({ port: 4222, leafPort: 7422, bind: "127.0.0.1", storeDir: "/tmp/js",
 *   users: [{ host: "laptop", password: "pw" }], admin: { host: "admin", password: "pa" } });
 * console.assert(text.includes('"weft.laptop.>"'));
 * ```
 */
export function hubConf(c: HubConf): string {
  const user = (u: HubUser) => {
    const p = hostPermissions(u.host);
    return `      { user: ${q(u.host)}, password: ${q(u.password)}, permissions: {
          publish: { allow: [${p.publish.map(q).join(", ")}] },
          subscribe: { allow: [${p.subscribe.map(q).join(", ")}] } } }`;
  };
  const tls = c.tls
    ? `\n  tls { cert_file: ${q(c.tls.cert)}, key_file: ${q(c.tls.key)}, timeout: 2 }`
    : "";
  return `# Written by weft (weft fabric hub): one user per host, each publishing only as itself.
server_name: ${q(HUB_DOMAIN)}
listen: ${q(`${c.bind}:${c.port}`)}
jetstream { store_dir: ${q(c.storeDir)}, domain: ${
    q(HUB_DOMAIN)
  }, max_memory_store: 64MB, max_file_store: 256MB }
accounts {
  WEFT {
    jetstream: enabled
    users: [
      { user: ${q(c.admin.host)}, password: ${q(c.admin.password)} }
${c.users.map(user).join("\n")}
    ]
  }
}
leafnodes {
  listen: ${q(`${c.bind}:${c.leafPort}`)}${tls}
}
`;
}

/** A host's local leaf node. */
export interface LeafConf {
  host: string;
  /** The hub's leaf URL, with no credentials in it (`nats://hub:7422`, `tls://…`). */
  hub: string;
  /** The host's user and password on the hub. */
  hubUser: HubUser;
  /** weft's own password on the local node (the only client it takes). */
  localPassword: string;
  storeDir: string;
  /** Where nats-server writes its ports file (its client port is picked when it starts). */
  portsDir: string;
  pidFile: string;
  /** A CA file to trust for the hub's TLS certificate. */
  caFile?: string;
}

/**
 * A host's leaf-node configuration: local clients only on 127.0.0.1 with weft's password,
 * JetStream in the host's own domain, one remote to the hub.
 */
export function leafConf(c: LeafConf): string {
  const url = new URL(c.hub);
  url.username = encodeURIComponent(c.hubUser.host);
  url.password = encodeURIComponent(c.hubUser.password);
  const tls = c.caFile ? `, tls: { ca_file: ${q(c.caFile)} }` : "";
  return `# Written by weft: this host's node of the fabric, joined to the hub as a leaf.
server_name: ${q(c.host)}
listen: "127.0.0.1:-1"
ports_file_dir: ${q(c.portsDir)}
pid_file: ${q(c.pidFile)}
authorization { user: "weft", password: ${q(c.localPassword)} }
jetstream { store_dir: ${q(c.storeDir)}, domain: ${
    q(c.host)
  }, max_memory_store: 32MB, max_file_store: 128MB }
leafnodes {
  reconnect: 1
  remotes: [ { url: ${q(url.href)}${tls} } ]
}
`;
}

/** A quoted string in nats-server's config syntax (JSON strings are valid there). */
function q(value: string): string {
  return JSON.stringify(value);
}
