/**
 * What the tests' mocks of model APIs (`mock_anthropic.ts`, `mock_openai.ts`) share: an HTTP
 * server on 127.0.0.1 on a free port that records every request (method, path, headers, body
 * parsed as JSON when it is JSON) before its handler answers, and lets answers held by a test
 * go when it closes, so that a test that failed while one was held still ends.
 *
 * @example
 * ```ts ignore
 * import { recordingServer } from "./mock_http.ts";
 * await using server = recordingServer((_req, record) => Response.json({ seen: record.path }));
 * await fetch(`${server.url}/x`);
 * console.assert(server.requests[0]?.path === "/x");
 * ```
 *
 * @module
 */

/** Every request a mock received. */
export interface Recorded {
  method: string;
  path: string;
  headers: Record<string, string>;
  body: unknown;
  /** True when the request took a scripted turn. */
  scripted: boolean;
}

/** A running recording server. */
export interface RecordingServer extends AsyncDisposable {
  /** `http://127.0.0.1:PORT`. */
  url: string;
  /** Every request so far, in order. */
  requests: Recorded[];
  /** Resolves once the server closes (a held answer races it). */
  closed: Promise<void>;
  close(): Promise<void>;
}

/** Starts a server on 127.0.0.1 that records each request, then answers with `handle`. */
export function recordingServer(
  handle: (request: Request, record: Recorded) => Response | Promise<Response>,
): RecordingServer {
  const requests: Recorded[] = [];
  let closing!: () => void;
  const closed = new Promise<void>((resolve) => (closing = resolve));
  const server = Deno.serve(
    { hostname: "127.0.0.1", port: 0, onListen: () => {} },
    async (req) => {
      const raw = req.method === "POST" ? await req.text() : "";
      let body: unknown = raw;
      try {
        body = raw ? JSON.parse(raw) : undefined;
      } catch { /* keep the raw text */ }
      const record: Recorded = {
        method: req.method,
        path: new URL(req.url).pathname,
        headers: Object.fromEntries(req.headers),
        body,
        scripted: false,
      };
      requests.push(record);
      return await handle(req, record);
    },
  );
  const close = async () => {
    closing();
    await server.shutdown();
  };
  return {
    url: `http://127.0.0.1:${(server.addr as Deno.NetAddr).port}`,
    requests,
    closed,
    close,
    [Symbol.asyncDispose]: close,
  };
}

/** A server-sent events body: one `event:`/`data:` pair per event. */
export function sse(events: [string, unknown][]): Response {
  const body = events.map(([name, data]) => `event: ${name}\ndata: ${JSON.stringify(data)}\n\n`)
    .join("");
  return new Response(body, {
    headers: { "content-type": "text/event-stream", "cache-control": "no-cache" },
  });
}
