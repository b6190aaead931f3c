import { z } from "zod";
import { defineCommand } from "../bus/mod.ts";
import type { CoreDeps } from "./deps.ts";

/** `window.list`: windows of one session or all. */
export function windowList(deps: CoreDeps) {
  return defineCommand({
    name: "window.list",
    title: "List windows",
    description: "List windows (of one session, or all) with their panes, focus and size.",
    capabilities: ["pane:read"],
    mcp: { readOnly: true },
    input: z.object({ session: z.string().optional().describe("Only this session (id or name).") }),
    handler: ({ input }) => {
      const session = input.session ? deps.model.resolve("session", input.session) : undefined;
      const windows = [...deps.model.windows.values()]
        .filter((w) => !session || w.session === session)
        .map((w) => deps.model.windowInfo(w.id));
      return { windows };
    },
  });
}
