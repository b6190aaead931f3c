import { z } from "zod";
import { defineCommand } from "./_define.ts";
import type { CoreDeps } from "./deps.ts";
import { PaneListOut } from "../../protocols/bus/record_schemas.ts";

/** `pane.list`: panes, optionally of one window or session. */
export function paneList(deps: CoreDeps) {
  return defineCommand({
    name: "pane.list",
    title: "List panes",
    description:
      "List panes (all, or of one window or session) with command, cwd, what runs in each now " +
      "(current: pid, program, argv, cwd), size, title, agent kind, state " +
      "(working/idle/blocked/done/error/exited) and exit status.",
    capabilities: ["pane:read"],
    mcp: { readOnly: true },
    output: PaneListOut,
    targets: [
      { kind: "window", field: "window", fallback: "none" },
      { kind: "session", field: "session", fallback: "none" },
    ],
    input: z.object({
      window: z.string().optional().describe("Only this window (id or name)."),
      session: z.string().optional().describe("Only this session (id or name)."),
      tag: z.string().optional().describe("Only panes with this tag."),
    }),
    handler: ({ input, targets: { window, session } }) => {
      const model = deps.model;
      const panes = [...model.panes.values()]
        .filter((p) =>
          (!window || p.window === window.id) && (!session || p.session === session.id)
        )
        .filter((p) => !input.tag || p.tags.includes(input.tag))
        .map((p) => model.paneInfo(p.id));
      return { panes };
    },
  });
}
