/**
 * Messages across hosts of a fabric: `bob@buildbox` (or `@reviewer@buildbox`) is `bob` on host
 * `buildbox`. Names cannot hold an `@`, so an `@` after the first character says "another
 * host". The send goes through the fabric plugin (`fabric.message_send`): answered once the
 * other host's inbox stream stored it; that host's messaging stores it (`message.receive`,
 * once by id) and delivers it by its own rules. Here the sender keeps its own copy (no inbox
 * row), so `message.get`, the log and threads show it. A message from another host comes from
 * `name@host`, the host proven by the fabric.
 *
 * @module
 */

import { type Caller, WeftError } from "@weft/weft/plugin";
import { isHostName } from "../../protocols/bus/host_id.ts";
import type { Messaging, SendInput } from "./_messaging.ts";
import { ulid } from "./_ulid.ts";
import { checkContent } from "./_info.ts";
import { NAME } from "./_self.ts";

/** A `to` that names another host: what it names there, and the host. */
export interface RemoteAddress {
  to: string;
  host: string;
}

/**
 * The host part of `to`, if it has one; throws `INVALID_INPUT` for a malformed one.
 *
 * @example
 * ```ts
 * import { remoteOf } from "./_remote.ts";
 * console.assert(remoteOf("bob@buildbox")?.host === "buildbox");
 * console.assert(remoteOf("@reviewer@buildbox")?.to === "@reviewer");
 * console.assert(remoteOf("@reviewer") === undefined && remoteOf("bob") === undefined);
 * ```
 */
export function remoteOf(to: string): RemoteAddress | undefined {
  const at = to.lastIndexOf("@");
  if (at <= 0) return undefined;
  const name = to.slice(0, at);
  const host = to.slice(at + 1);
  const bare = name.startsWith("@") ? name.slice(1) : name;
  if (!isHostName(host) || !NAME.test(bare)) {
    throw new WeftError(
      "INVALID_INPUT",
      `Cannot send to "${to}": write NAME@HOST or @ROLE@HOST (e.g. bob@buildbox)`,
      { to },
    );
  }
  return { to: name, host };
}

/** What a send to another host answers. */
export interface RemoteSent {
  message_id: string;
  from: string;
  host: string;
  recipients: string[];
}

/**
 * Sends `input` from `from` to another host; undefined when `host` is this one (the caller
 * sends locally then, to the name without the host).
 */
export async function sendRemote(
  state: Messaging,
  from: string,
  address: RemoteAddress,
  input: SendInput,
  caller: Caller,
): Promise<RemoteSent | undefined> {
  checkContent(input, state.options.maxContentBytes, state.store);
  state.takeRate(caller, from);
  const id = ulid();
  const createdAt = Date.now();
  const message = {
    host: address.host,
    id,
    from,
    to: address.to,
    content: input.content,
    priority: input.priority ?? "normal",
    ...(input.reply_to === undefined ? {} : { reply_to: input.reply_to }),
    ...(input.metadata === undefined ? {} : { metadata: input.metadata }),
    created_at: createdAt,
  };
  let sent: { local?: boolean; recipients?: string[] };
  try {
    sent = await state.callOwn("fabric.message_send", message);
  } catch (err) {
    if (err instanceof WeftError && /fabric\.message_send/.test(err.message)) {
      throw new WeftError(
        "UNKNOWN_HOST",
        `Cannot send to "${address.to}@${address.host}": this server is in no fabric ` +
          "(weft fabric join)",
        { host: address.host },
      );
    }
    throw err;
  }
  if (sent.local) return undefined;
  const recipients = (sent.recipients ?? []).map((r) => `${r}@${address.host}`);
  // The sender's own copy: no inbox row here, the message is the other host's to deliver.
  await state.receive({
    id,
    createdAt,
    from,
    toSpec: `${address.to}@${address.host}`,
    recipients: [],
    content: input.content,
    priority: input.priority ?? "normal",
    replyTo: input.reply_to,
    metadata: input.metadata,
  });
  return { message_id: id, from, host: address.host, recipients };
}

/** The host a call comes from when the fabric runs it for another host, else undefined. */
export function callingHost(caller: Caller): string | undefined {
  if (caller.kind !== "host" || !caller.id.startsWith("fabric/")) return undefined;
  const host = caller.id.slice("fabric/".length);
  return isHostName(host) ? host : undefined;
}

