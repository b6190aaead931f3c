import { z } from "zod";
import { defineCommand } from "./_define.ts";
import type { CoreDeps } from "./deps.ts";
import { CommandsOut } from "../../protocols/bus/record_schemas.ts";

/** `server.commands`: every registered command with its schemas (for help and MCP). */
export function serverCommands(deps: CoreDeps) {
  return defineCommand({
    name: "server.commands",
    title: "List commands",
    description:
      "Every command on the bus, the core's and plugins', with title, description, input and " +
      "output JSON Schema, required capabilities and owner.",
    capabilities: [],
    output: CommandsOut,
    mcp: { expose: false },
    input: z.object({
      name: z.string().optional().describe("Only this command."),
      tagged: z.boolean().optional().describe(
        "Only the commands that declare a sideband tag (what the sideband learns; cheap: the " +
          "others' JSON Schemas are not built).",
      ),
    }),
    handler: ({ input }) => ({
      commands: deps.bus.list((c) =>
        (!input.name || c.name === input.name) && (!input.tagged || c.sideband !== undefined)
      ),
    }),
  });
}
