import { z } from "@weft/weft/plugin";
import { defineCommand } from "../_state.ts";
import { type Item, rows } from "../_db.ts";

/** `bridge.dead`: the dead letters. */
export const dead = defineCommand({
  name: "bridge.dead",
  title: "Bridge dead letters",
  description: "Messages whose turns failed every try (or whose agent was removed), newest " +
    "first, with their last error; `bridge.retry` queues one again.",
  capabilities: ["message:read"],
  input: z.object({ agent: z.string().optional() }),
  handler: ({ input, state }) => ({
    dead: rows<Item>(
      state.db,
      `SELECT * FROM items WHERE state = 'dead' AND (? IS NULL OR agent = ?)
        ORDER BY done_at DESC LIMIT 500`,
      input.agent ?? null,
      input.agent ?? null,
    ).map((i) => ({
      id: i.id,
      agent: i.agent,
      from: i.sender,
      text: i.text,
      tries: i.tries,
      error: i.error,
      at: i.done_at,
    })),
  }),
});
