/**
 * `weft fabric join|leave|status|hub`: join this project's server to a fabric (the join file,
 * 0600, in the plugin's data folder; the running server starts the plugin at once), see its
 * hosts, or run a hub. No NATS code is loaded here.
 *
 * @module
 */

import { dirname, join, resolve } from "node:path";
import { parseArgs } from "../cli/args.ts";
import { type CliIo, print, type Subcommand, UsageError, withClient } from "../cli/io.ts";
import { WeftClient } from "../client/mod.ts";
import { findConfigFile } from "../../core/sdk/config.ts";
import { hostGrant } from "../../protocols/bus/capabilities.ts";
import { isHostName } from "../../protocols/bus/host_id.ts";
import type { FabricHost } from "../../protocols/bus/fabric.ts";
import { readCreds, writeHub, writePrivate } from "./hub.ts";
import { fabricDir } from "./joined.ts";
import { JOIN_FILE, type JoinFile } from "./options.ts";

/** The hub's CA certificate, in the plugin's data folder, when the hub speaks TLS. */
const HUB_CA = "hub-ca.pem";

const USAGE = [
  "weft fabric join nats://HUB:PORT --as NAME --creds FILE [--grant HOST=read,write,spawn,message,control]... [--ca FILE]",
  "weft fabric leave",
  "weft fabric status [--wait HOST]... [--timeout MS] [--json]",
  "weft fabric hub --dir DIR --hosts A,B [--port 4222] [--leaf-port 7422] [--bind ADDR] [--tls-cert F --tls-key F] [--init]",
].join(" | ");

/** The project folder the CLI is in: where its config is, else the cwd. */
async function projectOf(io: CliIo, given?: string): Promise<string> {
  const start = given ? resolve(io.cwd, given) : io.cwd;
  const file = await findConfigFile(start);
  return file ? dirname(file) : start;
}

async function joinFabric(args: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: {
      as: { type: "string" },
      creds: { type: "string" },
      grant: { type: "string", multiple: true },
      ca: { type: "string" },
      project: { type: "string" },
    },
  });
  const hub = positionals[0];
  if (!hub || !/^(nats|tls):\/\/[^/\s]+$/.test(hub)) {
    throw new UsageError("weft fabric join needs the hub's URL: nats://HUB:PORT");
  }
  if (!values.as || !isHostName(values.as)) throw new UsageError("--as NAME: this host's name");
  if (!values.creds) throw new UsageError("--creds FILE: this host's credentials from the hub");
  const creds = await readCreds(resolve(io.cwd, values.creds));
  if (creds.host !== values.as) {
    throw new UsageError(`--creds is host "${creds.host}"'s, not "${values.as}"'s`);
  }
  const hosts: Record<string, string[]> = {};
  for (const g of values.grant ?? []) {
    const [host, words = ""] = g.split("=", 2);
    if (!host || !isHostName(host)) throw new UsageError(`--grant ${g}: write HOST=read,write`);
    hosts[host] = words ? words.split(",") : [];
    hostGrant(hosts[host]!);
  }
  const project = await projectOf(io, values.project);
  const dir = fabricDir(project);
  await Deno.mkdir(dir, { recursive: true, mode: 0o700 });
  // The CA that signed the hub's TLS certificate, kept beside the join file for the node.
  if (values.ca) {
    const pem = await Deno.readTextFile(resolve(io.cwd, values.ca));
    await writePrivate(join(dir, HUB_CA), pem);
  } else await Deno.remove(join(dir, HUB_CA)).catch(() => {});
  const file: JoinFile = {
    hub,
    as: values.as,
    hosts,
    password: creds.password,
    ...(values.ca ? { caFile: HUB_CA } : {}),
  };
  await writePrivate(join(dir, JOIN_FILE), JSON.stringify(file, null, 2) + "\n");
  io.out(`joined ${hub} as "${values.as}"\n`);
  let client: WeftClient;
  try {
    client = await WeftClient.find(project, { client: "cli" });
  } catch {
    io.out("weft serve starts this host's node of the fabric\n");
    return 0;
  }
  try {
    const started = await client.call<{ state: string; lastError?: { message: string } }>(
      "server.plugin_start",
      { name: "fabric" },
    );
    if (started.state !== "running") {
      io.err(`weft: the fabric plugin is ${started.state}: ${started.lastError?.message ?? ""}\n`);
      return 1;
    }
    io.out("this server's node of the fabric is running\n");
    return 0;
  } finally {
    client.close();
  }
}

