import { z } from "@weft/weft/plugin";
import { AS, defineCommand } from "../_common.ts";
import { infoOf, ownMessage } from "../_info.ts";

/** `message.thread`: a conversation (a message, its replies, theirs). */
export const thread = defineCommand({
  name: "message.thread",
  title: "Get a thread",
  description: "The messages of a thread (a message and the replies to it, transitively), " +
    "oldest first, given any message of it that you sent or received.",
  capabilities: ["message:read"],
  mcp: { name: "get_thread", readOnly: true },
  input: z.object({ id: z.string().min(1).max(64), as: AS }),
  handler: async ({ input, caller, state }) => {
    const self = await state.self(caller, input.as);
    const m = ownMessage(state.store, input.id, self);
    const messages = state.store.thread(m.thread).filter((t) =>
      t.from === self || state.store.recipientsOf(t.id).includes(self)
    );
    return { thread_id: m.thread, messages: messages.map(infoOf) };
  },
});
