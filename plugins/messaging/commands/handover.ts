import { WeftError, z } from "@weft/weft/plugin";
import { defineCommand } from "../_common.ts";

/**
 * `message.handover`: the first rung of the delivery ladder. The hook door calls it at each of
 * an agent's hook events that can carry something back (`answersHooks`); it returns the
 * messages waiting for that pane, framed, for the hook's answer (read `hook` once the agent's
 * transcript shows it took them, else at once: `_delivery.ts`). Only the
 * pane itself may ask (the door proves it with the pane's key).
 */
export const handover = defineCommand({
  name: "message.handover",
  title: "Hand messages over in a hook's answer",
  description: "Called by weft's hook door, as the agent's pane, at a hook event of that " +
    "agent: returns the messages waiting for the pane (marked read, delivered_via hook) as " +
    "the text its hook answers with; a submitted prompt confirms a typed delivery.",
  capabilities: ["message:read"],
  mcp: { expose: false },
  answersHooks: true,
  timeout: { ms: 2000 },
  input: z.object({
    pane: z.string().min(1).max(64),
    agent: z.string().min(1).max(64),
    point: z.enum(["tool", "stop", "prompt"]),
    prompt: z.string().max(16 * 1024 * 1024).optional(),
    before: z.number().optional().describe(
      "ms since the epoch: later, the hook has gone on and nothing is handed over.",
    ),
  }),
  handler: async ({ input, caller, state }) => {
    if (caller.pane !== input.pane) {
      throw new WeftError("DENIED", `Cannot hand over messages for "${input.pane}": not its pane`);
    }
    await state.panes();
    // Too late: what would be marked read now could not reach the agent.
    if (input.before !== undefined && Date.now() > input.before) return {};
    const at = input.point === "prompt"
      ? { point: "prompt" as const, prompt: input.prompt ?? "" }
      : { point: input.point };
    const text = await state.deliverer?.handover(input.pane, at, input.before);
    return text ? { text } : {};
  },
});