async function leave(args: string[], io: CliIo): Promise<number> {
  const { values } = parseArgs({ args, options: { project: { type: "string" } } });
  const dir = fabricDir(await projectOf(io, values.project));
  await Deno.remove(join(dir, JOIN_FILE)).catch(() => {});
  io.out("left the fabric (from the next weft serve)\n");
  return 0;
}

async function status(args: string[], io: CliIo): Promise<number> {
  const { values } = parseArgs({
    args,
    options: {
      json: { type: "boolean" },
      wait: { type: "string", multiple: true },
      timeout: { type: "string", default: "30000" },
    },
  });
  return await withClient(io, async (client) => {
    const until = Date.now() + Number(values.timeout);
    const waitFor = values.wait ?? [];
    for (;;) {
      const value = await client.call<{ hub: string; hosts: FabricHost[] }>("fabric.hosts", {});
      const missing = waitFor.filter((w) =>
        !value.hosts.some((h) => h.host === w && h.state === "up")
      );
      if (!missing.length || Date.now() > until) {
        print(
          io,
          !!values.json,
          value,
          () => `hub ${value.hub}\n` + value.hosts.map((h) => `${h.host}  ${h.state}\n`).join(""),
        );
        if (!missing.length) return 0;
        io.err(`weft: not up within ${values.timeout} ms: ${missing.join(", ")}\n`);
        return 1;
      }
      await new Promise((r) => setTimeout(r, 100));
    }
  });
}

async function hub(args: string[], io: CliIo): Promise<number> {
  const { values } = parseArgs({
    args,
    options: {
      dir: { type: "string" },
      hosts: { type: "string" },
      port: { type: "string", default: "4222" },
      "leaf-port": { type: "string", default: "7422" },
      bind: { type: "string", default: "127.0.0.1" },
      init: { type: "boolean" },
      "tls-cert": { type: "string" },
      "tls-key": { type: "string" },
    },
  });
  if (!values.dir || !values.hosts) throw new UsageError("weft fabric hub needs --dir and --hosts");
  const conf = await writeHub({
    dir: resolve(io.cwd, values.dir),
    hosts: values.hosts.split(",").filter(Boolean),
    port: Number(values.port),
    leafPort: Number(values["leaf-port"]),
    bind: values.bind,
    ...(values["tls-cert"] && values["tls-key"]
      ? {
        tls: { cert: resolve(io.cwd, values["tls-cert"]), key: resolve(io.cwd, values["tls-key"]) },
      }
      : {}),
  });
  io.err(`weft: hub config ${conf}; credentials <host>.creds beside it\n`);
  if (values.init) return 0;
  const child = new Deno.Command("nats-server", { args: ["-c", conf], stdin: "null" }).spawn();
  const stop = () => child.kill("SIGTERM");
  Deno.addSignalListener("SIGINT", stop);
  Deno.addSignalListener("SIGTERM", stop);
  const { code } = await child.status;
  Deno.removeSignalListener("SIGINT", stop);
  Deno.removeSignalListener("SIGTERM", stop);
  return code;
}

const ACTIONS: Record<string, (args: string[], io: CliIo) => Promise<number>> = {
  join: joinFabric,
  leave,
  status,
  hub,
};

/** The `fabric` subcommand. */
export const fabric: Subcommand = {
  usage: USAGE,
  summary: "Join several weft servers into one fabric (NATS): remote panes by HOST/ID",
  run: async (args, io) => {
    const action = ACTIONS[args[0] ?? ""];
    if (!action) throw new UsageError(`usage: ${USAGE}`);
    return await action(args.slice(1), io);
  },
};
