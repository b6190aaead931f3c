import { z } from "@weft/weft/plugin";
import { AS, defineCommand } from "../_common.ts";
import { infoOf } from "../_info.ts";

/** `message.log`: recent messages you sent or received. */
export const log = defineCommand({
  name: "message.log",
  title: "Message log",
  description: "The last messages you sent or received (with `all`, everyone's: only for the " +
    "project's owner), oldest first, with their recipients.",
  capabilities: ["message:read"],
  mcp: { expose: false },
  input: z.object({
    limit: z.number().int().min(1).max(10_000).optional().describe("At most this many (50)."),
    all: z.boolean().optional(),
    as: AS,
  }),
  handler: async ({ input, caller, state }) => {
    const self = await state.self(caller, input.as);
    const everyone = input.all === true && caller.grants === "all";
    const rows = state.store.log({
      ...(everyone ? {} : { name: self }),
      limit: input.limit ?? 50,
    });
    return {
      as: self,
      messages: rows.map((m) => ({ ...infoOf(m), recipients: state.store.recipientsOf(m.id) })),
    };
  },
});
