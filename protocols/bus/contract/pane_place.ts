/**
 * The contracts of the `pane.` commands that make, move, resize, close, name and draw on panes:
 * everything about each command but its handler (`core/commands/`) and its result's schema
 * (`../core_outputs.ts`).
 *
 * @module
 */

import { z } from "zod";
import { defineContract } from "./define.ts";
import { launchFields } from "./fields.ts";

/** A respawned pane keeps its name: the launch fields but `name`. */
const { name: _name, ...respawnFields } = launchFields;

/** Panes made, moved, resized, closed, named and drawn on, by command name. */
export const PANE_PLACE_CONTRACTS = {
  "pane.create": defineContract({
    name: "pane.create",
    title: "Create pane",
    description:
      "Start a program in a new pane. With `split`, that pane is split; with `window`, its " +
      "focused pane; with neither, the caller's own pane (an agent's), else the focused pane " +
      "of the current window. `direction` " +
      "horizontal puts the new pane to the right, vertical below; `ratio` is the new pane's " +
      "share (default 0.5). Returns the pane's description (id, pid, size, …).",
    capabilities: ["pane:spawn"],
    mcp: { name: "create_pane" },
    // The window first: with `window` and no `split`, its focused pane is split; with neither,
    // the caller's own pane, else the focused one.
    targets: [
      { kind: "window", field: "window", fallback: "none" },
      { kind: "pane", field: "split", fallback: "caller", from: "window" },
    ],
    input: z.object({
      window: z.string().optional().describe("Window id or name to add the pane to."),
      split: z.string().optional().describe("Pane id or name to split."),
      direction: z.enum(["horizontal", "vertical"]).optional(),
      ratio: z.number().gt(0).lt(1).optional().describe("The new pane's share of the split."),
      before: z.boolean().optional().describe("Put the new pane left of/above the split pane."),
      focus: z.boolean().optional().describe("Focus the new pane (default true)."),
      ...launchFields,
    }),
  }),
  "pane.respawn": defineContract({
    name: "pane.respawn",
    title: "Respawn pane",
    description: "Start a new program in an existing pane, ending the one it runs (tmux's " +
      "`respawn-pane -k`). The pane keeps its id, place in the layout, size, name, tags and " +
      "metadata. Default program: an interactive shell. Returns the pane's description.",
    capabilities: ["pane:spawn", "pane:control"],
    mcp: { expose: false },
    targets: [{ kind: "pane", field: "pane", fallback: "required" }],
    input: z.object({ pane: z.string().describe("Pane id or name."), ...respawnFields }),
  }),
  "pane.move": defineContract({
    name: "pane.move",
    title: "Move pane",
    description: "Move a pane (its program keeps running, its id stays) beside another pane, " +
      "which is split (`split`, `direction`, `ratio`, `before` as for pane.create), or into a " +
      "new window of a session (`session`, default the pane's own; `name` names the window). " +
      "A window left without panes closes. `focus` (default true) focuses the moved pane.",
    capabilities: ["layout:write"],
    mcp: { name: "move_pane" },
    targets: [
      { kind: "pane", field: "pane", fallback: "required" },
      { kind: "pane", field: "split", fallback: "none" },
      { kind: "session", field: "session", fallback: "none" },
    ],
    input: z.object({
      pane: z.string().describe("Pane id or name to move."),
      split: z.string().optional().describe("Pane to put it beside (split)."),
      direction: z.enum(["horizontal", "vertical"]).optional(),
      ratio: z.number().gt(0).lt(1).optional().describe("The moved pane's share of the split."),
      before: z.boolean().optional().describe("Put it left of/above the split pane."),
      session: z.string().optional().describe("Without split: the new window's session."),
      name: z.string().min(1).max(64).optional().describe("Without split: the new window's name."),
      focus: z.boolean().optional().describe("Focus the moved pane (default true)."),
    }),
  }),
  "pane.close": defineContract({
    name: "pane.close",
    title: "Close pane",
    description:
      "Close a pane: its process gets SIGHUP and the pane leaves the layout (its neighbour " +
      "takes the space). The last pane closes its window; the last window its session.",
    capabilities: ["pane:control"],
    targets: [{ kind: "pane", field: "pane", fallback: "required" }],
    input: z.object({ pane: z.string().describe("Pane id or name.") }),
  }),
  "pane.focus": defineContract({
    name: "pane.focus",
    title: "Focus pane",
    description: "Focus a pane; its window and session become current (attached clients follow).",
    capabilities: ["pane:control"],
    targets: [{ kind: "pane", field: "pane", fallback: "required" }],
    input: z.object({ pane: z.string().describe("Pane id or name.") }),
  }),
  "pane.rename": defineContract({
    name: "pane.rename",
    title: "Rename pane",
    description: "Give a pane a unique name (or null to clear it). Names work wherever ids do.",
    capabilities: ["pane:control"],
    targets: [{ kind: "pane", field: "pane", fallback: "caller" }],
    input: z.object({
      pane: z.string().optional().describe("Pane id or name. Default: the caller's pane."),
      name: z.string().min(1).max(64).nullable(),
    }),
  }),
  "pane.resize": defineContract({
    name: "pane.resize",
    title: "Resize pane",
    description: "Resize a pane within its window: to `cols`/`rows` cells, or by `dx`/`dy` cells " +
      "(negative shrinks). Neighbours give or take the space. Returns the new layout.",
    capabilities: ["layout:write"],
    // `resize_pane` is the layout plugin's (delta, ratio or cells), as the layout issue names it.
    mcp: { name: "set_pane_size" },
    targets: [{ kind: "pane", field: "pane", fallback: "required" }],
    input: z.object({
      pane: z.string().describe("Pane id or name."),
      cols: z.number().int().min(1).optional(),
      rows: z.number().int().min(1).optional(),
      dx: z.number().int().optional(),
      dy: z.number().int().optional(),
    }),
  }),
  "pane.canvas": defineContract({
    name: "pane.canvas",
    title: "Create canvas pane",
    description: "Create a canvas: a pane with no process whose screen the caller draws with " +
      "pane.draw. Placement as pane.create (`split`, `window`, `direction`, `ratio`). Keys " +
      "typed into it and its resizes come to the caller as pane.canvas.input and " +
      "pane.canvas.resized events. Returns the pane's description.",
    capabilities: ["canvas:draw"],
    mcp: { expose: false },
    targets: [
      { kind: "window", field: "window", fallback: "none" },
      { kind: "pane", field: "split", fallback: "caller", from: "window" },
    ],
    input: z.object({
      window: z.string().optional().describe("Window id or name to add the canvas to."),
      split: z.string().optional().describe("Pane id or name to split."),
      direction: z.enum(["horizontal", "vertical"]).optional(),
      ratio: z.number().gt(0).lt(1).optional().describe("The new pane's share of the split."),
      focus: z.boolean().optional().describe("Focus the new pane (default true)."),
      name: z.string().min(1).max(64).optional().describe("A unique name for the pane."),
      tags: z.array(z.string().max(64)).max(32).optional(),
      meta: z.record(z.string().max(64), z.string().max(4096)).optional(),
    }),
  }),
  "pane.draw": defineContract({
    name: "pane.draw",
    title: "Draw canvas",
    description: "Replace what a canvas pane shows: `lines` (one per row, ANSI colours only; " +
      "other escapes are dropped, rows past the screen are cut) or a raw `ansi` frame. Only " +
      "the canvas's owner may draw it. Returns the screen's revision once drawn.",
    capabilities: ["canvas:draw"],
    mcp: { expose: false },
    targets: [{ kind: "pane", field: "pane", fallback: "required" }],
    input: z.object({
      pane: z.string().describe("Canvas pane id or name."),
      lines: z.array(z.string().max(64 * 1024)).max(10_000).optional(),
      ansi: z.string().max(4 * 1024 * 1024).optional(),
      title: z.string().max(256).optional().describe("The pane's title."),
    }),
  }),
  "pane.pipe": defineContract({
    name: "pane.pipe",
    title: "Pipe pane output",
    description: "Send a pane's output, from now on, to the standard input of a shell command " +
      "(tmux's `pipe-pane`), e.g. `cat >> pane.log`; one pipe per pane, a new one replaces the " +
      "old. Without `command` the pipe closes. `toggle`: close the pipe if there is one, else " +
      "open it (tmux's -o). Returns whether the pane is piped now.",
    capabilities: ["pane:read", "pane:spawn"],
    mcp: { expose: false },
    targets: [{ kind: "pane", field: "pane", fallback: "caller" }],
    input: z.object({
      pane: z.string().optional().describe("Pane id or name. Default: the caller's pane."),
      command: z.string().min(1).max(64 * 1024).optional().describe("Shell command to pipe to."),
      toggle: z.boolean().optional().describe("Close an open pipe instead of replacing it."),
    }),
  }),
};
