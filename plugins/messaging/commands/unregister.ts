import { WeftError, z } from "@weft/weft/plugin";
import { defineCommand } from "../_common.ts";

/** `message.unregister`: drops an identity the calling plugin registered. */
export const unregister = defineCommand({
  name: "message.unregister",
  title: "Unregister an identity",
  description: "For plugins: drop a name the calling plugin registered. Its stored messages " +
    "stay.",
  capabilities: ["message:send"],
  mcp: { expose: false },
  input: z.object({ name: z.string().min(1).max(64) }),
  handler: ({ input, caller, state }) => {
    if (caller.kind !== "plugin") {
      throw new WeftError("DENIED", `Cannot unregister "${input.name}": only a plugin may`);
    }
    return state.unregister(caller.id, input.name);
  },
});
