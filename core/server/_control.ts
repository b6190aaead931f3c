/**
 * The control socket's own methods, beside bus commands: `server.hello` (who the client is),
 * `subscribe` / `unsubscribe` (event streams, with a snapshot), `cancel` and `attach` (the
 * client's terminal size). Each works on the client's {@link Party}, which answers it.
 *
 * @module
 */

import { WeftError } from "../../protocols/bus/errors.ts";
import type { JsonRpcId } from "../../protocols/jsonrpc/mod.ts";
import type { Party } from "../edge/party.ts";
import { helloCaller, type PaneProof } from "./_hello.ts";
import type { AttachedSizes } from "./attached_sizes.ts";

/** Protocol version of the control socket. */
export const CONTROL_PROTOCOL = 1;

/** What the control methods need of their connection. */
export interface Control extends PaneProof {
  party: Party;
  /** The connection's id (`c3`). */
  id: string;
  /** Facts for `server.hello`. */
  hello: () => Record<string, unknown>;
  /** Attached clients' terminal sizes; none: `attach` is refused. */
  sizes?: AttachedSizes;
}

/** The control method names. */
export const CONTROL_METHODS: ReadonlySet<string> = new Set([
  "server.hello",
  "subscribe",
  "unsubscribe",
  "cancel",
  "attach",
]);

/**
 * Runs control method `method` and answers request `id` (none: a notification) through the
 * party (a subscribe, before its events); what it throws is the answer, INVALID_INPUT unless a
 * {@link WeftError} says otherwise.
 */
export async function control(
  request: { id?: JsonRpcId; method: string; params?: unknown },
  c: Control,
): Promise<void> {
  const { id } = request;
  const reply = (value: unknown) => id !== undefined && c.party.answer(id, { ok: true, value });
  try {
    await run(request.method, (request.params ?? {}) as Record<string, unknown>, c, reply);
  } catch (err) {
    const error = err instanceof WeftError ? err : new WeftError("INVALID_INPUT", String(err));
    if (id !== undefined) c.party.fail(id, error);
  }
}

async function run(
  method: string,
  p: Record<string, unknown>,
  c: Control,
  reply: (result: unknown) => void,
): Promise<void> {
  switch (method) {
    case "server.hello":
      return reply(hello(p, c));
    case "subscribe": {
      const topics = Array.isArray(p.topics) ? p.topics.map(String) : [];
      if (!topics.length) {
        throw new WeftError("INVALID_INPUT", 'Cannot subscribe: give topics, e.g. ["pane.*"]');
      }
      const panes = Array.isArray(p.panes) ? p.panes.map(String) : undefined;
      const filter = {
        topics,
        ...(panes ? { panes } : {}),
        ...(p.replay === true ? { replay: true } : {}),
      };
      return await c.party.subscribe(c.party.newSubscription(), filter, p.snapshot, reply);
    }
    case "unsubscribe":
      return reply({ unsubscribed: c.party.unsubscribe(String(p.subscription ?? "")) });
    case "cancel":
      c.party.cancel((p.id as JsonRpcId | undefined) ?? null);
      return reply({ cancelled: true });
    case "attach":
      return reply(await attach(p, c));
  }
}

function hello(p: Record<string, unknown>, c: Control): Record<string, unknown> {
  const { caller, paneRefused } = helloCaller(c.party.caller, p, {
    id: c.id,
    paneExists: c.paneExists,
    paneKey: c.paneKey,
  });
  c.party.become(caller, Array.isArray(p.grants));
  return {
    ...c.hello(),
    protocol: CONTROL_PROTOCOL,
    client: caller.id,
    pane: caller.pane ?? null,
    ...(paneRefused ? { paneRefused } : {}),
  };
}

/** `attach {session?, cols, rows}`: this client shows `session` in a terminal of this size. */
async function attach(p: Record<string, unknown>, c: Control): Promise<Record<string, unknown>> {
  if (!c.sizes) {
    throw new WeftError("UNAVAILABLE", "Cannot attach: this server does not track client sizes");
  }
  if (p.detach === true) {
    await c.sizes.set(c.id, null);
    return { detached: true };
  }
  const cols = Number(p.cols);
  const rows = Number(p.rows);
  const whole = Number.isInteger(cols) && Number.isInteger(rows);
  if (!whole || cols < 2 || rows < 2 || cols > 2000 || rows > 1000) {
    throw new WeftError(
      "INVALID_INPUT",
      "Cannot attach: cols (2–2000) and rows (2–1000) must be whole numbers",
    );
  }
  if (p.session !== undefined && typeof p.session !== "string") {
    throw new WeftError("INVALID_INPUT", "Cannot attach: session must be an id or a name");
  }
  const session = p.session as string | undefined;
  const entry = await c.sizes.set(
    c.id,
    { ...(session ? { session } : {}), cols, rows },
    c.party.caller,
  );
  return { ...entry };
}
