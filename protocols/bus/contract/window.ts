/**
 * The contracts of the `window.` commands: windows and their layout trees:
 * everything about each command but its handler (`core/commands/`) and its result's schema
 * (`../core_outputs.ts`).
 *
 * @module
 */

import { z } from "zod";
import { defineContract } from "./define.ts";
import { launchFields } from "./fields.ts";

/** Windows and their layout trees, by command name. */
export const WINDOW_CONTRACTS = {
  "window.create": defineContract({
    name: "window.create",
    title: "Create window",
    description:
      "Create a window in a session (default: the caller's or current one) holding one pane, " +
      "and make it current. Returns the window and pane ids.",
    capabilities: ["pane:spawn"],
    targets: [{ kind: "session", field: "session", fallback: "caller" }],
    input: z.object({
      session: z.string().optional().describe("Session id or name. Default: the caller's session."),
      window: z.string().min(1).max(64).optional().describe("A unique name for the window."),
      ...launchFields,
      name: launchFields.name.describe(
        "A unique name for the window's first pane (the window's own name is `window`).",
      ),
    }),
  }),
  "window.list": defineContract({
    name: "window.list",
    title: "List windows",
    description: "List windows (of one session, or all) with their panes, focus and size.",
    capabilities: ["pane:read"],
    mcp: { readOnly: true },
    targets: [{ kind: "session", field: "session", fallback: "none" }],
    input: z.object({ session: z.string().optional().describe("Only this session (id or name).") }),
  }),
  "window.select": defineContract({
    name: "window.select",
    title: "Select window",
    description: "Make a window its session's current window (what attached clients show).",
    capabilities: ["pane:control"],
    targets: [{ kind: "window", field: "window", fallback: "required" }],
    input: z.object({ window: z.string().describe("Window id or name.") }),
  }),
  "window.rename": defineContract({
    name: "window.rename",
    title: "Rename window",
    description: "Give a window a unique name (or null to clear it).",
    capabilities: ["pane:control"],
    targets: [{ kind: "window", field: "window", fallback: "caller" }],
    input: z.object({
      window: z.string().optional().describe("Window id or name. Default: the caller's window."),
      name: z.string().min(1).max(64).nullable(),
    }),
  }),
  "window.kill": defineContract({
    name: "window.kill",
    title: "Kill window",
    description: "Close a window: its panes are closed and their processes ended.",
    capabilities: ["pane:control"],
    targets: [{ kind: "window", field: "window", fallback: "required" }],
    input: z.object({ window: z.string().describe("Window id or name.") }),
  }),
  "window.layout": defineContract({
    name: "window.layout",
    title: "Get layout",
    description:
      "Get a window's layout: the split tree (directions and ratios) and each pane's cell " +
      "rectangle (x, y, cols, rows) for the window's size. One-cell borders sit between panes.",
    capabilities: ["pane:read"],
    mcp: { readOnly: true, name: "get_layout" },
    targets: [{ kind: "window", field: "window", fallback: "caller" }],
    input: z.object({
      window: z.string().optional().describe("Window id or name. Default: the caller's window."),
    }),
  }),
  "window.set_layout": defineContract({
    name: "window.set_layout",
    title: "Set layout",
    description: "Replace a window's layout tree. The tree must hold exactly the window's panes: " +
      '{"type":"pane","pane":"p1"} or {"type":"split","direction":"horizontal"|"vertical",' +
      '"children":[{"ratio":0.5,"node":…},…]}. Ratios are normalised.',
    capabilities: ["layout:write"],
    targets: [{ kind: "window", field: "window", fallback: "caller" }],
    input: z.object({
      window: z.string().optional().describe("Window id or name. Default: the caller's window."),
      layout: z.record(z.string(), z.unknown()).describe("The new layout tree."),
    }),
  }),
  "window.resize": defineContract({
    name: "window.resize",
    title: "Resize window",
    description: "Set a window's size in cells; every pane's PTY is resized to its new rectangle.",
    capabilities: ["pane:control"],
    targets: [{ kind: "window", field: "window", fallback: "caller" }],
    input: z.object({
      window: z.string().optional().describe("Window id or name. Default: the caller's window."),
      cols: z.number().int().min(2).max(2000),
      rows: z.number().int().min(2).max(1000),
    }),
  }),
  "window.zoom": defineContract({
    name: "window.zoom",
    title: "Zoom pane",
    description:
      "Zoom a pane (zoomed: true): it is focused and fills its whole window while the other " +
      "panes keep running, hidden; the layout tree is kept. zoomed: false shows the layout " +
      "again. Focusing another pane or adding one also ends the zoom. Returns the layout.",
    capabilities: ["layout:write"],
    targets: [{ kind: "pane", field: "pane", fallback: "caller" }],
    input: z.object({
      pane: z.string().optional().describe("Pane id or name. Default: the caller's pane."),
      zoomed: z.boolean().describe("true: the pane fills the window; false: back to the layout."),
    }),
  }),
};
