/**
 * The TOML parser, loaded at the first TOML file read or written: a project configured in its
 * `deno.json` never parses smol-toml's modules (issue 23: nothing loads before it is used).
 *
 * @module
 */

/** smol-toml's module, once loaded. */
export type Toml = typeof import("smol-toml");

/** Loads smol-toml (once; later calls get the same module). */
export function loadToml(): Promise<Toml> {
  return import("smol-toml");
}
