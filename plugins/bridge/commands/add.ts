import { WeftError } from "@weft/weft/plugin";
import { defineCommand } from "../_state.ts";
import { AgentName, AgentSchema } from "../options.ts";
import { checkAgent, storeAgent } from "../_agents.ts";
import { row } from "../_db.ts";

/** `bridge.add`: a new bridge agent (a resumable Claude Code session). */
export const add = defineCommand({
  name: "bridge.add",
  title: "Add bridge agent",
  description: "Add a named bridge agent: a headless Claude Code session that runs one " +
    "`claude -p` turn per message it receives (in its own pane unless headless), resumed each " +
    "time. Settings: cwd, program, env, model, systemPrompt, appendSystemPrompt, " +
    "allowedTools, disallowedTools, permissionMode, maxTurns, timeoutMs, args, headless.",
  capabilities: ["pane:spawn"],
  input: AgentSchema.extend({ name: AgentName }),
  handler: async ({ input, state }) => {
    const { name, ...settings } = input;
    if (row(state.db, "SELECT 1 AS x FROM agents WHERE name = ?", name)) {
      throw new WeftError("CONFLICT", `Cannot add bridge agent "${name}": it exists already`);
    }
    await checkAgent(name, settings, state.projectDir);
    const agent = storeAgent(state.db, name, settings, "added");
    // Reachable through messaging too, unless the name is taken there (then only bridge.send).
    const messaging = await state.register(name, settings.description);
    return { ...agent, messaging };
  },
});
