import { z } from "@weft/weft/plugin";
import { doorOf } from "../../../protocols/bus/doors.ts";
import { AS, defineCommand } from "../_common.ts";
import { infoOf } from "../_info.ts";
import { PRIORITY_FILTERS } from "../_waiters.ts";

/** `message.wait`: the next message, at once or when it arrives. */
export const wait = defineCommand({
  name: "message.wait",
  title: "Wait for a message",
  description: "Wait for your next unread message: returns at once when one is waiting, else " +
    'when one arrives, else `{status: "timeout"}` after `timeout` seconds (through MCP at ' +
    "most 50 s: call again). The message is marked read. Any number may wait; each message " +
    "goes to one of them.",
  capabilities: ["message:read"],
  mcp: { name: "wait_for_message" },
  // The bus ends a wait past the longest allowed (600 s) plus a margin; a wait's own time-out
  // is a result, not an error.
  timeout: { ms: 3_610_000 },
  input: z.object({
    timeout: z.number().int().min(0).max(3600).optional().describe(
      "Seconds to wait (default 300, at most 600; through MCP at most 50).",
    ),
    priority_filter: z.enum(Object.keys(PRIORITY_FILTERS) as [string, ...string[]]).optional()
      .describe("all (default), critical, high_and_above or normal_and_above."),
    as: AS,
  }),
  handler: async ({ input, caller, state, signal }) => {
    const self = await state.self(caller, input.as, { answerable: true });
    // A door whose clients give up after about a minute (MCP) gets a shorter wait.
    const cap = doorOf(caller).shortCalls
      ? state.options.mcpWaitCapSeconds
      : state.options.maxWaitSeconds;
    const seconds = Math.min(input.timeout ?? 300, cap);
    const started = performance.now();
    const message = await state.wait(self, {
      seconds,
      filter: input.priority_filter ?? "all",
      signal,
    });
    const waited_seconds = Math.round((performance.now() - started) / 1000);
    return message
      ? { status: "message_received", message: infoOf(message), waited_seconds }
      : { status: "timeout", message: null, waited_seconds };
  },
});
