/**
 * Pieces of loading a plugin that need no state: where its module is, whether its manifest is
 * acceptable, and which load errors a restart cannot fix.
 *
 * @module
 */

import { pathToFileURL } from "node:url";
import { type ErrorBody, WeftError } from "../../protocols/bus/errors.ts";
import { type Manifest, PROTOCOL_VERSION } from "../../protocols/plugin/mod.ts";

const fatal = new WeakSet<object>();

/**
 * An error that ends a plugin's load for good (state `failed`, no restart).
 *
 * @example
 * ```ts
 * import { fatalError, isFatal } from "./_load.ts";
 * console.assert(isFatal(fatalError("DENIED", "no")));
 * console.assert(!isFatal(new Error("maybe next time")));
 * ```
 */
export function fatalError(code: WeftError["code"], message: string): WeftError {
  const err = new WeftError(code, message);
  fatal.add(err);
  return err;
}

/** True for an error made by {@link fatalError}. */
export function isFatal(err: unknown): boolean {
  return typeof err === "object" && err !== null && fatal.has(err);
}

/**
 * Throws a fatal error unless the manifest speaks this protocol and names the configured plugin.
 *
 * @example
 * ```ts
 * import { checkManifest } from "./_load.ts";
 * const manifest = { protocol: 1, name: "hello", version: "1", capabilities: [], commands: [] };
 * checkManifest(manifest, "hello");
 * ```
 */
export function checkManifest(manifest: Manifest, configured: string): void {
  if (manifest.protocol !== PROTOCOL_VERSION) {
    throw fatalError(
      "INVALID_INPUT",
      `it speaks plugin protocol ${manifest.protocol}, the host speaks ${PROTOCOL_VERSION}`,
    );
  }
  if (manifest.name !== configured) {
    throw fatalError("INVALID_INPUT", `its module defines plugin "${manifest.name}"`);
  }
}

/**
 * A plugin's module URL: `from` as a URL, or as a path from the project directory.
 *
 * @example
 * ```ts
 * import { moduleUrl } from "./_load.ts";
 * console.assert(moduleUrl("./p/mod.ts", "/proj").href === "file:///proj/p/mod.ts");
 * console.assert(moduleUrl("file:///x/mod.ts", "/proj").href === "file:///x/mod.ts");
 * ```
 */
export function moduleUrl(from: string, projectDir: string): URL {
  return new URL(from, pathToFileURL(projectDir.replace(/\/?$/, "/")));
}

/** Why a plugin named as a core part (`pane`, `server`, …) is not started. */
export function reservedName(name: string): ErrorBody {
  return {
    code: "DENIED",
    message: `Cannot start plugin "${name}": "${name}" is reserved for the core`,
    data: { plugin: name },
  };
}

/** The error of a call to plugin `name` that its end cut short (`why`: "failed", …). */
export function cutShort(
  code: WeftError["code"],
  name: string,
  why: string,
  data?: Record<string, unknown>,
): (command: string) => WeftError {
  return (command) =>
    new WeftError(code, `Cannot finish "${command}": plugin "${name}" ${why}`, data);
}
