/**
 * Deno permissions derived from a plugin's grant: nothing unless granted.
 *
 * @module
 */

import type { Capability } from "../../protocols/bus/capabilities.ts";

/**
 * Deno Worker permissions for a grant: nothing unless granted. `read:` and `write:` paths are
 * resolved against `base`.
 */
export function workerPermissions(
  grants: ReadonlySet<Capability>,
  base: string,
): Deno.PermissionOptionsObject {
  const list = (kind: string) =>
    [...grants].filter((c) => c.startsWith(`${kind}:`)).map((c) => c.slice(kind.length + 1));
  const paths = (kind: string) =>
    list(kind).map((p) => (p.startsWith("/") ? p : `${base.replace(/\/$/, "")}/${p}`));
  const orFalse = <T>(xs: T[]): T[] | false => (xs.length ? xs : false);
  return {
    read: orFalse(paths("read")),
    write: orFalse(paths("write")),
    net: orFalse(list("net")),
    run: orFalse(list("run")),
    env: orFalse(list("env")),
    ffi: false,
    sys: false,
    import: false,
  };
}
