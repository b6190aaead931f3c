import { z } from "@weft/weft/plugin";
import { defineCommand } from "../_common.ts";
import { agents, EVERYONE, expandGroup } from "../_address.ts";
import { GROUP } from "./_group_input.ts";
import { unknownGroup } from "./_unknown_group.ts";
import type { Messaging } from "../_messaging.ts";

function everyone(state: Messaging) {
  return {
    name: EVERYONE,
    description: "Every agent (protected)",
    created_at: null,
    created_by: "weft",
    member_count: agents(state.directory).length,
  };
}

/** `message.group_list`: every group. */
export const groupList = defineCommand({
  name: "message.group_list",
  title: "List groups",
  description: "Every group with its description, creator and member count.",
  capabilities: ["message:read"],
  mcp: { name: "list_groups", readOnly: true },
  input: z.object({}),
  handler: async ({ state }) => {
    await state.panes();
    return {
      groups: [
        everyone(state),
        ...state.store.groups().map((g) => ({
          name: g.name,
          description: g.description,
          created_at: new Date(g.createdAt).toISOString(),
          created_by: g.createdBy,
          member_count: state.store.members(g.name).length,
        })),
      ],
    };
  },
});

/** `message.group_get`: one group, its members, optionally the agents they stand for. */
export const groupGet = defineCommand({
  name: "message.group_get",
  title: "Get a group",
  description: "A group's members (agents and roles); `expand` also lists the agents they " +
    "stand for.",
  capabilities: ["message:read"],
  mcp: { name: "get_group", readOnly: true },
  input: z.object({ name: GROUP, expand: z.boolean().optional() }),
  handler: async ({ input, state }) => {
    const directory = await state.panes();
    const row = input.name === EVERYONE ? undefined : state.store.group(input.name);
    if (input.name !== EVERYONE && !row) throw unknownGroup(input.name, state.store);
    const head = row
      ? {
        name: row.name,
        description: row.description,
        created_at: new Date(row.createdAt).toISOString(),
        created_by: row.createdBy,
      }
      : { ...everyone(state), member_count: undefined };
    const members = row ? state.store.members(row.name) : [];
    if (!input.expand) return { ...head, members };
    const expanded = [
      ...new Set(expandGroup(input.name, { directory, store: state.store }).map((i) => i.name)),
    ];
    return { ...head, members, expanded_agents: expanded, expanded_agents_count: expanded.length };
  },
});
