import { z } from "@weft/weft/plugin";
import { defineCommand } from "../_common.ts";

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
  }),
  handler: async ({ input, state }) => {
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
    const list = input.include_offline === false ? all.filter((a) => a.status === "active") : all;
    return { agents: list, count: list.length };
  },
});
