// What the commands share: reading a window's layout through the core, and changing it with a
// retry when a pane came or went between the read and the write.
import type { LayoutNode } from "../../protocols/layout/tree/mod.ts";
import { WeftError } from "../../protocols/bus/errors.ts";
import type { BusCall, LayoutInfo } from "@weft/weft/plugin";

/** A bus call as handlers get it. */
export type Call = BusCall;

/** What `window.layout` and `window.set_layout` return, for a window that is not closing. */
export type WindowLayout = LayoutInfo & { layout: LayoutNode };

/** `info` with its tree; a window being torn down has none and cannot be laid out. */
export function withTree(info: LayoutInfo): WindowLayout {
  const { layout } = info;
  if (!layout) {
    throw new WeftError(
      "TARGET_NOT_FOUND",
      `Cannot lay out window "${info.window}": it is closing`,
    );
  }
  return { ...info, layout };
}

/** A window's layout, as the core keeps it. */
export async function getLayout(call: Call, window: string): Promise<WindowLayout> {
  return withTree(await call("window.layout", { window }));
}

/** The window a pane is in. */
export async function windowOf(call: Call, pane: string): Promise<string> {
  return (await call("pane.status", { pane })).window;
}

/**
 * Reads the window's layout, computes a new tree with `change` and installs it. When the panes
 * changed in between (the core refuses a tree that does not hold exactly the window's panes),
 * it reads and tries again, three times at most.
 */
export async function changeLayout(
  call: Call,
  window: string,
  change: (current: WindowLayout) => LayoutNode,
): Promise<WindowLayout> {
  for (let attempt = 1;; attempt++) {
    const current = await getLayout(call, window);
    const layout = change(current);
    if (layout === current.layout) return current;
    try {
      return withTree(await call("window.set_layout", { window, layout }));
    } catch (err) {
      const raced = err instanceof WeftError && err.code === "INVALID_INPUT" &&
        err.message.includes("must hold exactly its panes");
      if (!raced || attempt >= 3) throw err;
    }
  }
}