/** `DENIED` for another host of the fabric: groups here are this host's to change. */
export function notFromHost(caller: Caller, what: string): void {
  if (caller.kind === "host") {
    throw new WeftError("DENIED", `Cannot ${what}: another host of the fabric may not`);
  }
}

/** The calling host, or `DENIED` for anyone else. */
export function hostOnly(caller: Caller, what: string): string {
  const host = callingHost(caller);
  if (!host) {
    throw new WeftError("DENIED", `Cannot ${what}: only another host of the fabric may`);
  }
  return host;
}

/** What `fabric.agents` answers for one other host. */
interface FarHost {
  host: string;
  state: string;
  agents?: Record<string, unknown>[];
  error?: { code: string; message: string };
}

/**
 * The agents of the fabric's other hosts, named `name@host`, and each host's state (with why
 * it listed none); none when this server is in no fabric.
 */
export async function remoteAgents(state: Messaging): Promise<{
  agents: Record<string, unknown>[];
  hosts: { host: string; state: string; error?: { code: string; message: string } }[];
}> {
  let hosts: FarHost[];
  try {
    ({ hosts } = await state.callOwn<{ hosts: FarHost[] }>("fabric.agents", {}));
  } catch {
    return { agents: [], hosts: [] };
  }
  const agents = hosts.flatMap((h) =>
    (h.agents ?? []).map((a) => ({ ...a, name: `${a.name}@${h.host}`, host: h.host }))
  );
  return { agents, hosts: hosts.map(({ agents: _, ...h }) => h) };
}

/**
 * The one agent of the fabric's other hosts called `name` (for a name no one here has), as an
 * address; undefined when there is none; `CONFLICT` naming them when several hosts have one.
 */
export async function uniqueInFabric(
  state: Messaging,
  name: string,
): Promise<RemoteAddress | undefined> {
  const { agents } = await remoteAgents(state);
  const found = agents.filter((a) => a.name === `${name}@${a.host}`).map((a) => String(a.host));
  if (found.length > 1) {
    throw new WeftError(
      "CONFLICT",
      `Cannot send to "${name}": hosts ${found.join(", ")} each have one; write ` +
        found.map((h) => `${name}@${h}`).join(" or "),
      { to: name, hosts: found },
    );
  }
  return found.length ? { to: name, host: found[0]! } : undefined;
}

/**
 * A group (or role) whose members include agents of other hosts (`bob@buildbox`); when it has
 * none, only who it names (`recipients`, for a local send). Otherwise the local members get one
 * message, each other host's member its
 * own (answered once that host's inbox has it); a member that cannot be reached is listed in
 * `failed`, the others still get it, and only when no one does is it an error.
 */
export async function sendToMixed(
  state: Messaging,
  from: string,
  input: SendInput,
  caller: Caller,
) {
  const all = await state.resolve(input.to, from);
  const far = all.filter((r) => r.includes("@"));
  if (!far.length) return { recipients: all };
  const local = all.filter((r) => !r.includes("@"));
  const stored = local.length
    ? await state.send(from, { ...input, recipients: local }, caller)
    : [];
  const sent: RemoteSent[] = [];
  const failed: { to: string; error: WeftError }[] = [];
  for (const to of far) {
    try {
      const one = await sendRemote(state, from, remoteOf(to)!, { ...input, to }, caller);
      if (one) sent.push(one);
    } catch (err) {
      if (!(err instanceof WeftError)) throw err;
      failed.push({ to, error: err });
    }
  }
  if (!stored.length && !sent.length) throw failed[0]!.error;
  const recipients = [...stored.map((m) => m.to), ...sent.flatMap((s) => s.recipients)];
  return {
    sent: {
      ...state.expectations(stored.map((m) => m.to)),
      status: "delivered",
      message_id: stored[0]?.id ?? sent[0]!.message_id,
      from,
      recipients,
      recipient_status: `${recipients.length} recipients`,
      ...(failed.length
        ? {
          failed: failed.map((f) => ({ to: f.to, code: f.error.code, message: f.error.message })),
        }
        : {}),
    },
  };
}
