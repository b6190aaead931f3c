import { describe, fail, isObject, join, object, onlyKeys, text } from "./_check.ts";
import {
  type Direction,
  type LayoutSpec,
  MAX_SPEC_DEPTH,
  MAX_SPEC_PANES,
  type PaneSpec,
  type SplitSpec,
} from "./types.ts";

/** Options of {@link checkSpec}. */
export interface CheckSpecOptions {
  /** Prefix for error paths (a layout file says `window[0].layout`). */
  path?: string;
  /**
   * Turns a preset name into its canonical name, or throws an `Error` whose message says why
   * not (unknown, ambiguous prefix); the failure is reported at the `preset` key's path.
   */
  resolvePreset?: (name: string) => string;
}

const PANE_KEYS = ["command", "argv", "cwd", "name", "env"] as const;
const ENV_KEY = /^[A-Za-z_][A-Za-z0-9_]*$/;
// Kept as written when the sum is this close to 1, so a checked spec survives a round trip.
const SUM_TOLERANCE = 1e-12;
// Large enough for any share written by hand, small enough that a sum cannot overflow.
const MAX_RATIO = 1e9;

interface Walk {
  resolvePreset: ((name: string) => string) | undefined;
  names: Set<string>;
  panes: number;
}

/**
 * Validates a declarative layout and returns it normalised: split ratios rescaled to sum to 1,
 * `pane_commands` turned into `panes`, the shorthand children `{ratio, pane}` and
 * `{ratio, direction, splits}` turned into `{ratio, layout}`, preset names made canonical.
 *
 * Zero, negative, NaN or missing ratios, empty splits, unknown directions or keys, a pane name
 * used twice, more than 64 panes and nesting deeper than 16 levels are a `WeftError`
 * `INVALID_INPUT` whose message and `data.path` name the bad node, such as
 * `splits[1].layout.splits[0].ratio`.
 *
 * @example
 * ```ts
 * import { checkSpec } from "./check_spec.ts";
 * const spec = checkSpec({
 *   direction: "horizontal",
 *   splits: [{ ratio: 2, pane: { command: "vim" } }, { ratio: 1, layout: { pane: {} } }],
 * });
 * console.assert("splits" in spec && spec.splits[0]!.ratio === 2 / 3);
 * try {
 *   checkSpec({ direction: "vertical", splits: [{ ratio: 0, layout: { pane: {} } }] });
 * } catch (err) {
 *   console.assert(String(err).includes("splits[0].ratio"));
 * }
 * ```
 */
export function checkSpec(value: unknown, options: CheckSpecOptions = {}): LayoutSpec {
  const walk: Walk = { resolvePreset: options.resolvePreset, names: new Set(), panes: 0 };
  return checkNode(value, options.path ?? "", 0, walk);
}

function checkNode(value: unknown, path: string, depth: number, walk: Walk): LayoutSpec {
  const node = object(value, path);
  if (depth > MAX_SPEC_DEPTH) fail(path, `nests deeper than ${MAX_SPEC_DEPTH} levels`);
  const kinds = ["pane", "splits", "preset"].filter((k) => k in node);
  if (kinds.length !== 1) {
    fail(
      path,
      kinds.length
        ? `has ${kinds.join(" and ")}: give only one of them`
        : "must have `pane`, `direction` and `splits`, or `preset`",
    );
  }
  if ("pane" in node) {
    onlyKeys(node, ["pane"], path);
    return { pane: checkPane(node.pane, join(path, "pane"), walk) };
  }
  if ("splits" in node) {
    onlyKeys(node, ["direction", "splits"], path);
    return checkSplit(node, path, depth, walk);
  }
  onlyKeys(node, ["preset", "panes", "pane_commands", "main_ratio"], path);
  return checkPreset(node, path, walk);
}

function checkSplit(
  node: Record<string, unknown>,
  path: string,
  depth: number,
  walk: Walk,
): LayoutSpec {
  const direction = node.direction;
  if (direction !== "horizontal" && direction !== "vertical") {
    fail(
      join(path, "direction"),
      `must be "horizontal" (side by side) or "vertical" (stacked), not ${describe(direction)}`,
    );
  }
  const at = join(path, "splits");
  const list = node.splits;
  if (!Array.isArray(list) || list.length === 0) {
    fail(at, `must be a non-empty list of {ratio, layout}, not ${describe(list)}`);
  }
  const splits = list.map((item, i) => checkChild(item, join(at, i), depth, walk));
  return { direction: direction as Direction, splits: rescale(splits) };
}

