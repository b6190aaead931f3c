/**
 * Capabilities: a closed list of coarse, human-readable rights. Deny by default: a capability
 * nobody knows is an error, never a grant.
 *
 * @module
 */

import { WeftError } from "./errors.ts";

/** Bus capabilities a command can require and a plugin can be granted. */
export const BUS_CAPABILITIES = [
  "pane:read",
  "pane:write",
  "pane:spawn",
  "pane:control",
  /** Answer an agent's dialog (`pane.answer`): approve, deny, choose. */
  "pane:answer",
  "layout:write",
  "session:admin",
  "canvas:draw",
  "message:send",
  "message:read",
] as const;

/** A bus capability. */
export type BusCapability = typeof BUS_CAPABILITIES[number];

/**
 * What "read-only" leaves a caller, the same in every door (MCP over HTTP or stdio, the web
 * page, a socket client): it may read panes and messages, and write, spawn, control, lay out,
 * draw or send nothing. A door narrows to these and to its own rights (the web page, which may
 * not read messages, keeps `pane:read`).
 */
export const READ_ONLY: readonly BusCapability[] = ["pane:read", "message:read"];

/**
 * The plugin's own data folder, `.weft/data/<plugin>/`: read and write there and nowhere else
 * (the plugin opens its own SQLite file in it). A Deno-level right without an argument: the
 * host names the folder.
 */
export const DATA_CAPABILITY = "data";

/**
 * Carry calls for other hosts: a plugin granted it may tell the host which hosts it reaches
 * (the fabric), and the bus hands it the calls whose targets name those hosts.
 */
export const ROUTE_CAPABILITY = "route";

/** Deno-level capabilities, each with an argument: `net:127.0.0.1:8080`, `read:./data`. */
export const DENO_CAPABILITY_KINDS = ["net", "read", "write", "run", "env"] as const;

/** A capability: a bus one or a Deno-level one with its argument. */
export type Capability =
  | BusCapability
  | typeof DATA_CAPABILITY
  | typeof ROUTE_CAPABILITY
  | `${typeof DENO_CAPABILITY_KINDS[number]}:${string}`;

/** What a caller may do: a set of capabilities, or everything (the local owner of the socket). */
export type GrantSet = ReadonlySet<Capability> | "all";

/**
 * Checks that `value` names a known capability and returns it typed; anything else throws.
 *
 * @example
 * ```ts
 * import { parseCapability } from "./capabilities.ts";
 * console.assert(parseCapability("pane:read") === "pane:read");
 * ```
 */
export function parseCapability(value: string): Capability {
  if ((BUS_CAPABILITIES as readonly string[]).includes(value)) return value as Capability;
  if (value === DATA_CAPABILITY || value === ROUTE_CAPABILITY) return value;
  const colon = value.indexOf(":");
  const kind = colon > 0 ? value.slice(0, colon) : "";
  if ((DENO_CAPABILITY_KINDS as readonly string[]).includes(kind) && value.length > colon + 1) {
    return value as Capability;
  }
  throw new WeftError(
    "INVALID_INPUT",
    `Cannot use capability "${value}": it is not one of ${BUS_CAPABILITIES.join(", ")}, ` +
      `${DATA_CAPABILITY}, ${ROUTE_CAPABILITY}, or net:/read:/write:/run:/env: with an argument`,
  );
}

/** The capabilities of `a` that `b` also has. */
export function intersect(a: GrantSet, b: GrantSet): GrantSet {
  if (a === "all") return b;
  if (b === "all") return a;
  return new Set([...a].filter((c) => b.has(c)));
}

/** The required capabilities that `grants` lacks, in the order given. */
export function missing(required: readonly Capability[], grants: GrantSet): Capability[] {
  if (grants === "all") return [];
  return required.filter((c) => !grants.has(c));
}

/**
 * What a project may grant another host of its fabric, in words, and the bus capabilities each
 * word stands for. A host granted nothing (or not named) may do nothing here.
 */
export const HOST_RIGHTS = {
  read: ["pane:read"],
  write: ["pane:write"],
  spawn: ["pane:spawn"],
  message: ["message:send", "message:read"],
  /** Close, focus and set the metadata of its panes (the tmux shim's remote teammates). */
  control: ["pane:control"],
} as const satisfies Record<string, readonly BusCapability[]>;

/** A word of {@link HOST_RIGHTS}. */
export type HostRight = keyof typeof HOST_RIGHTS;

/**
 * The bus capabilities `words` grant a remote host; an unknown word throws `INVALID_INPUT`.
 *
 * @example
 * ```ts
 * import { hostGrant } from "./capabilities.ts";
 * console.assert(hostGrant(["read", "message"]).join() === "pane:read,message:send,message:read");
 * ```
 */
export function hostGrant(words: readonly string[]): BusCapability[] {
  return words.flatMap((word) => {
    if (!Object.hasOwn(HOST_RIGHTS, word)) {
      throw new WeftError(
        "INVALID_INPUT",
        `Cannot grant a host "${word}": write ${Object.keys(HOST_RIGHTS).join(", ")}`,
      );
    }
    return [...HOST_RIGHTS[word as HostRight]];
  });
}
