import { implement } from "./_define.ts";
import { WeftError } from "../../protocols/bus/errors.ts";
import type { CoreDeps } from "./deps.ts";
import { toLaunch } from "./_launch.ts";

/**
 * `pane.create`: a new pane, by splitting a given pane or the focused pane of a window.
 * `weft new`, `weft split`, MCP `create_pane`, `<weft:spawn/>` and the TUI all reach this.
 */
export function paneCreate(deps: CoreDeps) {
  return implement("pane.create", ({ input, targets: { window, split }, caller }) => {
    const { window: _w, split: _s, direction, ratio, before, focus, ...launch } = input;
    const model = deps.model;
    if (window && split.window !== window.id) {
      throw new WeftError(
        "INVALID_INPUT",
        `Cannot split pane "${split.id}": it is not in window "${window.id}"`,
      );
    }
    const pane = model.createPane(split.window, toLaunch(launch, deps, caller), {
      split: split.id,
      ...(direction ? { direction } : {}),
      ...(ratio !== undefined ? { ratio } : {}),
      ...(before !== undefined ? { before } : {}),
      focus: focus !== false,
    });
    if (focus !== false) model.focus(pane.id);
    return model.paneInfo(pane.id);
  });
}
