/**
 * `deno task bench -- delivery-codex` (or `delivery`, every agent): how long a message takes to
 * reach the real Codex CLI (pinned npm build, its hooks installed and trusted) against the mock
 * Responses API answering at once, per rung of the delivery ladder (`_delivery.ts`): its hooks
 * at a tool boundary (PostToolUse's additionalContext, a developer message after the command's
 * output), at a stop (Stop's `decision: "block"`), and typed into its idle prompt.
 *
 * Runnable alone: `deno run -A --unstable-worker-options tests/bench/delivery_codex.ts`.
 *
 * @module
 */

import { codexUnavailable } from "../helpers/codex.ts";
import { cleanCodex, codexPane, codexSubmit } from "../helpers/codex_pane.ts";
import { held, mockOpenAI, type ResponsesRequest, shell, text } from "../helpers/mock_openai.ts";
import { benchAgentDelivery } from "./_delivery.ts";

/** The three rungs against one Codex pane. */
export function benchDelivery(): Promise<Record<string, number>> {
  return benchAgentDelivery({
    name: "Codex CLI",
    unavailable: codexUnavailable,
    async start(fx, answer, taken) {
      const api = await mockOpenAI([], {
        after: (request) => {
          const reply = answer(request);
          if ("tool" in reply) return shell("true");
          return reply.until ? held(reply.until, text(reply.text)) : text(reply.text);
        },
      });
      let env: Record<string, string> = {};
      const close = async () => {
        await api.close();
        await cleanCodex(env);
      };
      try {
        // No approvals: the loop's commands run at once.
        const started = await codexPane(fx.client, {
          baseUrl: api.url,
          dir: fx.dir,
          hooks: true,
          args: ["-a", "never", "-s", "danger-full-access"],
        });
        env = started.env;
        const { pane } = started;
        await codexSubmit(fx.client, pane, "hello", () => taken("hello"));
        return {
          pane,
          submit: (text, taken) => codexSubmit(fx.client, pane, text, taken),
          requests: () => api.conversation(),
          // A prompt is a user message, a hook's context a developer one.
          turns: (request, needle) =>
            (request as ResponsesRequest).input.filter((i) =>
              i.type === "message" && (i.role === "user" || i.role === "developer") &&
              JSON.stringify(i.content).includes(needle)
            ).length,
          [Symbol.asyncDispose]: close,
        };
      } catch (err) {
        await close();
        throw err;
      }
    },
  });
}

if (import.meta.main) console.table(await benchDelivery());
