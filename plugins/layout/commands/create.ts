import { z } from "zod";
import { checkSpec } from "../../../protocols/layout/mod.ts";
import { createLayout } from "../_build.ts";
import { defineCommand } from "../_state.ts";
import { withLayoutSchema } from "../_schema.ts";

const command = defineCommand({
  name: "layout.create",
  title: "Create a layout",
  description:
    "Create a new window holding several panes arranged in one go, all or nothing. `layout` is " +
    'either a tree — a pane {"pane": {"command": "npm test", "cwd": "api", "name": "tests"}} or ' +
    'a split {"direction": "horizontal" (side by side) | "vertical" (stacked), "splits": ' +
    '[{"ratio": 0.6, "layout": …}, {"ratio": 0.4, "layout": …}]} nested as deep as needed — ' +
    'or a preset filled with panes {"preset": "tiled", "pane_commands": ["claude", "claude", ' +
    '"npm run dev"], "main_ratio"?}. Ratios are normalised. Every pane is started first; if ' +
    "one cannot start, all are closed and the error names it. `session` (id or name; a new name " +
    "makes a session) defaults to the caller's; `window` names the new window (`replace` " +
    "closes an existing window of that name once the new one stands). Returns the window id " +
    "and every pane's id, name and command in spec order.",
  capabilities: ["pane:spawn", "layout:write", "pane:read", "pane:control"],
  mcp: { name: "create_layout" },
  input: z.object({
    session: z.string().min(1).max(64).optional().describe(
      "Session id or name. A name no session has yet creates that session. Default: the caller's.",
    ),
    window: z.string().min(1).max(64).optional().describe("A unique name for the new window."),
    replace: z.boolean().optional().describe("Replace the window named `window` if it exists."),
    layout: z.record(z.string(), z.unknown()).describe("The layout: a pane, a split or a preset."),
  }),
  handler: ({ input, caller, call, state }) => {
    const spec = checkSpec(input.layout, { resolvePreset: state.presets.resolveName });
    return createLayout(call, spec, {
      presets: state.presets.build,
      ...(input.session ? { session: input.session } : {}),
      ...(caller.pane ? { callerPane: caller.pane } : {}),
      ...(input.window ? { name: input.window } : {}),
      ...(input.replace ? { replace: true } : {}),
    });
  },
});

/** `layout.create`: a window of panes from a declarative spec, created atomically. */
export const create = { ...command, inputSchema: withLayoutSchema(command.inputSchema, "layout") };
