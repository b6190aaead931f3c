/**
 * The contracts of the `session.` commands: create, list, rename, kill, and a viewer's size:
 * everything about each command but its handler (`core/commands/`) and its result's schema
 * (`../core_outputs.ts`).
 *
 * @module
 */

import { z } from "zod";
import { defineContract } from "./define.ts";
import { launchFields } from "./fields.ts";

/** Sessions: create, list, rename, kill, and a viewer's size, by command name. */
export const SESSION_CONTRACTS = {
  "session.create": defineContract({
    name: "session.create",
    title: "Create session",
    description:
      "Create a new session holding one window with one pane (a shell unless command/argv is " +
      "given). Returns the session, window and pane ids.",
    capabilities: ["session:admin", "pane:spawn"],
    input: z.object({
      session: z.string().min(1).max(64).optional().describe("A unique name for the session."),
      window: z.string().min(1).max(64).optional().describe("A name for its first window."),
      ...launchFields,
      name: launchFields.name.describe(
        "A unique name for the session's first pane (the session's own name is `session`).",
      ),
    }),
  }),
  "session.list": defineContract({
    name: "session.list",
    title: "List sessions",
    description: "List every session with its windows and which one is current.",
    capabilities: ["pane:read"],
    mcp: { readOnly: true },
    input: z.object({}),
  }),
  "session.rename": defineContract({
    name: "session.rename",
    title: "Rename session",
    description: "Give a session a unique name (or null to clear it). Names work wherever ids do.",
    capabilities: ["session:admin"],
    targets: [{ kind: "session", field: "session", fallback: "caller" }],
    input: z.object({
      session: z.string().optional().describe("Session id or name. Default: the caller's session."),
      name: z.string().min(1).max(64).nullable(),
    }),
  }),
  "session.kill": defineContract({
    name: "session.kill",
    title: "Kill session",
    description: "Kill a session: every pane in it is closed and its process ended.",
    capabilities: ["session:admin", "pane:control"],
    targets: [{ kind: "session", field: "session", fallback: "required" }],
    input: z.object({ session: z.string().describe("Session id or name.") }),
  }),
  "session.view": defineContract({
    name: "session.view",
    title: "View session",
    description: "Say that a viewer which draws the server's size scaled to fit (a web page) " +
      "shows a session at cols×rows, or leaves (leave: true). It sizes the session's windows " +
      "only while no terminal is attached to it; then the largest viewer wins. Returns the " +
      "size now in effect.",
    capabilities: ["pane:control"],
    mcp: { expose: false },
    input: z.object({
      viewer: z.string().min(1).max(100).describe("The caller's own name for this viewer."),
      session: z.string().optional().describe("Session id or name. Default: the current one."),
      cols: z.number().int().min(2).max(2000).optional(),
      rows: z.number().int().min(2).max(1000).optional(),
      leave: z.boolean().optional().describe("The viewer has gone: forget its size."),
    }),
  }),
};
