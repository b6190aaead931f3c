import { implement } from "./_define.ts";
import { WeftError } from "../../protocols/bus/errors.ts";
import type { CoreDeps } from "./deps.ts";
import { CanvasPty } from "../model/canvas_pty.ts";
import { ownerOf } from "../bus/mod.ts";
import { canvasFrame } from "./_canvas_frame.ts";

/**
 * `pane.draw`: replaces a canvas pane's screen. Only the canvas's owner may draw it; the
 * frame reaches the pane's screen as output, so reads and clients see it like a program's.
 */
export function paneDraw(_deps: CoreDeps) {
  return implement("pane.draw", async ({ input, targets: { pane }, caller }) => {
    const pty = pane.pty;
    if (!(pty instanceof CanvasPty)) {
      throw new WeftError(
        "INVALID_INPUT",
        `Cannot draw on pane "${pane.id}": it is not a canvas`,
      );
    }
    const who = ownerOf(caller);
    if (pty.owner !== who) {
      throw new WeftError(
        "DENIED",
        `Cannot draw on pane "${pane.id}": it is ${pty.owner}'s canvas, not ${who}'s`,
      );
    }
    if ((input.lines === undefined) === (input.ansi === undefined)) {
      throw new WeftError(
        "INVALID_INPUT",
        `Cannot draw on pane "${pane.id}": give lines or ansi`,
      );
    }
    const frame = input.lines
      ? canvasFrame(input.lines, { rows: pane.launch.rows, title: input.title })
      : (input.title === undefined ? "" : canvasFrame([], { rows: 0, title: input.title })) +
        input.ansi!;
    pty.draw(frame);
    await pane.screen.flush();
    return {
      pane: pane.id,
      revision: pane.screen.revision,
      cols: pane.launch.cols,
      rows: pane.launch.rows,
    };
  });
}
