/**
 * Deno permissions derived from a plugin's grant: nothing unless granted. One source, two
 * forms: a Worker's permission object and a `deno run` process's flags.
 *
 * @module
 */

import { type Capability, DATA_CAPABILITY } from "../../protocols/bus/capabilities.ts";
import { WeftError } from "../../protocols/bus/errors.ts";

/** A plugin's private data folder, relative to the project: `.weft/data/<plugin>`. */
export function dataFolder(plugin: string): string {
  return `.weft/data/${plugin}`;
}

/**
 * A `read:`/`write:` path of a grant as a path on disk: absolute as it is, else from the
 * project, except that `.weft` and what is under it are in the project's state folder, which
 * is elsewhere for a project that cannot be written (`core/server/paths.ts`).
 *
 * @example
 * ```ts
 * import { grantPath } from "./_permissions.ts";
 * console.assert(grantPath(".weft/data/x", "/proj", "/state/p") === "/state/p/data/x");
 * console.assert(grantPath("src", "/proj") === "/proj/src");
 * ```
 */
export function grantPath(path: string, projectDir: string, stateDir?: string): string {
  if (path.startsWith("/")) return path;
  const state = /^\.weft(\/|$)/.exec(path);
  if (state && stateDir) return `${stateDir.replace(/\/$/, "")}${path.slice(".weft".length)}`;
  return `${projectDir.replace(/\/$/, "")}/${path}`;
}

/**
 * The grant with `data` turned into what Deno enforces: read and write in the plugin's own
 * data folder ({@link dataFolder}), nowhere else.
 *
 * @example
 * ```ts
 * import { withDataFolder } from "./_permissions.ts";
 * const grant = withDataFolder(new Set(["data", "pane:read"]), "notes");
 * console.assert([...grant].join() === "pane:read,read:.weft/data/notes,write:.weft/data/notes");
 * ```
 */
export function withDataFolder(
  grant: ReadonlySet<Capability>,
  plugin: string,
): ReadonlySet<Capability> {
  if (!grant.has(DATA_CAPABILITY)) return grant;
  const folder = dataFolder(plugin);
  const out = new Set([...grant].filter((c) => c !== DATA_CAPABILITY));
  return out.add(`read:${folder}`).add(`write:${folder}`);
}

/**
 * Deno Worker permissions for a grant: nothing unless granted. `read:` and `write:` paths are
 * resolved against `base`.
 *
 * @example
 * ```ts
 * import { workerPermissions } from "./_permissions.ts";
 * const p = workerPermissions(new Set(["read:data", "net:127.0.0.1"]), "/proj");
 * console.assert(JSON.stringify(p.read) === '["/proj/data"]' && p.run === false);
 * ```
 */
export function workerPermissions(
  grants: ReadonlySet<Capability>,
  base: string,
  stateDir?: string,
): Deno.PermissionOptionsObject {
  const list = (kind: string) =>
    [...grants].filter((c) => c.startsWith(`${kind}:`)).map((c) => c.slice(kind.length + 1));
  const paths = (kind: string) => list(kind).map((p) => grantPath(p, base, stateDir));
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

/**
 * The `deno run` flags for a grant: the same rights as {@link workerPermissions}, an
 * `--allow-<kind>=<list>` for each granted kind, and `--deny-import` (a Worker's `import:
 * false`); everything else is denied because `deno run` denies what it is not given.
 *
 * @example
 * ```ts
 * import { permissionFlags } from "./_permissions.ts";
 * const flags = permissionFlags(new Set(["read:data", "pane:read"]), "/proj");
 * console.assert(flags.join(" ") === "--allow-read=/proj/data --deny-import");
 * ```
 */
export function permissionFlags(
  grants: ReadonlySet<Capability>,
  base: string,
  stateDir?: string,
): string[] {
  const permissions = workerPermissions(grants, base, stateDir);
  const flags: string[] = [];
  for (const kind of ["read", "write", "net", "run", "env"] as const) {
    const value = permissions[kind];
    if (!Array.isArray(value)) continue;
    // Deno splits a flag's list at commas: "/a,b" would grant "/a", a wider path.
    const bad = value.find((v) => String(v).includes(","));
    if (bad !== undefined) {
      throw new WeftError("INVALID_INPUT", `Cannot grant ${kind}:${bad}: it holds a comma`);
    }
    flags.push(`--allow-${kind}=${value.join(",")}`);
  }
  flags.push("--deny-import");
  return flags;
}
