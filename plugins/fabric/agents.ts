/**
 * `fabric.agents`: the agents of every other host of the fabric, from the presence KV (each
 * host puts its own there, `roster.ts`), for the hosts that let this one message them: what
 * `list_agents {all_hosts: true}` and `weft msg agents --all` add to this host's own. One call,
 * no round trip per host; an unreachable host keeps its last agents, marked `unreachable`. A
 * host whose record has no agents (an older weft) is asked as before (`message.agents`).
 *
 * @module
 */

import { type Caller, withState, z } from "@weft/weft/plugin";
import { toErrorBody } from "../../protocols/bus/errors.ts";
import type { HostSeen } from "./presence.ts";
import { type FabricAgent, fromMessaging, MAX_AGENTS } from "./roster.ts";
import type { State } from "./state.ts";

const { defineCommand } = withState<State>();

/** One other host as `fabric.agents` lists it. */
export interface AgentsOfHost {
  host: string;
  state: HostSeen["state"];
  agents?: (FabricAgent | Record<string, unknown>)[];
  /** When it was last heard of (ms since the epoch), for an unreachable host. */
  lastSeen?: number;
  error?: { code: string; message: string };
}

export const agents = defineCommand({
  name: "fabric.agents",
  title: "Agents on other hosts",
  description: "Every other host of the fabric with its agents, from the fabric's presence (ask " +
    "with list_agents all_hosts); an unreachable host's last agents are marked unreachable; a " +
    "host that lets this one not message it is listed with its error.",
  capabilities: ["message:read"],
  mcp: { expose: false },
  input: z.object({}),
  handler: async ({ state, caller, requestId }) => {
    const others = state.presence.hosts().filter((h) => h.state !== "self");
    const hosts = await Promise.all(
      others.map((h) => ofHost(state, h, caller, requestId)),
    );
    return { hosts };
  },
});

async function ofHost(
  state: State,
  h: HostSeen,
  caller: Caller,
  requestId: string,
): Promise<AgentsOfHost> {
  const record = state.presence.record(h.host);
  const gone = h.state === "unreachable";
  if (Array.isArray(record?.agents)) {
    if (!(Array.isArray(record.agentsFor) && record.agentsFor.includes(state.host))) {
      const message = `Cannot list the agents of host "${h.host}": it does not let host ` +
        `"${state.host}" message it`;
      return { host: h.host, state: h.state, error: { code: "DENIED", message } };
    }
    // Another host's words: read as agents field by field, no more than one host may publish.
    const agents = record.agents!.slice(0, MAX_AGENTS).map((a) => {
      const one = fromMessaging(
        a && typeof a === "object" ? a as unknown as Record<string, unknown> : {},
      );
      // Its pane by the id that reaches it from here.
      if (one.pane) one.pane = `${h.host}/${one.pane}`;
      return gone ? { ...one, status: "unreachable" } : one;
    });
    return {
      host: h.host,
      state: h.state,
      agents,
      ...(gone && h.lastSeen ? { lastSeen: h.lastSeen } : {}),
    };
  }
  if (gone) return { host: h.host, state: h.state };
  // An older host: asked, as this host.
  try {
    const { agents } = await state.link.call(h.host, "message.agents", {
      input: {},
      requestId,
      caller: { kind: caller.kind, id: caller.id, grants: caller.grants },
    }) as { agents: Record<string, unknown>[] };
    return { host: h.host, state: h.state, agents };
  } catch (err) {
    const { code, message } = toErrorBody(err);
    return {
      host: h.host,
      state: code === "HOST_UNREACHABLE" ? "unreachable" : h.state,
      error: { code, message },
    };
  }
}
