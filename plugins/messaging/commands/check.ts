import { z } from "@weft/weft/plugin";
import { AS, defineCommand } from "../_common.ts";
import { infoOf } from "../_info.ts";

/** `message.check`: the caller's unread messages, marked read. */
export const check = defineCommand({
  name: "message.check",
  title: "Check messages",
  description: "Your unread messages, oldest first; they are marked read and not returned " +
    "again. `remaining` says how many are still unread past `limit`.",
  capabilities: ["message:read"],
  mcp: { name: "check_messages" },
  input: z.object({
    limit: z.number().int().min(1).max(1000).optional().describe("At most this many (50)."),
    ids: z.array(z.string().max(64)).max(1000).optional().describe(
      "Only these message ids (to mark exactly what was handled).",
    ),
    as: AS,
  }),
  handler: async ({ input, caller, state }) => {
    const self = await state.self(caller, input.as);
    const { messages, remaining } = state.check(self, {
      limit: input.limit ?? 50,
      ...(input.ids ? { ids: input.ids } : {}),
    });
    return {
      status: messages.length ? "messages" : "empty",
      messages: messages.map(infoOf),
      remaining,
    };
  },
});
