/**
 * `deno task bench -- delivery-gemini` (or `delivery`, every agent): how long a message takes
 * to reach the real Gemini CLI (pinned npm package, weft's hooks in its settings) against the
 * mock Gemini API answering at once, per rung of the delivery ladder (`_delivery.ts`): its
 * hooks at a tool boundary (AfterTool's additionalContext, after the tool's result), at a stop
 * (AfterAgent's `deny`, the message its new prompt), and typed into its idle prompt.
 *
 * Runnable alone: `deno run -A --unstable-worker-options tests/bench/delivery_gemini.ts`.
 *
 * @module
 */

import { geminiUnavailable } from "../helpers/gemini.ts";
import { join } from "node:path";
import { hookSettings, startGemini, submitPrompt } from "../helpers/gemini_pane.ts";
import { type GenerateRequest, held, mockGemini, text, toolUse } from "../helpers/mock_gemini.ts";
import { benchAgentDelivery } from "./_delivery.ts";

/** The three rungs against one Gemini CLI pane. */
export function benchDelivery(): Promise<Record<string, number>> {
  return benchAgentDelivery({
    name: "Gemini CLI",
    unavailable: geminiUnavailable,
    async start(fx, answer) {
      const api = await mockGemini([], {
        after: (request) => {
          const reply = answer(request);
          if ("tool" in reply) return toolUse("run_shell_command", { command: "true" });
          return reply.until ? held(reply.until, text(reply.text)) : text(reply.text);
        },
      });
      try {
        // YOLO: the loop's commands run without asking. Its loop detection off: it stops a
        // turn of five identical tool calls (or, after 30 turns, whatever its side call to the
        // mock says) and asks the user in a dialog, where a message handed over in that last
        // hook's answer never reaches the model and waits, not typed while a dialog is up.
        const { pane } = await startGemini(fx, {
          baseUrl: api.url,
          args: ["--approval-mode", "yolo"],
          install: async (env) => {
            const file = join(env.HOME!, ".gemini", "settings.json");
            const settings = JSON.parse(await Deno.readTextFile(file));
            settings.model = { ...settings.model, disableLoopDetection: true };
            await Deno.writeTextFile(file, JSON.stringify({ ...settings, ...hookSettings() }));
          },
        });
        await submitPrompt(fx.client, pane, "hello");
        return {
          pane,
          submit: (text) => submitPrompt(fx.client, pane, text),
          requests: () => api.conversation(),
          // A prompt, or a tool's result with a hook's context: a user content.
          turns: (request, needle) =>
            (request as GenerateRequest).contents.filter((c) =>
              c.role === "user" && JSON.stringify(c.parts).includes(needle)
            ).length,
          [Symbol.asyncDispose]: () => api.close(),
        };
      } catch (err) {
        await api.close();
        throw err;
      }
    },
  });
}

if (import.meta.main) console.table(await benchDelivery());
