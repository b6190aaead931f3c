/**
 * The fabric's wire for bus calls: a call for another host is a NATS request on
 * `weft.<this host>.rpc.<that host>.<command>` (the hub lets a host publish only under its own
 * name, so the first name is proven); the answer is the bus reply, `{ok, value}` or
 * `{ok: false, error}`, as JSON. Calls come in only from hosts the project granted rights to,
 * and run on this bus as that host, with only those rights.
 *
 * @module
 */

import type { NatsConnection, Subscription } from "@nats-io/transport-node";
import { type Caller, WeftError } from "@weft/weft/plugin";
import { hostGrant } from "../../protocols/bus/capabilities.ts";
import { toErrorBody } from "../../protocols/bus/errors.ts";
import { rpcListen, rpcSubject } from "./nats_conf.ts";

/** Runs a call on this bus for a remote host with the rights it was granted here. */
export type LocalCall = (
  name: string,
  input: unknown,
  as: { host: string; grants: string[] },
) => Promise<unknown>;

/** What a call across the fabric carries. */
interface Request {
  input: unknown;
  requestId: string;
  caller: { kind: string; id: string };
  timeoutMs?: number;
}

/** Whether a host looks alive (fresh presence) and whether it is known at all. */
export interface HostLiveness {
  alive(host: string): boolean;
}

/** One host's calls over one NATS connection. */
export class RpcLink {
  #nc: NatsConnection;
  #host: string;
  #subs: Subscription[] = [];
  #reachMs: number;
  #live: HostLiveness;

  constructor(nc: NatsConnection, host: string, o: { reachMs: number; live: HostLiveness }) {
    this.#nc = nc;
    this.#host = host;
    this.#reachMs = o.reachMs;
    this.#live = o.live;
  }

  /**
   * Serves calls from each granted host: one subscription per peer (deny by default: a host
   * not granted anything has no one listening for it here).
   */
  serve(hosts: Record<string, string[]>, run: LocalCall): void {
    const enc = new TextEncoder();
    for (const [peer, words] of Object.entries(hosts)) {
      const grants = hostGrant(words);
      const prefix = `weft.${peer}.rpc.${this.#host}.`;
      this.#subs.push(this.#nc.subscribe(rpcListen(peer, this.#host), {
        callback: (err, msg) => {
          if (err || !msg.reply) return;
          const name = msg.subject.slice(prefix.length);
          void (async () => {
            let reply: unknown;
            try {
              const req = msg.json<Request>();
              reply = { ok: true, value: await run(name, req.input, { host: peer, grants }) };
            } catch (e) {
              reply = { ok: false, error: toErrorBody(e) };
            }
            msg.respond(enc.encode(JSON.stringify(reply)));
          })();
        },
      }));
    }
  }

  /**
   * Runs a call on `host`: its value, or its `WeftError`. A host that does not answer within
   * the reach time (or the call's own deadline, if longer) is `HOST_UNREACHABLE`.
   */
  async call(
    host: string,
    name: string,
    body: { input: unknown; requestId: string; caller: Caller; timeoutMs?: number },
    signal?: AbortSignal,
  ): Promise<unknown> {
    const request: Request = {
      input: body.input,
      requestId: body.requestId,
      caller: { kind: body.caller.kind, id: body.caller.id },
      ...(body.timeoutMs === undefined ? {} : { timeoutMs: body.timeoutMs }),
    };
    const timeout = Math.max(this.#reachMs, body.timeoutMs ?? 0);
    if (this.#nc.isClosed()) throw this.#unreachable(host, name, "the fabric link is closed");
    let reply: { ok: boolean; value?: unknown; error?: unknown };
    try {
      const pending = this.#nc.request(
        rpcSubject(this.#host, host, name),
        JSON.stringify(request),
        { timeout },
      );
      const msg = await abortable(pending, signal);
      reply = msg.json();
    } catch (err) {
      throw this.#failure(host, name, err, timeout);
    }
    if (reply.ok) return reply.value;
    throw WeftError.fromBody(reply.error as ReturnType<typeof toErrorBody>);
  }

  /** Stops serving. */
  close(): void {
    for (const sub of this.#subs) sub.unsubscribe();
    this.#subs = [];
  }

  #failure(host: string, name: string, err: unknown, timeout: number): WeftError {
    if (err instanceof WeftError) return err;
    const text = String((err as Error)?.message ?? err);
    if (/no responders/i.test(text) && this.#live.alive(host)) {
      return new WeftError(
        "DENIED",
        `Cannot call "${name}" on host "${host}": host "${host}" takes no calls from host ` +
          `"${this.#host}" (it grants this host nothing)`,
        { host },
      );
    }
    if (/timeout/i.test(text)) {
      return this.#unreachable(host, name, `it did not answer within ${timeout} ms`);
    }
    return this.#unreachable(
      host,
      name,
      /no responders/i.test(text) ? "it is not connected" : text,
    );
  }

  #unreachable(host: string, name: string, why: string): WeftError {
    return new WeftError(
      "HOST_UNREACHABLE",
      `Cannot call "${name}" on host "${host}": host "${host}" is unreachable: ${why}`,
      { host },
    );
  }
}

/** `promise`, or the signal's reason once it aborts. */
function abortable<T>(promise: Promise<T>, signal?: AbortSignal): Promise<T> {
  if (!signal) return promise;
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener("abort", onAbort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener("abort", onAbort));
  });
}
