import { z } from "@weft/weft/plugin";
import { AS, defineCommand } from "../_common.ts";
import { infoOf, ownMessage } from "../_info.ts";

/** `message.get`: one message the caller sent or received. */
export const get = defineCommand({
  name: "message.get",
  title: "Get a message",
  description: "One message by id, if you sent or received it (it is not marked read).",
  capabilities: ["message:read"],
  mcp: { name: "get_message", readOnly: true },
  input: z.object({ id: z.string().min(1).max(64), as: AS }),
  handler: async ({ input, caller, state }) => {
    const self = await state.self(caller, input.as);
    const m = ownMessage(state.store, input.id, self);
    return { ...infoOf(m), recipients: state.store.recipientsOf(m.id) };
  },
});
