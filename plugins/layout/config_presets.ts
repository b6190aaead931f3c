import { type LayoutNode, normalise, removePane } from "../../protocols/layout/tree/mod.ts";
import { WeftError } from "../../protocols/bus/errors.ts";
import { checkSpec } from "../../protocols/layout/mod.ts";
import { planLayout } from "./plan.ts";
import type { Preset } from "./presets.ts";

const REST = "\u0000rest";
const DIRECTIONS = ["horizontal", "vertical"] as const;

/**
 * Presets from the plugin's options: `presets: {name: {description?, layout}}` where `layout` is
 * a layout spec whose `{pane: {}}` leaves are slots, filled with the window's panes in reading
 * order, and at most one `{rest: "horizontal" | "vertical"}` leaf takes the panes left over,
 * evenly. Slots without a pane are dropped; without a `rest` leaf, extra panes share the last
 * slot, stacked. Throws `INVALID_INPUT` naming the bad key (`presets.ide.layout.splits[0]`).
 *
 * @example
 * ```ts
 * import { configPresets } from "./config_presets.ts";
 * const [ide] = configPresets({
 *   ide: {
 *     layout: {
 *       direction: "horizontal",
 *       splits: [{ ratio: 0.7, pane: {} }, { ratio: 0.3, rest: "vertical" }],
 *     },
 *   },
 * });
 * const tree = ide!.build({ cols: 100, rows: 30 }, ["p1", "p2", "p3"], {});
 * console.assert(tree.type === "split" && tree.children.length === 2);
 * ```
 */
export function configPresets(value: unknown): Preset[] {
  if (value === undefined) return [];
  if (!isObject(value)) fail("presets", "must be a table of name -> {description?, layout}");
  return Object.entries(value).map(([name, entry]) => {
    const at = `presets.${name}`;
    if (!/^[a-z][a-z0-9_]*$/.test(name)) fail(at, "must be a lower-case name (a-z, 0-9, _)");
    if (!isObject(entry) || !isObject(entry.layout)) fail(at, "must be {description?, layout}");
    const description = typeof entry.description === "string"
      ? entry.description
      : `From the project's config (${name}).`;
    return { name, description, build: templateBuilder(entry.layout, `${at}.layout`) };
  });
}

function templateBuilder(layout: unknown, path: string): Preset["build"] {
  const spec = checkSpec(withRestMarked(layout, path), { path });
  const plan = planLayout(spec, { cols: 200, rows: 60 }, () => {
    throw new WeftError("INVALID_INPUT", `Cannot read ${path}: a preset cannot use presets`);
  });
  const rests = plan.panes.filter((p) => p.spec.name?.startsWith(REST));
  if (rests.length > 1) fail(path, "has more than one `rest` leaf");
  const rest = rests[0];
  const slots = plan.panes.filter((p) => p !== rest).map((p) => p.slot);
  const direction = rest?.spec.name?.slice(REST.length + 1) as "horizontal" | "vertical";
  return (_size, panes) => {
    let tree: LayoutNode | null = plan.tree;
    const fill = new Map<string, LayoutNode>();
    slots.forEach((slot, i) => {
      if (i < panes.length) fill.set(slot, leaf(panes[i]!));
      else tree = removePane(tree!, slot);
    });
    const extra = panes.slice(slots.length).map(leaf);
    if (rest && extra.length) fill.set(rest.slot, even(direction, extra));
    else if (rest) tree = removePane(tree!, rest.slot);
    else if (extra.length) {
      const last = slots.at(-1)!;
      fill.set(last, even("vertical", [fill.get(last)!, ...extra]));
    }
    return normalise(replaceLeaves(tree!, fill));
  };
}

/** `{rest: dir}` leaves become panes with a marked name, so `checkSpec` can check the rest. */
function withRestMarked(node: unknown, path: string): unknown {
  if (Array.isArray(node)) return node.map((v) => withRestMarked(v, path));
  if (!isObject(node)) return node;
  if ("rest" in node) {
    const { rest: dir, ...others } = node;
    if (!(DIRECTIONS as readonly unknown[]).includes(dir)) {
      fail(path, `has rest = ${JSON.stringify(dir)}: it must be "horizontal" or "vertical"`);
    }
    return { ...others, pane: { name: `${REST}:${dir}` } };
  }
  return Object.fromEntries(Object.entries(node).map(([k, v]) => [k, withRestMarked(v, path)]));
}

function replaceLeaves(node: LayoutNode, fill: Map<string, LayoutNode>): LayoutNode {
  if (node.type === "pane") return fill.get(node.pane) ?? node;
  return {
    ...node,
    children: node.children.map((c) => ({ ratio: c.ratio, node: replaceLeaves(c.node, fill) })),
  };
}

function even(direction: "horizontal" | "vertical", nodes: LayoutNode[]): LayoutNode {
  if (nodes.length === 1) return nodes[0]!;
  return {
    type: "split",
    direction,
    children: nodes.map((node) => ({ ratio: 1 / nodes.length, node })),
  };
}

function leaf(pane: string): LayoutNode {
  return { type: "pane", pane };
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

function fail(path: string, problem: string): never {
  throw new WeftError(
    "INVALID_INPUT",
    `Cannot read the layout plugin's options: ${path} ${problem}`,
  );
}
