import { implement } from "./_define.ts";
import { parseLayout } from "../../protocols/layout/tree/mod.ts";
import type { CoreDeps } from "./deps.ts";
import { describeLayout } from "./window_layout.ts";

/** `window.set_layout`: replace a window's layout tree. */
export function windowSetLayout(deps: CoreDeps) {
  return implement("window.set_layout", ({ input, targets: { window } }) => {
    deps.model.setLayout(window.id, parseLayout(JSON.stringify(input.layout)));
    return describeLayout(window);
  });
}
