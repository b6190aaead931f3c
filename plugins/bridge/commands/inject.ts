import { WeftError, z } from "@weft/weft/plugin";
import { defineCommand, mustBeAgent } from "../_state.ts";
import { queueTurn, sendFields } from "./send.ts";

/** `bridge.inject`: a human writes to one agent as another (cc-bridge's inject). */
export const inject = defineCommand({
  name: "bridge.inject",
  title: "Inject as bridge agent",
  description: "Write to bridge agent `to` as bridge agent `as`: `to` answers `as`, whose " +
    "turn answers back, and so on up to max_hops (a human starting or steering an A ↔ B " +
    "conversation).",
  capabilities: ["message:send"],
  input: z.object({
    as: z.string().describe("The bridge agent the message is written as."),
    to: z.string().describe("The bridge agent that receives it."),
    ...sendFields,
  }),
  handler: ({ input, state, caller }) => {
    // Writing as an agent is the human's (or a script's) outside panes: a pane, or a plugin,
    // speaks only as itself, as every `as` is checked.
    if (caller.pane || caller.kind === "plugin") {
      throw new WeftError(
        "DENIED",
        `Cannot inject as "${input.as}": ` +
          (caller.pane ? `the caller runs in pane ${caller.pane}` : `plugin "${caller.id}"`) +
          " speaks only as itself; inject from outside panes",
      );
    }
    mustBeAgent(state, input.as, "inject as");
    if (input.as === input.to) {
      throw new WeftError("INVALID_INPUT", `Cannot inject as "${input.as}" to itself`);
    }
    const { as, ...rest } = input;
    return queueTurn(state, { ...rest, from: as, origin: "inject" });
  },
});
