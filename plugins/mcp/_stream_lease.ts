/**
 * The notification stream (a session's GET `/mcp`, server-sent events) is leased, not held
 * open forever: it ends after {@link STREAM_LEASE_MS} and the client opens the next one, with
 * `Last-Event-ID`, after the `retry` the stream's first event gave. What was sent in between
 * is kept here and replayed then, so nothing is lost.
 *
 * Why: a client under Deno that aborts its fetch of that stream can be left holding the
 * connection (Deno 2.9: an abort some 100 ms or more after the body's read began releases
 * nothing), and its event loop never drains until the server ends the response. The MCP
 * Inspector CLI 2.12 waits for exactly that drain after printing its answer, so it hung until
 * killed whenever printing took that long (a 190 KB `tools/list` does). With the lease it exits
 * at the end of the stream's lease at the latest, whatever the client's runtime.
 *
 * @module
 */

import type { EventStore, JSONRPCMessage } from "./sdk.ts";

/** How long one notification stream lives before the client must open the next. */
export const STREAM_LEASE_MS = 5_000;
/** How long a client waits before it opens the next stream (the `retry` of the first event). */
export const STREAM_RETRY_MS = 250;
/** Events kept for replay per session; a client away for longer than that misses the oldest. */
const KEPT_EVENTS = 256;

interface Kept {
  seq: number;
  stream: string;
  message: JSONRPCMessage | undefined;
}

/**
 * A session's sent notifications, the last {@link KEPT_EVENTS}, for the SDK transport to
 * replay on a `Last-Event-ID`. Event ids are `<stream> <seq>`, so an id too old to be kept
 * still names its stream.
 */
export class NotificationLog implements EventStore {
  #kept: Kept[] = [];
  #seq = 0;

  storeEvent(stream: string, message: JSONRPCMessage): Promise<string> {
    return Promise.resolve(this.#store(stream, message));
  }

  /** A marker event: it gives the client an id to resume from, and is never replayed. */
  mark(stream: string): string {
    return this.#store(stream, undefined);
  }

  getStreamIdForEventId(id: string): Promise<string | undefined> {
    return Promise.resolve(parse(id)?.stream);
  }

  async replayEventsAfter(
    lastEventId: string,
    { send }: { send: (id: string, message: JSONRPCMessage) => Promise<void> },
  ): Promise<string> {
    const last = parse(lastEventId);
    if (!last) throw new Error(`Cannot resume after event "${lastEventId}": not a weft event id`);
    for (const kept of this.#kept.filter((k) => k.stream === last.stream && k.seq > last.seq)) {
      if (kept.message) await send(`${kept.stream} ${kept.seq}`, kept.message);
    }
    return last.stream;
  }

  #store(stream: string, message: JSONRPCMessage | undefined): string {
    const seq = ++this.#seq;
    this.#kept.push({ seq, stream, message });
    if (this.#kept.length > KEPT_EVENTS) this.#kept.shift();
    return `${stream} ${seq}`;
  }
}

function parse(id: string): { stream: string; seq: number } | undefined {
  const space = id.lastIndexOf(" ");
  const seq = Number(id.slice(space + 1));
  return space > 0 && Number.isSafeInteger(seq) ? { stream: id.slice(0, space), seq } : undefined;
}

/**
 * The transport's answer to a GET, leased: a fresh stream first gets a marker event (an id to
 * resume from and the `retry`), and every stream ends after `ms`. Other answers pass as they are.
 */
export function leaseStream(
  req: Request,
  res: Response,
  log: NotificationLog,
  ms = STREAM_LEASE_MS,
): Response {
  const sse = res.headers.get("content-type")?.startsWith("text/event-stream");
  if (req.method !== "GET" || !res.ok || !sse || !res.body) return res;
  const first = req.headers.has("last-event-id")
    ? ""
    : `id: ${log.mark("_GET_stream")}\nretry: ${STREAM_RETRY_MS}\ndata: \n\n`;
  const inner = res.body.getReader();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const end = (out: ReadableStreamDefaultController<Uint8Array>) => {
    clearTimeout(timer);
    inner.cancel().catch(() => {});
    try {
      out.close();
    } catch { /* already closed */ }
  };
  const body = new ReadableStream<Uint8Array>({
    start(out) {
      if (first) out.enqueue(new TextEncoder().encode(first));
      timer = setTimeout(() => end(out), ms);
    },
    async pull(out) {
      const { done, value } = await inner.read().catch(() => ({ done: true, value: undefined }));
      if (done) end(out);
      else out.enqueue(value);
    },
    cancel(reason) {
      clearTimeout(timer);
      return inner.cancel(reason);
    },
  });
  return new Response(body, {
    status: res.status,
    statusText: res.statusText,
    headers: res.headers,
  });
}
