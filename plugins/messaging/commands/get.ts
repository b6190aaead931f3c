import { z } from "@weft/weft/plugin";
import { AS, defineCommand } from "../_common.ts";
import { infoOf, ownMessage, receiptsOf } from "../_info.ts";

/** `message.get`: one message the caller sent or received. */
export const get = defineCommand({
  name: "message.get",
  title: "Get a message",
  description: "One message by id, if you sent or received it (it is not marked read). " +
    "Its sender also sees each recipient's receipt: read or not, and `delivered_via` (hook: " +
    "handed to its agent at a tool call or stop; typed: into its idle prompt; check, wait: " +
    "it asked).",
  capabilities: ["message:read"],
  mcp: { name: "get_message", readOnly: true },
  input: z.object({ id: z.string().min(1).max(64), as: AS }),
  handler: async ({ input, caller, state }) => {
    const self = await state.self(caller, input.as);
    const m = ownMessage(state.store, input.id, self);
    const recipients = state.store.recipientsOf(m.id);
    return {
      ...infoOf(m),
      recipients,
      ...(m.from === self ? { receipts: receiptsOf(state.store.copies(m.id)) } : {}),
    };
  },
});
