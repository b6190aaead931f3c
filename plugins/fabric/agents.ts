/**
 * `fabric.agents`: the agents of every other host of the fabric, as each host's messaging
 * lists them (`message.agents`, run there as this host: it needs `message` granted there).
 * What `list_agents {all_hosts: true}` and `weft msg agents --all` add to this host's own.
 *
 * @module
 */

import { withState, z } from "@weft/weft/plugin";
import { toErrorBody } from "../../protocols/bus/errors.ts";
import type { State } from "./state.ts";

const { defineCommand } = withState<State>();

export const agents = defineCommand({
  name: "fabric.agents",
  title: "Agents on other hosts",
  description: "Every other host of the fabric with the agents its messaging lists (ask with " +
    "list_agents all_hosts); a host that does not answer or lets this one not message it is " +
    "listed with its error.",
  capabilities: ["message:read"],
  mcp: { expose: false },
  input: z.object({}),
  handler: async ({ state, caller, requestId }) => {
    const others = state.presence.hosts().filter((h) => h.state !== "self");
    const hosts = await Promise.all(others.map(async (h) => {
      if (h.state === "unreachable") return { host: h.host, state: h.state };
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
    }));
    return { hosts };
  },
});
