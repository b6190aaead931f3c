import { z } from "zod";
import { defineCommand } from "./_define.ts";
import type { CoreDeps } from "./deps.ts";
import { WeftError } from "../../protocols/bus/errors.ts";
import { ViewedOut } from "../../protocols/bus/record_schemas.ts";

/**
 * `session.view`: a viewer that scales what it draws (a web page) shows a session at its size,
 * or leaves. Unlike a terminal (the socket's `attach`), a viewer sizes the session only while
 * no terminal is attached to it, and then the largest viewer wins: a phone never shrinks what
 * a desktop shows. Viewers are the caller's own: one caller cannot end another's.
 */
export function sessionView(deps: CoreDeps) {
  return defineCommand({
    name: "session.view",
    title: "View session",
    description: "Say that a viewer which draws the server's size scaled to fit (a web page) " +
      "shows a session at cols×rows, or leaves (leave: true). It sizes the session's windows " +
      "only while no terminal is attached to it; then the largest viewer wins. Returns the " +
      "size now in effect.",
    capabilities: ["pane:control"],
    output: ViewedOut,
    mcp: { expose: false },
    input: z.object({
      viewer: z.string().min(1).max(100).describe("The caller's own name for this viewer."),
      session: z.string().optional().describe("Session id or name. Default: the current one."),
      cols: z.number().int().min(2).max(2000).optional(),
      rows: z.number().int().min(2).max(1000).optional(),
      leave: z.boolean().optional().describe("The viewer has gone: forget its size."),
    }),
    handler: async ({ input, caller }) => {
      const id = `viewer:${caller.kind}:${caller.id}:${input.viewer}`;
      if (input.leave) {
        await deps.server.view(id, null, caller);
        return { left: true };
      }
      if (input.cols === undefined || input.rows === undefined) {
        throw new WeftError(
          "INVALID_INPUT",
          "Cannot view a session: give cols and rows, or leave: true",
        );
      }
      const entry = await deps.server.view(id, {
        ...(input.session ? { session: input.session } : {}),
        cols: input.cols,
        rows: input.rows,
      }, caller);
      return { left: false, ...entry };
    },
  });
}
