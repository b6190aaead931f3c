/**
 * Pane screens as MCP resources: `weft://pane/{id}`.
 *
 * @module
 */

/** The URI template of pane resources. */
export const PANE_URI_TEMPLATE = "weft://pane/{id}";

const PREFIX = "weft://pane/";

/**
 * The resource URI of a pane.
 *
 * @example
 * ```ts
 * import { paneUri } from "./pane_uri.ts";
 * console.assert(paneUri("p3") === "weft://pane/p3");
 * ```
 */
export function paneUri(id: string): string {
  // A name may hold a lone surrogate (JSON allows it), which encodeURIComponent throws on.
  return PREFIX + encodeURIComponent(id.toWellFormed());
}

/**
 * The pane a resource URI names, or undefined when it names none.
 *
 * @example
 * ```ts
 * import { parsePaneUri } from "./pane_uri.ts";
 * console.assert(parsePaneUri("weft://pane/p3") === "p3");
 * console.assert(parsePaneUri("file:///etc/passwd") === undefined);
 * ```
 */
export function parsePaneUri(uri: string): string | undefined {
  if (!uri.startsWith(PREFIX)) return undefined;
  try {
    const id = decodeURIComponent(uri.slice(PREFIX.length));
    return id && !id.includes("/") ? id : undefined;
  } catch {
    return undefined;
  }
}
