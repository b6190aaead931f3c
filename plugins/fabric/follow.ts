/**
 * Another host's pane output, live, on this bus: a subscription here to `pane.output` of
 * `buildbox/p3` (the bus's route hands it to {@link followRemote}) asks `buildbox` to publish
 * that pane's output for this host (`fabric.follow`, which runs there with the rights its
 * project grants this host: `read`), listens on the subject only this host may receive, and
 * renews the follow while the subscription lasts; it ends with the subscription
 * (`fabric.unfollow`). The owning host's side is `taps.ts`.
 *
 * @module
 */

import { type RoutedFollow, WeftError, type WeftEvent, withState, z } from "@weft/weft/plugin";
import { followSubject, RENEW_MS } from "./taps.ts";
import type { State } from "./state.ts";

const { defineCommand } = withState<State>();

/** The calling host of a call from the fabric, or `DENIED`. */
function callingHost(caller: { kind: string; id: string }, what: string): string {
  if (caller.kind !== "host" || !caller.id.startsWith("fabric/")) {
    throw new WeftError("DENIED", `Cannot ${what}: only another host of the fabric may`);
  }
  return caller.id.slice("fabric/".length);
}

const Id = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, "letters, digits, - and _");

const follow = defineCommand({
  name: "fabric.follow",
  title: "Follow a pane from another host",
  description: "Used by another host of the fabric: this host publishes the pane's output for " +
    "it (with `replay`, first what it keeps: the last 256 KiB) until it unfollows or stops " +
    "renewing (every 2 s).",
  capabilities: ["pane:read"],
  mcp: { expose: false },
  targets: [{ kind: "pane", field: "pane", fallback: "required" }],
  input: z.object({ pane: z.string(), id: Id, replay: z.boolean().optional() }),
  handler: async ({ input, targets: { pane }, state, caller }) => {
    const peer = callingHost(caller, `follow pane ${input.pane}`);
    await state.taps.follow(peer, input.id, pane!, input.replay === true);
    return { pane: pane!, id: input.id };
  },
});

const unfollow = defineCommand({
  name: "fabric.unfollow",
  title: "Stop following a pane from another host",
  description: "Used by another host of the fabric: ends one of its follows.",
  capabilities: ["pane:read"],
  mcp: { expose: false },
  input: z.object({ id: Id }),
  handler: ({ input, state, caller }) => ({
    unfollowed: state.taps.unfollow(callingHost(caller, "unfollow"), input.id),
  }),
});

const taps = defineCommand({
  name: "fabric.taps",
  title: "Panes other hosts follow",
  description: "This host's panes whose output other hosts follow now, with their followers " +
    "(HOST.ID) and the output chunks kept for them since each was first followed.",
  capabilities: ["pane:read"],
  mcp: { readOnly: true, expose: false },
  input: z.object({}),
  handler: ({ state }) => ({ taps: state.taps.list() }),
});

/** The commands of following panes across hosts. */
export const FOLLOW_COMMANDS = [follow, unfollow, taps];

const decoder = new TextDecoder();

/**
 * Follows `pane` on `follow.host` for one subscriber on this bus: its output to `emit` until
 * the returned function is called. A refusal there (`DENIED`) is logged and ends the follow;
 * a host out of reach is asked again at each renewal.
 */
export function followRemote(
  state: State,
  target: RoutedFollow,
  emit: (event: WeftEvent) => void,
  log: (line: string) => void,
): () => void {
  const id = crypto.randomUUID().replaceAll("-", "").slice(0, 16);
  const { host, pane } = target;
  let ended = false;
  const sub = state.nc.subscribe(followSubject(host, state.host, id), {
    callback: (err, msg) => {
      if (err || ended) return;
      const data = decoder.decode(msg.data);
      emit({ topic: "pane.output", pane, data: { pane, data } });
    },
  });
  const ask = (name: string, input: unknown) =>
    state.link.call(host, name, {
      input,
      requestId: `follow:${id}`,
      caller: { kind: "plugin", id: "fabric", grants: new Set() },
    });
  const renew = async () => {
    try {
      await ask("fabric.follow", { pane, id, ...(target.replay ? { replay: true } : {}) });
    } catch (err) {
      const code = err instanceof WeftError ? err.code : "";
      if (code === "HOST_UNREACHABLE") return;
      log(`cannot follow ${host}/${pane}: ${(err as Error).message}`);
      stop();
    }
  };
  // Flushed first: the subscription is known to the hub before the other host publishes.
  void state.nc.flush().then(renew, () => {});
  const timer = setInterval(() => void renew(), RENEW_MS);
  const stop = () => {
    if (ended) return;
    ended = true;
    clearInterval(timer);
    sub.unsubscribe();
  };
  return () => {
    if (ended) return;
    stop();
    ask("fabric.unfollow", { id }).catch(() => {});
  };
}
