import { WeftError, z } from "@weft/weft/plugin";
import { defineCommand, mustBeAgent } from "../_state.ts";
import { removeAgent } from "../_agents.ts";

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
    if (Object.hasOwn(state.options.agents, input.name)) {
      throw new WeftError(
        "CONFLICT",
        `Cannot remove bridge agent "${input.name}": the project's deno.json names it ` +
          "(weft.bridge.agents); remove it there",
      );
    }
    const moved = removeAgent(state.db, input.name, "the agent was removed");
    return { removed: input.name, deadLettered: moved };
  },
});