function checkChild(item: unknown, path: string, depth: number, walk: Walk): SplitSpec {
  const child = object(item, path);
  const ratio = child.ratio;
  if (typeof ratio !== "number" || !(ratio > 0 && ratio <= MAX_RATIO)) {
    fail(join(path, "ratio"), `must be a number > 0 (and <= 1e9), not ${describe(ratio)}`);
  }
  const { ratio: _, ...rest } = child;
  if ("layout" in rest) {
    onlyKeys(rest, ["layout"], path);
    return { ratio, layout: checkNode(rest.layout, join(path, "layout"), depth + 1, walk) };
  }
  // The shorthand `{ratio, pane}`, `{ratio, direction, splits}`, `{ratio, preset, …}`.
  return { ratio, layout: checkNode(rest, path, depth + 1, walk) };
}

function checkPreset(node: Record<string, unknown>, path: string, walk: Walk): LayoutSpec {
  const at = join(path, "preset");
  let preset = text(node.preset, at, 64);
  if (walk.resolvePreset) {
    try {
      preset = walk.resolvePreset(preset);
    } catch (err) {
      fail(at, err instanceof Error ? err.message : String(err));
    }
  }
  if ("panes" in node && "pane_commands" in node) {
    fail(path, "has panes and pane_commands: give only one of them");
  }
  const key = "panes" in node ? "panes" : "pane_commands";
  const list = node[key];
  const listAt = join(path, key);
  if (!Array.isArray(list) || list.length === 0) {
    fail(listAt, `must be a non-empty list of commands or panes, not ${describe(list)}`);
  }
  const panes = list.map((item, i) =>
    typeof item === "string"
      ? checkPane({ command: item }, join(listAt, i), walk)
      : checkPane(item, join(listAt, i), walk)
  );
  const ratio = node.main_ratio;
  if (ratio === undefined) return { preset, panes };
  if (typeof ratio !== "number" || !(ratio > 0 && ratio < 1)) {
    fail(join(path, "main_ratio"), `must be a number between 0 and 1, not ${describe(ratio)}`);
  }
  return { preset, panes, main_ratio: ratio };
}

function checkPane(value: unknown, path: string, walk: Walk): PaneSpec {
  const pane = object(value, path);
  onlyKeys(pane, PANE_KEYS, path);
  if (++walk.panes > MAX_SPEC_PANES) fail(path, `is pane ${walk.panes}: at most ${MAX_SPEC_PANES}`);
  const out: PaneSpec = {};
  if (pane.command !== undefined && pane.argv !== undefined) {
    fail(path, "has command and argv: give only one of them");
  }
  if (pane.command !== undefined) out.command = text(pane.command, join(path, "command"));
  if (pane.argv !== undefined) out.argv = checkArgv(pane.argv, join(path, "argv"));
  if (pane.cwd !== undefined) out.cwd = text(pane.cwd, join(path, "cwd"), 4096);
  if (pane.name !== undefined) {
    const name = text(pane.name, join(path, "name"), 64);
    if (walk.names.has(name)) fail(join(path, "name"), `names a second pane "${name}"`);
    walk.names.add(name);
    out.name = name;
  }
  if (pane.env !== undefined) out.env = checkEnv(pane.env, join(path, "env"));
  return out;
}

function checkArgv(value: unknown, path: string): string[] {
  if (!Array.isArray(value) || value.length === 0) {
    fail(path, `must be a non-empty list of strings, not ${describe(value)}`);
  }
  return value.map((a, i) => {
    if (typeof a !== "string" || (i === 0 && a === "")) {
      fail(join(path, i), `must be a${i === 0 ? " non-empty" : ""} string, not ${describe(a)}`);
    }
    return a;
  });
}

function checkEnv(value: unknown, path: string): Record<string, string> {
  if (!isObject(value)) fail(path, `must be a table of strings, not ${describe(value)}`);
  const env: Record<string, string> = {};
  for (const [k, v] of Object.entries(value)) {
    if (!ENV_KEY.test(k)) fail(join(path, k), "is not a valid environment variable name");
    if (typeof v !== "string") fail(join(path, k), `must be a string, not ${describe(v)}`);
    env[k] = v;
  }
  return env;
}

function rescale(splits: SplitSpec[]): SplitSpec[] {
  const sum = splits.reduce((s, c) => s + c.ratio, 0);
  const k = Math.abs(sum - 1) < SUM_TOLERANCE ? 1 : sum;
  return splits.map((c) => ({ ratio: c.ratio / k, layout: c.layout }));
}
