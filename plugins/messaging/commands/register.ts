import { WeftError, z } from "@weft/weft/plugin";
import { defineCommand } from "../_common.ts";

/** `message.register`: a plugin's own identity (a bridge's headless agent). */
export const register = defineCommand({
  name: "message.register",
  title: "Register an identity",
  description: "For plugins: register a name that is not a pane (a headless agent) as the " +
    "calling plugin's; it may then send, check and wait `as` it. Refused when a pane or " +
    "another plugin has the name.",
  capabilities: ["message:send"],
  mcp: { expose: false },
  input: z.object({
    name: z.string().min(1).max(64),
    role: z.string().min(1).max(64).optional(),
    description: z.string().max(1000).optional(),
  }),
  handler: ({ input, caller, state }) => {
    if (caller.kind !== "plugin") {
      throw new WeftError("DENIED", `Cannot register "${input.name}": only a plugin may`);
    }
    return state.register(caller.id, input);
  },
});
