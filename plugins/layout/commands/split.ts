import { z } from "zod";
import { defineCommand } from "@weft/weft/plugin";
import { checkSpec } from "../../../protocols/layout/mod.ts";
import { launch } from "../_build.ts";
import { getLayout, type WindowLayout } from "../_window.ts";

/** `layout.split`: split a pane and start a program in the new half. */
export const split = defineCommand({
  name: "layout.split",
  title: "Split a pane",
  description:
    "Split a pane in two and start a program in the new part. direction horizontal puts the " +
    "new pane to the right, vertical below (default: along the pane's longer side); `ratio` is " +
    "the new pane's share (default 0.5); `before` puts it left/above. `command` runs in a " +
    "shell (default: an interactive shell); `cwd` relative paths start at the project. " +
    "Returns the new pane (id, name, command, size) and the window's layout.",
  capabilities: ["pane:spawn", "pane:read"],
  mcp: { name: "split_pane" },
  targets: [{ kind: "pane", field: "pane", fallback: "caller" }],
  input: z.object({
    pane: z.string().optional().describe("Pane id or name to split. Default: the caller's pane."),
    direction: z.enum(["horizontal", "vertical"]).optional(),
    ratio: z.number().gt(0).lt(1).optional().describe("The new pane's share of the space."),
    before: z.boolean().optional().describe("Put the new pane left of / above the old one."),
    focus: z.boolean().optional().describe("Focus the new pane (default true)."),
    command: z.string().min(1).optional().describe("Shell command line to run in the new pane."),
    argv: z.array(z.string()).min(1).optional().describe("Program and arguments, no shell."),
    cwd: z.string().min(1).optional(),
    name: z.string().min(1).max(64).optional().describe("A unique name for the new pane."),
    env: z.record(z.string(), z.string()).optional(),
  }),
  handler: async ({ input, targets: { pane }, call }) => {
    const { pane: _, direction, ratio, before, focus, ...rest } = input;
    const spec = checkSpec({ pane: rest });
    const project = (await call("server.status", {})).projectDir;
    const created = await call("pane.create", {
      split: pane,
      ...(direction ? { direction } : {}),
      ...(ratio !== undefined ? { ratio } : {}),
      ...(before !== undefined ? { before } : {}),
      ...(focus !== undefined ? { focus } : {}),
      ...launch("pane" in spec ? spec.pane : {}, project),
    });
    const layout: WindowLayout = await getLayout(call, created.window);
    return { pane: created, layout };
  },
});
