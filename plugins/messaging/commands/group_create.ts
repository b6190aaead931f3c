import { WeftError, z } from "@weft/weft/plugin";
import { AS, defineCommand } from "../_common.ts";
import { EVERYONE } from "../_address.ts";
import { GROUP } from "./_group_input.ts";

/** `message.group_create`: a named group to send to as `@name`. */
export const groupCreate = defineCommand({
  name: "message.group_create",
  title: "Create a group",
  description: "Create a named group; send to it as `@name`.",
  capabilities: ["message:send"],
  mcp: { name: "create_group" },
  input: z.object({ name: GROUP, description: z.string().max(1000).optional(), as: AS }),
  handler: async ({ input, caller, state }) => {
    const by = await state.self(caller, input.as);
    if (
      input.name === EVERYONE || !state.store.createGroup(input.name, input.description ?? "", by)
    ) {
      throw new WeftError("CONFLICT", `Cannot create group "${input.name}": it exists`);
    }
    return { status: "created", name: input.name };
  },
});
