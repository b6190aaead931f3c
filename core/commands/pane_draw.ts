import { z } from "zod";
import { defineCommand } from "./_define.ts";
import { WeftError } from "../../protocols/bus/errors.ts";
import type { CoreDeps } from "./deps.ts";
import { CanvasPty } from "../model/canvas_pty.ts";
import { ownerOf } from "../bus/mod.ts";
import { canvasFrame } from "./_canvas_frame.ts";
import { DrawnOut } from "../../protocols/bus/record_schemas.ts";

/**
 * `pane.draw`: replaces a canvas pane's screen. Only the canvas's owner may draw it; the
 * frame reaches the pane's screen as output, so reads and clients see it like a program's.
 */
export function paneDraw(_deps: CoreDeps) {
  return defineCommand({
    name: "pane.draw",
    title: "Draw canvas",
    description: "Replace what a canvas pane shows: `lines` (one per row, ANSI colours only; " +
      "other escapes are dropped, rows past the screen are cut) or a raw `ansi` frame. Only " +
      "the canvas's owner may draw it. Returns the screen's revision once drawn.",
    capabilities: ["canvas:draw"],
    output: DrawnOut,
    mcp: { expose: false },
    targets: [{ kind: "pane", field: "pane", fallback: "required" }],
    input: z.object({
      pane: z.string().describe("Canvas pane id or name."),
      lines: z.array(z.string().max(64 * 1024)).max(10_000).optional(),
      ansi: z.string().max(4 * 1024 * 1024).optional(),
      title: z.string().max(256).optional().describe("The pane's title."),
    }),
    handler: async ({ input, targets: { pane }, caller }) => {
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
    },
  });
}
