// One validator behind normalise() (programmer input: TypeError/RangeError) and parseLayout()
// (wire input: WeftError INVALID_INPUT); it also puts the tree in canonical form.
import { makeSplit, rescale } from "./_tree.ts";
import type { LayoutChild, LayoutNode } from "./types.ts";

/** How deep a layout may nest; deeper input is refused rather than risking the stack. */
export const MAX_DEPTH = 64;

/** Reports a problem at `path`; `kind` says whether it is about a value's type or its range. */
export type Fail = (path: string, problem: string, kind: "type" | "range") => never;

/** Checks `value` as a layout and returns it normalised. */
export function checkLayout(value: unknown, fail: Fail): LayoutNode {
  return checkNode(value, "", new Set(), 0, fail);
}

/** `a.b`, `a[1]`, or just `b` at the root. */
export function join(path: string, key: string | number): string {
  if (typeof key === "number") return `${path}[${key}]`;
  return path ? `${path}.${key}` : key;
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

function checkNode(
  value: unknown,
  path: string,
  seen: Set<string>,
  depth: number,
  fail: Fail,
): LayoutNode {
  if (!isObject(value)) fail(path, "must be an object", "type");
  if (depth > MAX_DEPTH) fail(path, `nests deeper than ${MAX_DEPTH} levels`, "range");
  if (value.type === "pane") {
    const pane = value.pane;
    if (typeof pane !== "string" || pane === "") {
      fail(join(path, "pane"), "must be a non-empty string", "type");
    }
    if (seen.has(pane)) fail(join(path, "pane"), `names pane "${pane}" a second time`, "range");
    seen.add(pane);
    return { type: "pane", pane };
  }
  if (value.type !== "split") fail(join(path, "type"), 'must be "pane" or "split"', "type");
  const direction = value.direction;
  if (direction !== "horizontal" && direction !== "vertical") {
    fail(join(path, "direction"), 'must be "horizontal" or "vertical"', "type");
  }
  const list = value.children;
  const at = join(path, "children");
  if (!Array.isArray(list) || list.length === 0) fail(at, "must be a non-empty array", "type");
  const children = list.map((child, i): LayoutChild => {
    const here = join(at, i);
    if (!isObject(child)) fail(here, "must be an object", "type");
    const ratio = child.ratio;
    if (typeof ratio !== "number") fail(join(here, "ratio"), "must be a number", "type");
    if (!(ratio > 0 && Number.isFinite(ratio))) {
      fail(join(here, "ratio"), `must be a finite number > 0, not ${ratio}`, "range");
    }
    return { ratio, node: checkNode(child.node, join(here, "node"), seen, depth + 1, fail) };
  });
  return makeSplit(direction, rescale(children));
}
