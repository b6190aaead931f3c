import { z } from "@weft/weft/plugin";
import { defineCommand, mustBeAgent } from "../_state.ts";
import { run, transaction } from "../_db.ts";

/** `bridge.remove`: forgets an agent; what was queued for it goes to the dead letters. */
export const remove = defineCommand({
  name: "bridge.remove",
  title: "Remove bridge agent",
  description: "Remove a bridge agent. Messages still queued for it move to the dead letters " +
    "(`bridge.retry` after adding it again); a turn running now finishes.",
  capabilities: ["pane:control"],
  input: z.object({ name: z.string() }),
  handler: ({ input, state }) => {
    mustBeAgent(state, input.name, "remove");
    const moved = transaction(state.db, () => {
      const n = state.db.prepare(
        `UPDATE items SET state = 'dead', error = 'the agent was removed', done_at = ?
          WHERE agent = ? AND state = 'queued'`,
      ).run(Date.now(), input.name).changes;
      run(state.db, "DELETE FROM agents WHERE name = ?", input.name);
      return Number(n);
    });
    return { removed: input.name, deadLettered: moved };
  },
});
