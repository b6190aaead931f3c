import { z } from "@weft/weft/plugin";
import { defineCommand, mustBeAgent } from "../_state.ts";
import { rows } from "../_db.ts";
import { parseEvent } from "../_stream.ts";
import { renderEvent } from "../_render.ts";

/** `bridge.tail`: an agent's recent turns and the transcript of its latest. */
export const tail = defineCommand({
  name: "bridge.tail",
  title: "Bridge agent turns",
  description: "An agent's last turns (newest first: message, try, session, turn number, " +
    "exit code, duration, cost, tokens, error) and the readable transcript of the latest one.",
  capabilities: ["message:read"],
  input: z.object({
    agent: z.string(),
    limit: z.number().int().min(1).max(1000).optional().describe("Turns to list (default 10)."),
  }),
  handler: async ({ input, state }) => {
    mustBeAgent(state, input.agent, "tail");
    const turns = rows<Record<string, unknown>>(
      state.db,
      `SELECT t.*, i.text, i.sender, i.reply, i.hop, i.conversation, i.message_id FROM turns t
        JOIN items i ON i.id = t.item
        WHERE t.agent = ? ORDER BY t.id DESC LIMIT ?`,
      input.agent,
      input.limit ?? 10,
    );
    const latest = turns[0];
    let transcript = "";
    if (latest) {
      const text = await Deno.readTextFile(`${state.runs}/${latest.attempt}.jsonl`)
        .catch(() => "");
      transcript = text.split("\n").map((l) => {
        const event = parseEvent(l);
        return event ? renderEvent(event, false) : "";
      }).join("");
    }
    return { agent: input.agent, turns, transcript };
  },
});
