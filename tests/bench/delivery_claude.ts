/**
 * `deno task bench -- delivery-claude` (or `delivery`, every agent): how long a message takes
 * to reach the real Claude Code (pinned) against the mock Messages API answering at once, per
 * rung of the delivery ladder (`_delivery.ts`): its hooks at a tool boundary (PostToolUse),
 * at a stop (Stop), and typed into its idle prompt. Then `pipe_crossings_per_typed_send` and
 * `pipe_crossings_per_hook_send`: the messages that crossed the messaging plugin's pipe (both
 * ways) for one message typed, or handed over at a tool boundary, each in a server of its own
 * (`tests/helpers/pipe_crossings.ts`).
 *
 * Runnable alone: `deno run -A --unstable-worker-options tests/bench/delivery_claude.ts`.
 *
 * @module
 */

import { claudeUnavailable } from "../helpers/claude_code.ts";
import { startClaude } from "../helpers/claude_pane.ts";
import {
  held,
  type MessagesRequest,
  mockAnthropic,
  text,
  toolUse,
} from "../helpers/mock_anthropic.ts";
import { weft } from "../../main.ts";
import { benchAgentDelivery } from "./_delivery.ts";
import { hookCrossings, typedCrossings } from "../helpers/pipe_crossings.ts";

/** The three rungs against one Claude Code pane, then the pipe's crossings per message. */
export async function benchDelivery(): Promise<Record<string, number>> {
  const out = await benchAgentDelivery({
    name: "Claude Code",
    unavailable: claudeUnavailable,
    async start(fx, answer) {
      const api = await mockAnthropic([], {
        after: (request) => {
          const reply = answer(request);
          if ("tool" in reply) return toolUse("Bash", { command: "true", description: "loop" });
          return reply.until ? held(reply.until, text(reply.text)) : text(reply.text);
        },
      });
      await weft(["hooks", "install", "--dir", fx.dir], {
        out: () => {},
        err: (t) => console.error(t),
        cwd: fx.dir,
        env: (name) => Deno.env.get(name),
      });
      const pane = await startClaude(fx, {
        baseUrl: api.url,
        prompt: "hello",
        settings: { permissions: { allow: ["Bash"] } },
      });
      return {
        pane,
        submit: async (text) => {
          await fx.client.call("pane.write", { pane, text, submit: true });
        },
        requests: () => api.conversation(),
        turns: (request, needle) =>
          (request as MessagesRequest).messages.filter((m) =>
            m.role === "user" && JSON.stringify(m.content).includes(needle)
          ).length,
        [Symbol.asyncDispose]: () => api.close(),
      };
    },
  });
  out.pipe_crossings_per_typed_send = (await typedCrossings()).total;
  out.pipe_crossings_per_hook_send = (await hookCrossings()).total;
  return out;
}

if (import.meta.main) console.table(await benchDelivery());
