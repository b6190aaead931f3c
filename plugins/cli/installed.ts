/**
 * Whether weft is installed as a command: then configs and tasks say `weft`, not the path of
 * the Deno binary running this checkout (which may be in npx's cache).
 *
 * @module
 */

import { join } from "node:path";
import { fileURLToPath } from "node:url";

/**
 * `"weft"` when the `weft` first on `PATH` runs this checkout's CLI: a `deno install` launcher
 * naming this `main.ts`, or a compiled weft (this process's own binary). Then a config says
 * `weft mcp`, not the Deno binary's path (which may be in npx's cache).
 */
export function installedWeft(path: string | undefined): string | undefined {
  const main = new URL("../../main.ts", import.meta.url).href;
  for (const dir of (path ?? "").split(":").filter(Boolean)) {
    const file = join(dir, "weft");
    let info: Deno.FileInfo;
    try {
      info = Deno.statSync(file);
    } catch {
      continue;
    }
    if (!info.isFile) continue;
    if (Deno.realPathSync(file) === Deno.realPathSync(Deno.execPath())) return "weft";
    // A launcher is a small script; a larger file is some other program called weft.
    if (info.size > 64 * 1024) return undefined;
    const text = new TextDecoder().decode(Deno.readFileSync(file));
    return text.includes(main) || text.includes(fileURLToPath(main)) ? "weft" : undefined;
  }
  return undefined;
}
