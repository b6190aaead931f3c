/**
 * The `fabric` plugin's options: as a project writes them under `weft.plugins.fabric.options`,
 * or as `weft fabric join` wrote them to the plugin's data folder (`join.json`, 0600). The
 * project's config wins key by key; the host's password is only ever in the data folder.
 *
 * @module
 */

import { optionsParser, WeftError, z } from "@weft/weft/plugin";
import { HOST_RIGHTS } from "../../protocols/bus/capabilities.ts";
import { isHostName } from "../../protocols/bus/host_id.ts";
import { JOIN_FILE } from "./joined.ts";

export { JOIN_FILE };

/** Every option of the `fabric` plugin. */
export interface Options {
  /** The hub's leaf-node URL (`nats://hub:7422`, or `tls://…`); none: not joined. */
  hub: string;
  /** This server's host name in the fabric. */
  as: string;
  /** What each other host may do here, in words (`read`, `write`, `spawn`, `message`, `control`). */
  hosts: Record<string, string[]>;
  /** A CA certificate file (in the data folder) to check the hub's TLS certificate with. */
  caFile: string;
  /** How long a call waits for a host that does not answer before `HOST_UNREACHABLE` (ms). */
  reachMs: number;
  /** How often this host says it is alive (ms); it counts as gone after three times that. */
  heartbeatMs: number;
}

/** The options of a project that sets none. */
export const defaults: Options = {
  hub: "",
  as: "",
  hosts: {},
  caFile: "",
  reachMs: 1500,
  heartbeatMs: 1000,
};

const Rights = z.array(z.enum(Object.keys(HOST_RIGHTS) as [string, ...string[]]));

const Schema = z.strictObject({
  hub: z.string().regex(/^(nats|tls):\/\/[^/\s]+$/, "write nats://HOST:PORT").optional(),
  as: z.string().refine(isHostName, "is not a host name").optional(),
  hosts: z.record(z.string().refine(isHostName, "is not a host name"), Rights).optional(),
  caFile: z.string().optional(),
  reachMs: z.number().int().min(100).max(60_000).optional(),
  heartbeatMs: z.number().int().min(100).max(60_000).optional(),
});

/** Validates options and fills in the defaults; a wrong key is named. */
export const parseOptions: (raw: unknown) => Options = optionsParser<Options>("fabric", {
  schema: Schema,
  defaults,
});

/** What `weft fabric join` writes to the data folder: the options plus this host's password. */
export interface JoinFile extends Partial<Options> {
  password: string;
}

/**
 * The options of a joined host: the join file under the project's options (a key the project
 * set wins), checked again; throws `INVALID_INPUT` when it is not joined after all.
 */
export function joinedOptions(
  project: Options,
  file: JoinFile | undefined,
): Options & { password: string } {
  const { password, ...fromFile } = file ?? { password: "" };
  const set = Object.entries(project).filter(([k, v]) =>
    JSON.stringify(v) !== JSON.stringify(defaults[k as keyof Options])
  );
  const options = parseOptions({ ...fromFile, ...Object.fromEntries(set) });
  options.hosts = { ...fromFile.hosts, ...project.hosts };
  if (!options.hub || !options.as || !password) {
    throw new WeftError(
      "INVALID_INPUT",
      "Cannot join the fabric: run `weft fabric join nats://HUB:PORT --as NAME --creds FILE` " +
        "first (no hub, host name or credentials yet)",
    );
  }
  return { ...options, password };
}
