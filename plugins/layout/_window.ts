// What the commands share: reading a window's layout through the core, and changing it with a
// retry when a pane came or went between the read and the write.
import type { LayoutNode } from "../../protocols/layout/tree/mod.ts";
import { WeftError } from "../../protocols/bus/errors.ts";

/** A bus call as handlers get it. */
export type Call = <T = unknown>(name: string, input: unknown) => Promise<T>;

/** What `window.layout` and `window.set_layout` return. */
export interface WindowLayout {
  window: string;
  cols: number;
  rows: number;
  focused: string | null;
  zoomed: string | null;
  layout: LayoutNode;
  panes: { pane: string; x: number; y: number; cols: number; rows: number }[];
}

/** A window's layout, as the core keeps it. */
export function getLayout(call: Call, window: string): Promise<WindowLayout> {
  return call<WindowLayout>("window.layout", { window });
}

/** The window a pane is in. */
export async function windowOf(call: Call, pane: string): Promise<string> {
  return (await call<{ window: string }>("pane.status", { pane })).window;
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
      return await call<WindowLayout>("window.set_layout", { window, layout });
    } catch (err) {
      const raced = err instanceof WeftError && err.code === "INVALID_INPUT" &&
        err.message.includes("must hold exactly its panes");
      if (!raced || attempt >= 3) throw err;
    }
  }
}
