/**
 * Running the weft CLI from source as a child process, from any directory.
 *
 * @module
 */

/** The CLI entry. */
export const MAIN = new URL("../../main.ts", import.meta.url).pathname;
/** weft's deno.json: a child started in a project directory must not pick up the project's. */
export const CONFIG = new URL("../../deno.json", import.meta.url).pathname;

/** The arguments that run the weft CLI with Deno from anywhere. */
export function weftArgs(...args: string[]): string[] {
  return ["run", "--allow-all", "--unstable-worker-options", "--config", CONFIG, MAIN, ...args];
}
