import { z } from "@weft/weft/plugin";
import { AS, defineCommand, PRIORITY } from "../_common.ts";
import { agents } from "../_address.ts";

/** `message.broadcast`: one message to every agent but the sender. */
export const broadcast = defineCommand({
  name: "message.broadcast",
  title: "Broadcast a message",
  description: "Send a message to every agent (panes and registered agents) except yourself. " +
    "`filter.status: active` skips agents whose pane has exited; `filter.exclude` skips " +
    "names and roles.",
  capabilities: ["message:send"],
  mcp: { name: "broadcast_message" },
  input: z.object({
    content: z.string().describe("The message text."),
    priority: PRIORITY.optional(),
    filter: z.object({
      status: z.enum(["all", "active"]).optional(),
      exclude: z.array(z.string().max(64)).max(1000).optional(),
    }).optional(),
    as: AS,
  }),
  handler: async ({ input, caller, state }) => {
    const from = await state.self(caller, input.as, { answerable: true });
    const exclude = new Set(input.filter?.exclude ?? []);
    const to = agents(await state.panes()).filter((i) =>
      i.name !== from && !exclude.has(i.name) && !(i.role && exclude.has(i.role)) &&
      (input.filter?.status !== "active" || state.statusOf(i.name) === "active")
    ).map((i) => i.name);
    if (!to.length) {
      return {
        status: "no_recipients",
        sent_to: [],
        failed_to: [],
        total_sent: 0,
        message_ids: [],
      };
    }
    const stored = await state.send(from, {
      to: "@everyone",
      recipients: to,
      content: input.content,
      priority: input.priority,
    }, caller);
    return {
      status: "sent",
      sent_to: stored.map((m) => m.to),
      failed_to: [],
      total_sent: stored.length,
      message_ids: [stored[0]!.id],
    };
  },
});
