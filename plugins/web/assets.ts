/**
 * The page's files: weft's own (`plugins/web/assets/`) and xterm.js from its npm package, read
 * from the local npm cache, so nothing is fetched from the internet at run time.
 *
 * @module
 */

import { stateCss } from "../../protocols/terminal/state_look.ts";
import { dirname, extname, join } from "node:path";
// Brings the packages into the module graph, so they resolve to their folders in the npm cache.
import "@xterm/xterm/package.json" with { type: "json" };
import "@xterm/addon-webgl/package.json" with { type: "json" };
import "@xterm/addon-unicode11/package.json" with { type: "json" };
import { fileURLToPath } from "node:url";

/** The folder of weft's own page files. */
export const OWN_DIR: string = fileURLToPath(new URL("./assets/", import.meta.url));

/** The root folder of an npm package pinned in weft's deno.json (and imported above). */
function packageDir(name: string): string {
  return dirname(fileURLToPath(import.meta.resolve(`${name}/package.json`)));
}

/** The root folder of the `@xterm/xterm` package. */
export const XTERM_DIR: string = packageDir("@xterm/xterm");
/** The root folder of `@xterm/addon-webgl` (the GPU renderer, where it helps). */
export const WEBGL_DIR: string = packageDir("@xterm/addon-webgl");
/** The root folder of `@xterm/addon-unicode11` (the server's screens' character widths). */
export const UNICODE11_DIR: string = packageDir("@xterm/addon-unicode11");

/** Page paths served from the npm packages. */
const VENDOR: Record<string, string> = {
  "xterm.js": join(XTERM_DIR, "lib/xterm.js"),
  "xterm.css": join(XTERM_DIR, "css/xterm.css"),
  "addon-webgl.js": join(WEBGL_DIR, "lib/addon-webgl.js"),
  "addon-unicode11.js": join(UNICODE11_DIR, "lib/addon-unicode11.js"),
};

const TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
};

/**
 * The body and type of a page file, or undefined when there is no such file.
 *
 * @example
 * ```ts ignore
 * const page = await readAsset("index.html");
 * ```
 */
export async function readAsset(
  path: string,
): Promise<{ body: Uint8Array; type: string } | undefined> {
  // The badges' colours, from the look the TUI draws too (one palette for every door).
  if (path === "states.css") {
    return { body: new TextEncoder().encode(stateCss()), type: TYPES[".css"]! };
  }
  const vendored = VENDOR[path];
  const own = /^[a-z_]+\.(html|js|css)$/.test(path) ? join(OWN_DIR, path) : undefined;
  const file = vendored ?? own;
  if (!file) return undefined;
  try {
    return { body: await Deno.readFile(file), type: TYPES[extname(file)] ?? "text/plain" };
  } catch (err) {
    if (err instanceof Deno.errors.NotFound) return undefined;
    throw err;
  }
}
