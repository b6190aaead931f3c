/**
 * An npm package fetched into Deno's npm cache (`deno cache npm:…`), for tests that run a real
 * CLI shipped on npm (Claude Code, Codex): works on a fresh machine that reaches only the npm
 * registry, and fetches each version once.
 *
 * @module
 */

import { join } from "node:path";

/**
 * The directory of `name@version` in Deno's npm cache, fetched first when missing. Throws with
 * the command's output when the registry cannot be reached.
 */
export async function npmPackageDir(name: string, version: string): Promise<string> {
  const spec = `npm:${name}@${version}`;
  const cache = await new Deno.Command(Deno.execPath(), {
    args: ["cache", "--no-lock", "--quiet", spec],
    stdout: "piped",
    stderr: "piped",
  }).output();
  if (!cache.success) {
    throw new Error(`Cannot fetch ${spec}: ${new TextDecoder().decode(cache.stderr)}`);
  }
  const info = await new Deno.Command(Deno.execPath(), {
    args: ["info", "--json"],
    stdout: "piped",
  })
    .output();
  const { npmCache } = JSON.parse(new TextDecoder().decode(info.stdout)) as { npmCache: string };
  return join(npmCache, "registry.npmjs.org", name, version);
}
