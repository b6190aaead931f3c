import { WeftError, z } from "@weft/weft/plugin";
import { defineCommand, mustBeAgent } from "../_state.ts";
import { type Item, row, run } from "../_db.ts";

/** `bridge.retry`: a dead letter queued again, with fresh tries. */
export const retry = defineCommand({
  name: "bridge.retry",
  title: "Retry dead letter",
  description: "Queue a dead letter again (by id, or a unique prefix of it) with its tries " +
    "reset; it keeps its place in the conversation.",
  capabilities: ["message:send"],
  input: z.object({ id: z.string().min(4).max(64) }),
  handler: ({ input, state }) => {
    const found = row<Item>(
      state.db,
      "SELECT * FROM items WHERE id LIKE ? || '%' AND state = 'dead' LIMIT 2",
      input.id,
    );
    if (!found) {
      throw new WeftError("NOT_FOUND", `Cannot retry "${input.id}": no such dead letter`);
    }
    mustBeAgent(state, found.agent, "retry a message for");
    run(
      state.db,
      "UPDATE items SET state = 'queued', tries = 0, next_at = 0, done_at = NULL WHERE id = ?",
      found.id,
    );
    state.broker.wake();
    return { id: found.id, agent: found.agent, queued: true };
  },
});
