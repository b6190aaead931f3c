import { WeftError, z } from "@weft/weft/plugin";
import { defineCommand } from "../_common.ts";
import { EVERYONE } from "../_address.ts";
import { MEMBER } from "./_group_input.ts";
import { unknownGroup } from "./_unknown_group.ts";
import type { Messaging } from "../_messaging.ts";
import { notFromHost, remoteOf } from "../_remote.ts";

function groupOf(state: Messaging, group: string): void {
  if (group === EVERYONE) {
    throw new WeftError("DENIED", `Cannot change group "${EVERYONE}": it holds every agent`);
  }
  if (!state.store.group(group)) throw unknownGroup(group, state.store);
}

/** `message.group_add`: an agent or a role joins a group. */
export const groupAdd = defineCommand({
  name: "message.group_add",
  title: "Add a group member",
  description: "Add a member to a group: an agent by name, or a role (every agent with it).",
  capabilities: ["message:send"],
  mcp: { name: "add_group_member" },
  input: z.object(MEMBER),
  handler: async ({ input, state, caller }) => {
    notFromHost(caller, `change group "${input.group}"`);
    groupOf(state, input.group);
    // An agent of another host (`bob@buildbox`) is taken as written: its host resolves it.
    const far = input.member_type === "agent" && remoteOf(input.member_id) !== undefined;
    if (input.member_type === "agent" && !far && !(await state.panes()).find(input.member_id)) {
      throw new WeftError("NOT_FOUND", `Cannot add "${input.member_id}": no agent is called that`);
    }
    state.store.addMember(input.group, { type: input.member_type, id: input.member_id });
    return { status: "added", ...input };
  },
});

/** `message.group_remove`: a member leaves a group. */
export const groupRemove = defineCommand({
  name: "message.group_remove",
  title: "Remove a group member",
  description: "Remove a member (agent or role) from a group.",
  capabilities: ["message:send"],
  mcp: { name: "remove_group_member" },
  input: z.object(MEMBER),
  handler: ({ input, state, caller }) => {
    notFromHost(caller, `change group "${input.group}"`);
    groupOf(state, input.group);
    if (!state.store.removeMember(input.group, { type: input.member_type, id: input.member_id })) {
      throw new WeftError(
        "NOT_FOUND",
        `Cannot remove ${input.member_type} "${input.member_id}": not in group "${input.group}"`,
      );
    }
    return { status: "removed", ...input };
  },
});
