import { WeftError, z } from "@weft/weft/plugin";
import { defineCommand, mustBeAgent } from "../_state.ts";
import type { BridgeState } from "../_state.ts";
import type { Item } from "../_db.ts";

/** The fields `bridge.send` and `bridge.inject` share. */
export const sendFields = {
  text: z.string().max(1_000_000).describe("The message: the text of the agent's next turn."),
  max_hops: z.number().int().min(1).max(10_000).optional().describe(
    "How many turns the conversation may take, replies included (default 20).",
  ),
  priority: z.number().int().min(-100).max(100).optional().describe(
    "Higher runs first among waiting messages (default 0).",
  ),
};

/** Queues a turn for `to`; returns what `bridge.send` answers. */
export function queueTurn(
  state: BridgeState,
  request: {
    to: string;
    text: string;
    from?: string | undefined;
    origin: Item["origin"];
    max_hops?: number | undefined;
    priority?: number | undefined;
  },
) {
  mustBeAgent(state, request.to);
  if (request.text.trim() === "") {
    throw new WeftError("INVALID_INPUT", `Cannot send to "${request.to}": the text is empty`);
  }
  const item = state.broker.enqueue({
    agent: request.to,
    text: request.text,
    sender: request.from ?? null,
    origin: request.origin,
    ...(request.max_hops !== undefined ? { maxHops: request.max_hops } : {}),
    ...(request.priority !== undefined ? { priority: request.priority } : {}),
  });
  return {
    id: item.id,
    agent: item.agent,
    conversation: item.conversation,
    maxHops: item.max_hops,
  };
}

/** `bridge.send`: a message that becomes a turn of a bridge agent. */
export const send = defineCommand({
  name: "bridge.send",
  title: "Send to bridge agent",
  description: "Queue a message for a bridge agent; it becomes one `claude -p` turn, resumed " +
    "in the agent's session. The reply goes back to `from`: as its next turn when `from` is " +
    "a bridge agent (so two agents converse, up to max_hops turns), else to its messaging " +
    "inbox. Returns the message id at once; the turn runs when the agent is free.",
  capabilities: ["message:send"],
  input: z.object({
    to: z.string().describe("The bridge agent."),
    from: z.string().min(1).max(200).optional().describe(
      "Who it is from: a bridge agent, a pane agent or a human (replies go there). " +
        "Default: the calling pane, else nobody (the reply is kept: bridge.tail).",
    ),
    ...sendFields,
  }),
  // From a pane (an agent calling over MCP, `weft bridge send` typed in a pane) without `from`,
  // the reply goes to that pane's inbox.
  handler: ({ input, state, caller }) =>
    queueTurn(state, { ...input, from: input.from ?? caller.pane, origin: "send" }),
});
