import { implement } from "./_define.ts";
import type { CoreDeps } from "./deps.ts";
import { WeftError } from "../../protocols/bus/errors.ts";

/**
 * `session.view`: a viewer that scales what it draws (a web page) shows a session at its size,
 * or leaves. Unlike a terminal (the socket's `attach`), a viewer sizes the session only while
 * no terminal is attached to it, and then the largest viewer wins: a phone never shrinks what
 * a desktop shows. Viewers are the caller's own: one caller cannot end another's.
 */
export function sessionView(deps: CoreDeps) {
  return implement("session.view", async ({ input, caller }) => {
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
  });
}
