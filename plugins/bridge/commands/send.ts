import { type Caller, WeftError, z } from "@weft/weft/plugin";
import { defineCommand, mustBeAgent } from "../_state.ts";
import { row } from "../_db.ts";
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
  handler: async ({ input, state, caller, call }) => {
    if (input.from !== undefined) await mayBe(input.from, { state, caller, call });
    return queueTurn(state, { ...input, from: input.from ?? caller.pane, origin: "send" });
  },
});

/**
 * Throws `DENIED` unless the caller may send as `from`, as every `as` is checked: a pane only as
 * itself, a plugin not as anyone else, a caller outside panes not as a pane (live or closed) or
 * a bridge agent (`bridge.inject` writes as one).
 */
async function mayBe(
  from: string,
  { state, caller, call }: {
    state: BridgeState;
    caller: Caller;
    call: (name: string, input: unknown) => Promise<unknown>;
  },
): Promise<void> {
  const deny = (why: string) => {
    throw new WeftError("DENIED", `Cannot send as "${from}": ${why}`);
  };
  const pane = await call("pane.status", { pane: from }).then(
    (r) => (r as { id: string }).id,
    (err) => {
      if (err instanceof WeftError && err.code === "TARGET_NOT_FOUND") {
        return /^p\d+$/.test(from) ? from : undefined;
      }
      deny(`cannot tell whether it is a pane: ${err instanceof Error ? err.message : err}`);
    },
  );
  if (caller.pane) {
    if (pane !== caller.pane) {
      deny(`the caller runs in pane ${caller.pane}; a pane sends as itself`);
    }
    return;
  }
  if (caller.kind === "plugin") deny(`plugin "${caller.id}" sends as itself (leave out from)`);
  if (pane) deny(`it is pane ${pane}'s identity; only that pane speaks as it`);
  if (row(state.db, "SELECT 1 AS x FROM agents WHERE name = ?", from)) {
    deny("it is a bridge agent; bridge.inject writes as one");
  }
}
