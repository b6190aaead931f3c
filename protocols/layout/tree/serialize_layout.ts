import { WeftError } from "../../bus/errors.ts";
import { checkLayout } from "./_check.ts";
import type { LayoutNode } from "./types.ts";

/**
 * The tree as a JSON string, for storage and the wire. {@link parseLayout} reads it back.
 *
 * @example
 * ```ts
 * import { leaf } from "./leaf.ts";
 * import { serializeLayout } from "./serialize_layout.ts";
 * console.assert(serializeLayout(leaf("p1")) === '{"type":"pane","pane":"p1"}');
 * ```
 */
export function serializeLayout(tree: LayoutNode): string {
  return JSON.stringify(tree);
}

/**
 * Reads a layout from JSON text, checks it and returns it normalised (ratios that do not sum to
 * 1 are rescaled, single-child splits collapsed, same-direction nesting merged). Bad input
 * throws a `WeftError` `INVALID_INPUT` whose message and `data.path` name the offending spot,
 * such as `children[1].node.children[0].ratio`.
 *
 * @example
 * ```ts
 * import { parseLayout } from "./serialize_layout.ts";
 * const tree = parseLayout('{"type":"pane","pane":"p1"}');
 * console.assert(tree.type === "pane" && tree.pane === "p1");
 * try {
 *   parseLayout('{"type":"split","direction":"vertical","children":[]}');
 * } catch (err) {
 *   console.assert(String(err).includes("children must be a non-empty array"));
 * }
 * ```
 */
export function parseLayout(text: string): LayoutNode {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (err) {
    const reason = err instanceof Error ? err.message : String(err);
    throw new WeftError("INVALID_INPUT", `Cannot parse layout: it is not valid JSON (${reason})`);
  }
  return parseLayoutValue(value);
}

/**
 * Like {@link parseLayout} for a value already parsed from JSON (a command's input, say).
 *
 * @example
 * ```ts
 * import { parseLayoutValue } from "./serialize_layout.ts";
 * const tree = parseLayoutValue({ type: "pane", pane: "p1" });
 * console.assert(tree.type === "pane");
 * ```
 */
export function parseLayoutValue(value: unknown): LayoutNode {
  return checkLayout(value, (path, problem) => {
    throw new WeftError(
      "INVALID_INPUT",
      `Cannot parse layout: ${path || "the root"} ${problem}`,
      { path },
    );
  });
}
