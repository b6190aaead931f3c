/**
 * A work-around for a leak in the MCP SDK (1.x up to 1.32.2 at least): with
 * `enableJsonResponse`, the Streamable HTTP server transport answers a POST but never drops
 * the POST's entry from its private `_streamMapping`, and that entry's closure keeps the whole
 * request alive. Every tool call leaked ~10 KB; the soak's MCP client (15 calls a second) took
 * the plugin to its 256 MiB heap cap in minutes, and its restart ended every session
 * (modelcontextprotocol/typescript-sdk#2559; fixed on the SDK's main branch, not in 1.x).
 *
 * @module
 */

import type { WebStandardStreamableHTTPServerTransport } from "./sdk.ts";

/** The transport's private bookkeeping, as SDK 1.x names it. */
interface Bookkeeping {
  _streamMapping?: Map<string, { resolveJson?: unknown }>;
  _requestToStreamMapping?: Map<unknown, string>;
}

/**
 * Drops the entries of POSTs already answered: a JSON-mode entry whose requests all have
 * their answer (the transport then forgets them) and so no request points at it. An entry
 * still in flight keeps at least one request pointing at it, and SSE streams are left alone.
 * Does nothing on an SDK whose transport has no such fields.
 *
 * @example
 * ```ts ignore
 * const response = await transport.handleRequest(req);
 * releaseAnswered(transport);
 * ```
 */
export function releaseAnswered(transport: WebStandardStreamableHTTPServerTransport): void {
  const { _streamMapping: streams, _requestToStreamMapping: requests } =
    transport as unknown as Bookkeeping;
  if (!(streams instanceof Map) || !(requests instanceof Map)) return;
  if (streams.size === 0) return;
  const waiting = new Set(requests.values());
  for (const [id, stream] of streams) {
    if (stream.resolveJson !== undefined && !waiting.has(id)) streams.delete(id);
  }
}

/** How many streams the transport keeps (undefined on an SDK without the field); for tests. */
export function keptStreams(
  transport: WebStandardStreamableHTTPServerTransport,
): number | undefined {
  const streams = (transport as unknown as Bookkeeping)._streamMapping;
  return streams instanceof Map ? streams.size : undefined;
}
