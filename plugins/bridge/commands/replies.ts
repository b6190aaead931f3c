import { z } from "@weft/weft/plugin";
import { defineCommand } from "../_state.ts";
import { rows } from "../_db.ts";

/** `bridge.replies`: replies for senders that are not bridge agents, and where they went. */
export const replies = defineCommand({
  name: "bridge.replies",
  title: "Bridge replies",
  description: "Replies of bridge agents to pane agents or humans, newest first, with their " +
    "state: sent (a message), pending (being sent) or undelivered (messaging is not running: " +
    "the reply is kept here).",
  capabilities: ["message:read"],
  input: z.object({ limit: z.number().int().min(1).max(1000).optional() }),
  handler: ({ input, state }) => ({
    replies: rows(
      state.db,
      "SELECT * FROM outbox ORDER BY id DESC LIMIT ?",
      input.limit ?? 50,
    ),
  }),
});
