/**
 * A hub for the fabric: a nats-server with JetStream (domain `hub`), one user per host that
 * may publish only under its own name, and a credentials file per host (0600) to hand to
 * `weft fabric join --creds`. Run by `weft fabric hub` (and by the tests); any machine the
 * hosts reach can be the hub.
 *
 * @module
 */

import { join } from "node:path";
import { isHostName } from "../../protocols/bus/host_id.ts";
import { WeftError } from "../../protocols/bus/errors.ts";
import { hubConf, type HubUser } from "./nats_conf.ts";

/** What {@link writeHub} needs. */
export interface HubOptions {
  /** The hub's folder: its config, store and the hosts' credentials. */
  dir: string;
  hosts: readonly string[];
  port: number;
  leafPort: number;
  bind?: string;
  /** TLS on the leaf port: certificate and key files. */
  tls?: { cert: string; key: string };
}

/** A host's credentials file, as `weft fabric hub` writes it and `join --creds` reads it. */
export interface Creds {
  host: string;
  password: string;
}

/** The credentials file of `host` in the hub's folder. */
export function credsFile(dir: string, host: string): string {
  return join(dir, `${host}.creds`);
}

/**
 * Writes the hub's config (and a credentials file for each host that has none yet, 0600);
 * returns the config file's path. Writing again keeps the hosts' passwords.
 */
export async function writeHub(o: HubOptions): Promise<string> {
  for (const host of o.hosts) {
    if (!isHostName(host) || host === "admin") {
      throw new WeftError("INVALID_INPUT", `Cannot make a hub: "${host}" is not a host name`);
    }
  }
  await Deno.mkdir(o.dir, { recursive: true, mode: 0o700 });
  const users: HubUser[] = [];
  for (const host of [...o.hosts, "admin"]) users.push(await credsOf(o.dir, host));
  const conf = join(o.dir, "hub.conf");
  const text = hubConf({
    port: o.port,
    leafPort: o.leafPort,
    bind: o.bind ?? "127.0.0.1",
    storeDir: join(o.dir, "jetstream"),
    users: users.filter((u) => u.host !== "admin"),
    admin: users.find((u) => u.host === "admin")!,
    ...(o.tls ? { tls: o.tls } : {}),
  });
  await writePrivate(conf, text);
  return conf;
}

/** Reads a credentials file; throws `INVALID_INPUT` naming what is wrong. */
export async function readCreds(path: string): Promise<Creds> {
  let raw: unknown;
  try {
    raw = JSON.parse(await Deno.readTextFile(path));
  } catch (err) {
    throw new WeftError("INVALID_INPUT", `Cannot read credentials ${path}: ${err}`);
  }
  const c = raw as Partial<Creds>;
  if (typeof c?.host !== "string" || typeof c.password !== "string" || !isHostName(c.host)) {
    throw new WeftError("INVALID_INPUT", `Cannot read credentials ${path}: not a weft creds file`);
  }
  return { host: c.host, password: c.password };
}

async function credsOf(dir: string, host: string): Promise<Creds> {
  const path = credsFile(dir, host);
  try {
    return await readCreds(path);
  } catch {
    const bytes = crypto.getRandomValues(new Uint8Array(24));
    const password = btoa(String.fromCharCode(...bytes)).replace(/[+/=]/g, "x");
    const creds = { host, password };
    await writePrivate(path, JSON.stringify(creds) + "\n");
    return creds;
  }
}

/** Writes a file only its owner may read (0600, also when it existed). */
export async function writePrivate(path: string, text: string): Promise<void> {
  await Deno.writeTextFile(path, text, { mode: 0o600 });
  await Deno.chmod(path, 0o600);
}
