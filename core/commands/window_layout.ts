import { implement } from "./_define.ts";
import { layoutRects } from "../../protocols/layout/tree/mod.ts";
import type { WindowRecord } from "../model/mod.ts";
import type { CoreDeps } from "./deps.ts";

/** The layout of a window as commands return it: tree, size and every pane's rectangle. */
export function describeLayout(window: WindowRecord) {
  const rects = window.layout ? layoutRects(window.layout, window.size) : new Map();
  return {
    window: window.id,
    cols: window.size.cols,
    rows: window.size.rows,
    focused: window.focused,
    zoomed: window.zoomed,
    layout: window.layout,
    panes: [...rects].map(([pane, rect]) => ({ pane, ...rect })),
  };
}

/** `window.layout`: the layout tree with ratios and cell rectangles. */
export function windowLayout(_deps: CoreDeps) {
  return implement("window.layout", ({ targets: { window } }) => describeLayout(window));
}
