import { WeftError, z } from "@weft/weft/plugin";
import { defineCommand, PRIORITY } from "../_common.ts";
import { hostOnly } from "../_remote.ts";
import { NAME } from "../_self.ts";

/**
 * `message.resolve`: who a message from another host would reach here. The sending host asks
 * before it stores the message in this host's inbox stream, so an unknown name fails at once.
 * Only a host of the fabric granted `message` here calls it.
 */
export const resolve = defineCommand({
  name: "message.resolve",
  title: "Resolve a recipient for another host",
  description: "Called by another host of the fabric before it sends here: the names `to` " +
    "reaches on this host.",
  capabilities: ["message:send"],
  mcp: { expose: false },
  input: z.object({ to: z.string().min(1).max(200), from: z.string().regex(NAME) }),
  handler: async ({ input, caller, state }) => {
    const host = hostOnly(caller, `resolve "${input.to}"`);
    return { recipients: await state.resolve(input.to, `${input.from}@${host}`) };
  },
});

/**
 * `message.receive`: a message from another host, stored once by its id, then delivered by
 * the same rules as a local one. The fabric calls it as the sending host (proven by the hub),
 * acknowledging the message to its inbox stream only after this returns.
 */
export const receive = defineCommand({
  name: "message.receive",
  title: "Receive a message from another host",
  description: "Called by the fabric plugin for a message from another host's agent: stores " +
    "it (once by id) and delivers it as a local send would.",
  capabilities: ["message:send"],
  mcp: { expose: false },
  input: z.object({
    id: z.string().regex(/^[0-9A-Z]{26}$/),
    from: z.string().regex(NAME),
    to: z.string().min(1).max(200),
    recipients: z.array(z.string().regex(NAME)).min(1).max(100),
    content: z.string().min(1).max(64 * 1024),
    priority: PRIORITY,
    reply_to: z.string().max(64).optional(),
    metadata: z.record(z.string(), z.unknown()).optional(),
    created_at: z.number().int(),
  }),
  handler: async ({ input, caller, state }) => {
    const host = hostOnly(caller, "receive a message");
    if (input.recipients.length > state.options.maxRecipients) {
      throw new WeftError("TOO_LARGE", `Cannot receive message ${input.id}: too many recipients`);
    }
    const stored = await state.receive({
      id: input.id,
      createdAt: input.created_at,
      from: `${input.from}@${host}`,
      toSpec: input.to,
      recipients: input.recipients,
      content: input.content,
      priority: input.priority,
      replyTo: input.reply_to,
      metadata: input.metadata,
    });
    return { id: input.id, stored: stored.length > 0 };
  },
});
