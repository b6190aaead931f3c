import { type LayoutNode, normalise, type Size } from "../../protocols/layout/tree/mod.ts";
import type { LayoutSpec, PaneSpec } from "../../protocols/layout/mod.ts";

/** One pane a plan will start: what to run and where in the spec it was written. */
export interface PlannedPane {
  /** The pane's id in {@link Plan.tree} until the real one is known: `slot0`, `slot1`, … */
  slot: string;
  spec: PaneSpec;
  /** Where the pane is in the spec, for error messages (`splits[1].layout.pane`). */
  path: string;
}

/** A checked spec turned into a layout tree of slots plus the panes to fill them. */
export interface Plan {
  tree: LayoutNode;
  /** In spec order (depth first, reading order). */
  panes: PlannedPane[];
}

/** Builds a preset's tree for these slots in an area of `size`. */
export type PresetBuilder = (
  name: string,
  size: Size,
  slots: readonly string[],
  mainRatio: number | undefined,
) => LayoutNode;

/**
 * Turns a checked spec into a tree of slots: splits keep their directions and ratios, a
 * preset node becomes the tree its preset builds for the area it gets in a window of `size`.
 *
 * @example
 * ```ts
 * import { planLayout } from "./plan.ts";
 * const plan = planLayout({
 *   direction: "horizontal",
 *   splits: [{ ratio: 0.6, layout: { pane: { command: "vim" } } }, {
 *     ratio: 0.4,
 *     layout: { pane: {} },
 *   }],
 * }, { cols: 120, rows: 40 }, () => { throw new Error("no presets here"); });
 * console.assert(plan.panes.length === 2 && plan.tree.type === "split");
 * ```
 */
export function planLayout(spec: LayoutSpec, size: Size, preset: PresetBuilder): Plan {
  const panes: PlannedPane[] = [];
  const add = (pane: PaneSpec, path: string): LayoutNode => {
    const slot = `slot${panes.length}`;
    panes.push({ slot, spec: pane, path });
    return { type: "pane", pane: slot };
  };
  const walk = (node: LayoutSpec, area: Size, path: string): LayoutNode => {
    if ("pane" in node) return add(node.pane, join(path, "pane"));
    if ("preset" in node) {
      const slots = node.panes.map((p, i) => add(p, `${join(path, "panes")}[${i}]`));
      return preset(
        node.preset,
        area,
        slots.map((s) => (s as { pane: string }).pane),
        node.main_ratio,
      );
    }
    const horizontal = node.direction === "horizontal";
    const extent = Math.max(0, (horizontal ? area.cols : area.rows) - (node.splits.length - 1));
    return {
      type: "split",
      direction: node.direction,
      children: node.splits.map((child, i) => {
        const share = Math.max(1, Math.round(extent * child.ratio));
        const sub = horizontal
          ? { cols: share, rows: area.rows }
          : { cols: area.cols, rows: share };
        return {
          ratio: child.ratio,
          node: walk(child.layout, sub, `${join(path, "splits")}[${i}].layout`),
        };
      }),
    };
  };
  const tree = normalise(walk(spec, size, ""));
  return { tree, panes };
}

function join(path: string, key: string): string {
  return path ? `${path}.${key}` : key;
}
