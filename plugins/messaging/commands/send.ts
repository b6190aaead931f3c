import { WeftError, z } from "@weft/weft/plugin";
import { AS, defineCommand, PRIORITY } from "../_common.ts";
import { remoteOf, type RemoteSent, sendRemote, sendToMixed, uniqueInFabric } from "../_remote.ts";

/** `message.send`: a message to an agent, `@role`, `@group` or `@everyone`. */
export const send = defineCommand({
  name: "message.send",
  title: "Send a message",
  description: "Send a message to another agent: `to` is an agent or pane name, `@role`, " +
    "`@group` or `@everyone`; `name@host` (or `@role@host`) is on another host of the fabric, " +
    "as is a name only one agent of the fabric has. " +
    "Returns once the message is stored (on another host: in that host's inbox stream). An agent pane gets it " +
    "through its hooks at its next tool call or stop, else typed into its idle prompt; others " +
    "read it with check_messages or wait_for_message. `delivery` says, for each agent pane " +
    "recipient, the rung expected (`hook`, `typed`) or why it waits in the inbox.",
  capabilities: ["message:send"],
  mcp: { name: "send_message" },
  sideband: {
    tag: "send",
    summary: "send the content as a message to `to` (a name, @role, @group or @everyone)",
    content: "content",
    attrs: {
      to: { kind: "string", required: true, max: 200 },
      content: { kind: "string", max: 64 * 1024 },
      priority: { kind: ["critical", "high", "normal", "low"] },
      reply_to: { kind: "string", max: 64 },
    },
  },
  input: z.object({
    to: z.string().min(1).max(200).describe(
      "Agent name, pane id, @role, @group or @everyone; NAME@HOST on another host.",
    ),
    content: z.string().describe("The message text (markdown)."),
    reply_to: z.string().max(64).optional().describe("The id of the message this answers."),
    priority: PRIORITY.optional().describe("critical, high, normal (default) or low."),
    metadata: z.record(z.string(), z.unknown()).optional().describe("Structured data."),
    as: AS,
  }),
  handler: async ({ input, caller, state }) => {
    const from = await state.self(caller, input.as, { answerable: true });
    const address = remoteOf(input.to);
    const far = address && await sendRemote(state, from, address, input, caller);
    if (far) return sentFar(far);
    // A group with members on other hosts: each gets it where they are.
    const mixed = !address && input.to.startsWith("@")
      ? await sendToMixed(state, from, input, caller)
      : undefined;
    if (mixed && "sent" in mixed) return mixed.sent;
    let stored;
    try {
      const to = address ? { to: address.to } : {};
      stored = await state.send(from, { ...input, ...to, ...mixed }, caller);
    } catch (err) {
      // A name no one here has, held by one agent on another host: that one.
      const unknown = !address && err instanceof WeftError && err.code === "NOT_FOUND" &&
        (err.data as { to?: string } | undefined)?.to === input.to && !input.to.startsWith("@");
      const there = unknown ? await uniqueInFabric(state, input.to) : undefined;
      if (!there) throw err;
      return sentFar((await sendRemote(state, from, there, input, caller))!);
    }
    const recipients = stored.map((m) => m.to);
    return {
      ...state.expectations(recipients),
      status: "delivered",
      message_id: stored[0]!.id,
      from,
      recipients,
      recipient_status: recipients.length === 1
        ? state.statusOf(recipients[0]!)
        : `${recipients.length} recipients`,
    };
  },
});

function sentFar(far: RemoteSent) {
  const one = far.recipients.length === 1;
  return {
    status: "stored",
    ...far,
    recipient_status: one ? `on host ${far.host}` : `${far.recipients.length} recipients`,
  };
}
