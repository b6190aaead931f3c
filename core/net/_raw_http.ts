/**
 * Writing HTTP answers for the guarded server: a `Response` onto a node response (for a client
 * that reads slowly, not for one that stopped), and a whole answer on a raw socket.
 *
 * @module
 */

import type http from "node:http";
import type { Socket } from "node:net";

/** Writes `response`, waiting for a client that reads slowly, not for one that stopped. */
export async function writeResponse(
  response: Response,
  res: http.ServerResponse,
  writeTimeoutMs: number,
  aborted: AbortSignal,
): Promise<void> {
  const headers: Record<string, string | string[]> = {};
  response.headers.forEach((value, key) => key !== "set-cookie" && (headers[key] = value));
  const cookies = response.headers.getSetCookie();
  if (cookies.length) headers["set-cookie"] = cookies;
  try {
    res.writeHead(response.status, headers);
    if (!response.body) return void res.end();
    // A stream that starts empty (server-sent events) still answers at once.
    res.flushHeaders();
    const reader = response.body.getReader();
    aborted.addEventListener("abort", () => void reader.cancel().catch(() => {}));
    for (;;) {
      const { done, value } = await reader.read();
      if (done || aborted.aborted) break;
      if (!res.write(value)) await drained(res, writeTimeoutMs);
    }
    res.end();
  } catch {
    // The client left, or stopped reading: its connection ends.
    res.destroy();
    await response.body?.cancel().catch(() => {});
  }
}

/** Resolves on `drain`; rejects after `ms` or when the response closes. */
function drained(res: http.ServerResponse, ms: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const done = (ok: boolean) => {
      clearTimeout(timer);
      res.off("drain", onDrain);
      res.off("close", onClose);
      ok ? resolve() : reject(new Error("the client does not read"));
    };
    const onDrain = () => done(true);
    const onClose = () => done(false);
    const timer = setTimeout(() => done(false), ms);
    res.on("drain", onDrain);
    res.on("close", onClose);
  });
}

const REASONS: Record<number, string> = {
  400: "Bad Request",
  401: "Unauthorized",
  403: "Forbidden",
  404: "Not Found",
  408: "Request Timeout",
  431: "Request Header Fields Too Large",
  500: "Internal Server Error",
};

/** Writes a whole response on a raw socket and ends it (a short grace, then destroyed). */
export function endRaw(socket: Socket, status: number, body?: Uint8Array, type?: string): void {
  if (socket.destroyed) return;
  if (!socket.writable) return void socket.destroy();
  const payload = body ?? new TextEncoder().encode(`${REASONS[status] ?? "Error"}\n`);
  const head = `HTTP/1.1 ${status} ${REASONS[status] ?? "Error"}\r\n` +
    `content-type: ${type ?? "text/plain; charset=utf-8"}\r\n` +
    `content-length: ${payload.length}\r\nconnection: close\r\n\r\n`;
  socket.end(new Uint8Array([...new TextEncoder().encode(head), ...payload]));
  setTimeout(() => socket.destroy(), 1_000).unref?.();
}

/** The status a request that could not be read gets. */
export function clientErrorStatus(code: string | undefined): number {
  if (code === "ERR_HTTP_REQUEST_TIMEOUT") return 408;
  if (code === "HPE_HEADER_OVERFLOW") return 431;
  return 400;
}

/** A plain-text response. */
export function plain(status: number, message: string): Response {
  return new Response(message + "\n", {
    status,
    headers: { "content-type": "text/plain; charset=utf-8" },
  });
}
