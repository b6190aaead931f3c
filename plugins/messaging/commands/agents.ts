import { z } from "@weft/weft/plugin";
import { defineCommand } from "../_common.ts";
import { callingHost, remoteAgents } from "../_remote.ts";

/** `message.agents`: who can be messaged. */
export const agents = defineCommand({
  name: "message.agents",
  title: "List agents",
  description: "Every identity you can message: panes (name, role, pane, agent kind, state), " +
    "registered agents and names seen from outside panes, with status (active: a live pane " +
    "or registered agent), unread count and how many wait_for_message calls are waiting.",
  capabilities: ["message:read"],
  mcp: { name: "list_agents", readOnly: true },
  input: z.object({
    include_offline: z.boolean().optional().describe("Include offline ones (default true)."),
    all_hosts: z.boolean().optional().describe(
      "Also the agents of every other host of the fabric (named NAME@HOST).",
    ),
  }),
  handler: async ({ input, state, caller }) => {
    const all = (await state.panes()).all().map((i) => ({
      name: i.name,
      role: i.role ?? "",
      module: "",
      status: state.statusOf(i.name),
      last_seen_at: null,
      kind: i.kind,
      pane: i.pane?.id ?? null,
      agent: i.pane?.agent ?? (i.kind === "registered" ? "headless" : "human"),
      state: i.pane?.state ?? null,
      state_source: i.pane?.stateSource ?? null,
      owner: i.owner ?? null,
      unread: state.store.unreadCount(i.name),
      waiting: state.waiters.count(i.name),
    }));
    // Another host asking gets this host's own; only a local caller spans the fabric.
    const far = input.all_hosts && !callingHost(caller) ? await remoteAgents(state) : undefined;
    const every = far ? [...all, ...far.agents] : all;
    const list = input.include_offline === false
      ? every.filter((a) => a.status === "active")
      : every;
    return { agents: list, count: list.length, ...(far ? { hosts: far.hosts } : {}) };
  },
});
