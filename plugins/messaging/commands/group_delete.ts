import { WeftError, z } from "@weft/weft/plugin";
import { defineCommand } from "../_common.ts";
import { EVERYONE } from "../_address.ts";
import { GROUP } from "./_group_input.ts";
import { unknownGroup } from "./_unknown_group.ts";
import { notFromHost } from "../_remote.ts";

/** `message.group_delete`: removes a group (never `@everyone`). */
export const groupDelete = defineCommand({
  name: "message.group_delete",
  title: "Delete a group",
  description: "Delete a group. `everyone` is protected.",
  capabilities: ["message:send"],
  mcp: { name: "delete_group" },
  input: z.object({ name: GROUP }),
  handler: ({ input, state, caller }) => {
    notFromHost(caller, `delete group "${input.name}"`);
    if (input.name === EVERYONE) {
      throw new WeftError("DENIED", `Cannot delete group "${EVERYONE}": it is protected`);
    }
    if (!state.store.deleteGroup(input.name)) throw unknownGroup(input.name, state.store);
    return { status: "deleted", name: input.name };
  },
});
