import { z } from "zod";
import { defineCommand } from "./_define.ts";
import type { CoreDeps } from "./deps.ts";
import { PaneStatusOut } from "../../protocols/bus/record_schemas.ts";

/** `pane.status`: one pane's description, state and cursor. */
export function paneStatus(deps: CoreDeps) {
  return defineCommand({
    name: "pane.status",
    title: "Get status",
    description:
      "Get a pane's state (working, idle, blocked, done, error, exited) with who reported it, " +
      "its exit code or signal, command, cwd, what runs in it now (current: pid, program, argv, " +
      "cwd of the foreground process), agent kind, title, size and screen revision.",
    capabilities: ["pane:read"],
    mcp: { readOnly: true, name: "get_status" },
    targets: [{ kind: "pane", field: "pane", fallback: "caller" }],
    output: PaneStatusOut,
    input: z.object({
      pane: z.string().optional().describe("Pane id or name. Default: the caller's pane."),
    }),
    handler: ({ targets: { pane } }) => {
      return {
        ...deps.model.paneInfo(pane.id),
        bells: pane.screen.bells,
        pendingBytes: pane.screen.pendingBytes,
        idleForMs: Math.round(deps.model.clock.now() - pane.lastOutputAt),
      };
    },
  });
}
