/**
 * The control socket's HTTP twin, for shell scripts that have `curl` but no JSON-RPC client:
 * a Unix socket beside the control socket (`weft.sock` → `weft-http.sock`, mode 0600) that takes
 * one kind of request today, an agent hook's event:
 *
 * ```
 * POST /hooks/claude-code         X-Weft-Pane: p3        body: Claude Code's hook JSON
 * → 204 taken · 400 not JSON / not a hook event · 404 no such pane or path · 413 too large
 * ```
 *
 * It runs `pane.report` as a caller in that pane with only `pane:control`. Anything else gets
 * an error status and nothing happens; a hook ignores the answer anyway.
 *
 * @module
 */

import type { Bus, Caller } from "../bus/mod.ts";

/** Largest hook body read (Claude Code sends a tool's whole input, a written file included). */
export const MAX_HOOK_BODY = 4 * 1024 * 1024;

/** What the HTTP socket needs. */
export interface HttpSocketOptions {
  path: string;
  bus: Bus;
  paneExists: (id: string) => boolean;
  /** Default {@link MAX_HOOK_BODY}. */
  maxBodyBytes?: number;
}

/** A running HTTP socket. */
export interface HttpSocket {
  close(): Promise<void>;
}

const ROUTES: Record<string, { command: string; agent: string }> = {
  "/hooks/claude-code": { command: "pane.report", agent: "claude" },
};

/** Starts serving; the socket file is made 0600 before the first request is read. */
export async function serveHttpSocket(options: HttpSocketOptions): Promise<HttpSocket> {
  const max = options.maxBodyBytes ?? MAX_HOOK_BODY;
  await Deno.remove(options.path).catch(() => {});
  const server = Deno.serve(
    { path: options.path, onListen: () => {}, onError: () => new Response(null, { status: 500 }) },
    (request) => handle(request, options, max),
  );
  await Deno.chmod(options.path, 0o600);
  return {
    close: async () => {
      await server.shutdown();
      await Deno.remove(options.path).catch(() => {});
    },
  };
}

async function handle(request: Request, options: HttpSocketOptions, max: number) {
  const route = ROUTES[new URL(request.url).pathname];
  if (!route) return status(404);
  if (request.method !== "POST") return status(405);
  const pane = request.headers.get("x-weft-pane") ?? "";
  if (!options.paneExists(pane)) return status(404);
  const body = await readCapped(request, max);
  if (body === undefined) return status(413);
  let event: unknown;
  try {
    event = JSON.parse(new TextDecoder().decode(body));
  } catch {
    return status(400);
  }
  if (typeof event !== "object" || event === null || Array.isArray(event)) return status(400);
  const caller: Caller = {
    kind: "socket",
    id: `http:${route.agent}`,
    pane,
    grants: new Set(["pane:control"]),
  };
  const result = await options.bus.call(route.command, { pane, agent: route.agent, event }, {
    caller,
    requestId: `http:${pane}`,
  });
  return status(result.ok ? 204 : 400);
}

/** The body, or undefined once it passes `max` bytes (the rest is not read). */
async function readCapped(request: Request, max: number): Promise<Uint8Array | undefined> {
  const declared = Number(request.headers.get("content-length") ?? NaN);
  if (declared > max) return undefined;
  if (!request.body) return new Uint8Array();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of request.body) {
    size += chunk.length;
    if (size > max) return undefined;
    chunks.push(chunk);
  }
  const out = new Uint8Array(size);
  let off = 0;
  for (const c of chunks) {
    out.set(c, off);
    off += c.length;
  }
  return out;
}

function status(code: number): Response {
  return new Response(null, { status: code });
}
