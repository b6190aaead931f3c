import { ownerOf } from "../bus/mod.ts";
import { implement } from "./_define.ts";
import { WeftError } from "../../protocols/bus/errors.ts";
import type { CoreDeps } from "./deps.ts";

/**
 * `pane.canvas`: a new pane with no process, drawn by its creator with `pane.draw`. It takes
 * part in layouts, names, tags, focus, zoom and reads like any pane; what is typed into it and
 * its new sizes reach the owner, and only it, as `pane.canvas.input` and `pane.canvas.resized`
 * events (owner-only topics: see `protocols/bus/event_rights.ts`).
 */
export function paneCanvas(deps: CoreDeps) {
  return implement("pane.canvas", ({ input, targets: { window, split }, caller }) => {
    const model = deps.model;
    if (window && split.window !== window.id) {
      throw new WeftError(
        "INVALID_INPUT",
        `Cannot split pane "${split.id}": it is not in window "${window.id}"`,
      );
    }
    const owner = ownerOf(caller);
    const pane = model.createPane(split.window, {
      argv: [],
      command: `canvas (${owner})`,
      cwd: deps.config.projectDir,
      canvas: owner,
      ...(input.name ? { name: input.name } : {}),
      ...(input.tags ? { tags: input.tags } : {}),
      ...(input.meta ? { meta: input.meta } : {}),
      createdBy: caller.pane ?? `${caller.kind}:${caller.id}`,
    }, {
      split: split.id,
      ...(input.direction ? { direction: input.direction } : {}),
      ...(input.ratio !== undefined ? { ratio: input.ratio } : {}),
      focus: input.focus !== false,
    });
    if (input.focus !== false) model.focus(pane.id);
    return model.paneInfo(pane.id);
  });
}
