/**
 * Reading what a plugin module asks for before anyone grants it anything: its module runs in a
 * plugin process with no rights at all (no files, network, programs or environment) until it
 * has shown its manifest, and is then ended. `weft plugin add` shows the result to the person
 * who decides the grant.
 *
 * @module
 */

import { WeftError } from "../../protocols/bus/errors.ts";
import type { Manifest } from "../../protocols/plugin/mod.ts";
import { PluginLink } from "./_link.ts";
import { moduleUrl } from "./_load.ts";
import { isWeftModule, processTransport } from "./_process_transport.ts";
import type { TransportFactory } from "./_transport.ts";

/** Options of {@link inspectPlugin}. */
export interface InspectOptions {
  /** A relative `from` is taken from here. */
  projectDir: string;
  /** How long the module may take to load and show its manifest (a URL is fetched first). */
  timeoutMs?: number;
  /** Its memory cap while it loads. */
  memoryMiB?: number;
  transport?: TransportFactory;
}

/** Most stderr lines kept to explain a module that failed to load. */
const STDERR_LINES = 20;

/**
 * The manifest of the plugin module at `from` (a path, `file:`, `https:` or `npm:`), loaded
 * with no rights. A module that does not load (a syntax error, a missing import, no
 * `definePlugin`) is an `INVALID_INPUT` error that names it and carries what Deno said, with
 * the file and line.
 *
 * @example
 * ```ts ignore
 * const manifest = await inspectPlugin("./plugins/hello/mod.ts", { projectDir: "/proj" });
 * console.log(manifest.name, manifest.capabilities);
 * ```
 */
export async function inspectPlugin(from: string, options: InspectOptions): Promise<Manifest> {
  const url = moduleUrl(from, options.projectDir);
  const stderr: string[] = [];
  let down = "";
  const link = new PluginLink({
    url,
    // Read once, with no rights: nothing of it goes to any lock (weft's least of all).
    ...(isWeftModule(url) ? {} : { lockFile: null }),
    // The runtime answers with the module's own plugin when this name is not the one it defines.
    plugin: "inspect",
    grant: new Set(),
    projectDir: options.projectDir,
    memoryMiB: options.memoryMiB ?? 256,
    heartbeatMs: 0,
    transport: options.transport ?? processTransport,
  }, {
    message: () => {},
    down: (reason) => void (down = reason),
    invalid: () => {},
    stderr: (line) => void (stderr.length < STDERR_LINES && stderr.push(line)),
  });
  try {
    const { manifest } = await link.next("manifest", options.timeoutMs ?? 60_000);
    return manifest;
  } catch (err) {
    await settle(link.exited);
    const said = deno(stderr) || down || (err as Error).message;
    throw new WeftError("INVALID_INPUT", `Cannot load plugin module ${url.href}: ${said}`, {
      from: url.href,
    });
  } finally {
    link.terminate("its manifest was read");
    await settle(link.exited);
  }
}

/** What Deno said, without colours or its own backtrace. */
function deno(lines: readonly string[]): string {
  // deno-lint-ignore no-control-regex
  const text = lines.join("\n").replace(/\x1b\[[0-9;]*m/g, "");
  return text.replace(/\n?Stack backtrace:[\s\S]*$/, "").replace(/^error: /, "").trim();
}

async function settle(p: Promise<unknown>): Promise<void> {
  await p.catch(() => {});
}
