import { z } from "zod";
import { defineCommand } from "./_define.ts";
import type { CoreDeps } from "./deps.ts";
import { WindowListOut } from "../../protocols/bus/record_schemas.ts";

/** `window.list`: windows of one session or all. */
export function windowList(deps: CoreDeps) {
  return defineCommand({
    name: "window.list",
    title: "List windows",
    description: "List windows (of one session, or all) with their panes, focus and size.",
    capabilities: ["pane:read"],
    output: WindowListOut,
    mcp: { readOnly: true },
    targets: [{ kind: "session", field: "session", fallback: "none" }],
    input: z.object({ session: z.string().optional().describe("Only this session (id or name).") }),
    handler: ({ targets: { session } }) => {
      const windows = [...deps.model.windows.values()]
        .filter((w) => !session || w.session === session.id)
        .map((w) => deps.model.windowInfo(w.id));
      return { windows };
    },
  });
}
