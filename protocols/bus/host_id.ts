/**
 * Ids that may name a host: `buildbox/p3` is pane `p3` on host `buildbox`; a plain `p3` (or a
 * name) is on the local host. A reference is an id or a unique name, and names cannot hold a
 * `/`, so the first `/` is the only thing that says "another host".
 *
 * @module
 */

import { WeftError } from "./errors.ts";

/** A reference split at its host: `host` is undefined for a plain (local) reference. */
export interface HostRef {
  host: string | undefined;
  ref: string;
}

/** What a host name may be: a DNS-like label run, as `hostname` prints it. */
const HOST_NAME = /^[A-Za-z0-9](?:[A-Za-z0-9_.-]{0,62})$/;

/** Whether `name` is a well-formed host name. */
export function isHostName(name: string): boolean {
  return HOST_NAME.test(name);
}

/**
 * Splits a reference into its host and the reference on that host; throws `INVALID_INPUT` for
 * one with an empty or malformed host or reference, or more than one `/`.
 *
 * @example
 * ```ts
 * import { parseHostRef } from "./host_id.ts";
 * console.assert(parseHostRef("buildbox/p3").host === "buildbox");
 * console.assert(parseHostRef("buildbox/p3").ref === "p3");
 * console.assert(parseHostRef("p3").host === undefined);
 * ```
 */
export function parseHostRef(ref: string): HostRef {
  const slash = ref.indexOf("/");
  if (slash < 0) return { host: undefined, ref };
  const host = ref.slice(0, slash);
  const rest = ref.slice(slash + 1);
  if (!isHostName(host) || rest === "" || rest.includes("/")) {
    throw new WeftError(
      "INVALID_INPUT",
      `Cannot read "${ref}": write HOST/ID (e.g. buildbox/p3) or a plain id or name`,
      { ref },
    );
  }
  return { host, ref: rest };
}

/**
 * The reference `ref` on `host`, as another host names it.
 *
 * @example
 * ```ts
 * import { qualifyRef } from "./host_id.ts";
 * console.assert(qualifyRef("buildbox", "p3") === "buildbox/p3");
 * console.assert(qualifyRef("buildbox", "other/p3") === "other/p3");
 * ```
 */
export function qualifyRef(host: string, ref: string): string {
  if (!isHostName(host)) {
    throw new TypeError(`Cannot qualify "${ref}": "${host}" is not a host name`);
  }
  return ref.includes("/") ? ref : `${host}/${ref}`;
}

/** Whether two host names are the same host (host names are case-insensitive). */
export function sameHost(a: string, b: string): boolean {
  return a.toLowerCase() === b.toLowerCase();
}
