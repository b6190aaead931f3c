/**
 * The fabric's wire for bus calls: a call for another host is a NATS request on
 * `weft.<this host>.rpc.<that host>.<command>` (the hub lets a host publish only under its own
 * name, so the first name is proven); the answer is the bus reply, `{ok, value}` or
 * `{ok: false, error}`, as JSON. A call from another host runs on this bus as that host, with
 * only the rights the project granted it (none: `DENIED`).
 *
 * @module
 */

import type { NatsConnection, Subscription } from "@nats-io/transport-node";
import { type Caller, type Capability, WeftError } from "@weft/weft/plugin";
import { hostGrant } from "../../protocols/bus/capabilities.ts";
import { toErrorBody } from "../../protocols/bus/errors.ts";
import { rpcListen, rpcSubject } from "./nats_conf.ts";

/** The largest answer sent back (NATS's default payload limit is 1 MiB). */
const MAX_REPLY_BYTES = 1024 * 1024 - 4096;

/**
 * What a host answers at once, from its NATS client and without its bus, to any peer: "still
 * here". A caller whose call runs long asks it every reach time, so that a host that went away
 * mid-call is told at once, not at the end of the call's deadline.
 */
export const PING = "fabric.$ping";

/** Runs a call on this bus for a remote host with the rights it was granted here. */
export type LocalCall = (
  name: string,
  input: unknown,
  as: { host: string; grants: Capability[] },
) => Promise<unknown>;

/** What a call across the fabric carries. */
interface Request {
  input: unknown;
  requestId: string;
  caller: { kind: string; id: string };
  timeoutMs?: number;
  /** When the caller sent it (its clock, ms) and how long it waits for the answer. */
  sentAt?: number;
  waitMs?: number;
}

/** One host's calls over one NATS connection. */
export class RpcLink {
  #nc: NatsConnection;
  #host: string;
  #subs = new Map<string, Subscription>();
  #reachMs: number;

  #late: (peer: string, req: Request) => boolean;

  /**
   * `late` says a call from `peer` reached this host after its caller stopped waiting (a link
   * cut and healed delivers what it held): it is not run.
   */
  constructor(
    nc: NatsConnection,
    host: string,
    o: { reachMs: number; late?: (peer: string, sentAt?: number, waitMs?: number) => boolean },
  ) {
    this.#nc = nc;
    this.#host = host;
    this.#reachMs = o.reachMs;
    this.#late = (peer, req) => o.late?.(peer, req.sentAt, req.waitMs) ?? false;
  }

  /**
   * Serves the calls of `peer` from now on (idempotent): those of a host the project granted
   * nothing are answered `DENIED`, so that "no one answers" always means unreachable. One
   * subscription per peer: the hub passes a leaf's interest on only within what the other leaf
   * may publish, so `weft.*.rpc.<host>.>` would reach no one.
   */
  listen(peer: string, rights: (peer: string) => string[], run: LocalCall): void {
    if (this.#subs.has(peer) || peer === this.#host) return;
    const enc = new TextEncoder();
    const prefix = `weft.${peer}.rpc.${this.#host}.`;
    this.#subs.set(
      peer,
      this.#nc.subscribe(rpcListen(peer, this.#host), {
        callback: (err, msg) => {
          if (err || !msg.reply) return;
          const name = msg.subject.slice(prefix.length);
          if (name === PING) return void msg.respond(enc.encode('{"ok":true,"value":"here"}'));
          void (async () => {
            let reply: unknown;
            try {
              const grants = hostGrant(rights(peer));
              if (!grants.length) throw this.#refused(peer, name);
              const req = msg.json<Request>();
              if (this.#late(peer, req)) throw this.#tooLate(peer, name);
              reply = { ok: true, value: await run(name, req.input, { host: peer, grants }) };
            } catch (e) {
              reply = { ok: false, error: toErrorBody(e) };
            }
            let bytes = enc.encode(JSON.stringify(reply));
            // Past NATS's payload limit the answer would be dropped and the caller would see an
            // unreachable host: it gets TOO_LARGE, and can ask for less.
            if (bytes.length > MAX_REPLY_BYTES) {
              const error = new WeftError(
                "TOO_LARGE",
                `Cannot answer "${name}" from host "${this.#host}": the answer is ` +
                  `${bytes.length} bytes, more than ${MAX_REPLY_BYTES}; ask for less`,
              );
              bytes = enc.encode(JSON.stringify({ ok: false, error: error.toBody() }));
            }
            msg.respond(bytes);
          })();
        },
      }),
    );
  }

  #tooLate(peer: string, name: string): WeftError {
    return new WeftError(
      "HOST_UNREACHABLE",
      `Cannot call "${name}" on host "${this.#host}": it came after host "${peer}" stopped ` +
        "waiting for it (the link between them was down); not run",
      { host: this.#host },
    );
  }

  #refused(peer: string, name: string): WeftError {
    return new WeftError(
      "DENIED",
      `Cannot call "${name}" on host "${this.#host}": it grants host "${peer}" nothing`,
      { host: this.#host },
    );
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
    request.sentAt = Date.now();
    request.waitMs = timeout;
    if (this.#nc.isClosed()) throw this.#unreachable(host, name, "the fabric link is closed");
    let reply: { ok: boolean; value?: unknown; error?: unknown };
    try {
      const pending = this.#nc.request(
        rpcSubject(this.#host, host, name),
        JSON.stringify(request),
        { timeout },
      );
      // A long call: the host is asked every reach time whether it is still there.
      const gone = timeout > this.#reachMs ? this.#whileThere(host, name) : undefined;
      try {
        const msg = await abortable(gone ? Promise.race([pending, gone.lost]) : pending, signal);
        reply = msg.json();
      } finally {
        gone?.stop();
      }
    } catch (err) {
      throw this.#failure(host, name, err, timeout);
    }
    if (reply.ok) return reply.value;
    throw WeftError.fromBody(reply.error as ReturnType<typeof toErrorBody>);
  }

  /** Rejects with `HOST_UNREACHABLE` once `host` does not answer {@link PING}, until stopped. */
  #whileThere(host: string, name: string): { lost: Promise<never>; stop: () => void } {
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const lost = new Promise<never>((_, reject) => {
      const probe = async () => {
        if (stopped || this.#nc.isClosed()) return;
        try {
          await this.#nc.request(rpcSubject(this.#host, host, PING), "", {
            timeout: this.#reachMs,
          });
        } catch (err) {
          const why = /no responders/i.test(String(err)) ? "not connected" : "not answering";
          if (!stopped) {
            reject(this.#unreachable(host, name, `it went away during the call (${why})`));
          }
          return;
        }
        if (!stopped) timer = setTimeout(probe, this.#reachMs);
      };
      timer = setTimeout(probe, this.#reachMs);
    });
    lost.catch(() => {});
    return {
      lost,
      stop: () => {
        stopped = true;
        clearTimeout(timer);
      },
    };
  }

  /** Stops serving. */
  close(): void {
    for (const sub of this.#subs.values()) sub.unsubscribe();
    this.#subs.clear();
  }

  #failure(host: string, name: string, err: unknown, timeout: number): WeftError {
    if (err instanceof WeftError) return err;
    const text = String((err as Error)?.message ?? err);
    if (/timeout/i.test(text)) {
      return this.#unreachable(host, name, `it did not answer within ${timeout} ms`);
    }
    // Every known host answers (DENIED when it grants nothing): no one answering is a host
    // that is down, or a link to it that is.
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
