import { describe, fail, join, object, onlyKeys, text } from "./_check.ts";
import { checkSpec, type CheckSpecOptions } from "./check_spec.ts";
import type { LayoutFile, WindowSpec } from "./types.ts";

const WINDOW_KEYS = [
  "name",
  "layout",
  "pane",
  "direction",
  "splits",
  "preset",
  "panes",
  "pane_commands",
  "main_ratio",
];

/**
 * Validates a parsed layout file: `description?`, `session?` and a non-empty `window` list whose
 * entries are `{name?, layout}` or `{name?, …the layout's own keys}` (so a file can say
 * `preset = "tiled"` right in its `[[window]]`). Each window's layout goes through
 * {@link checkSpec}; errors are `INVALID_INPUT` with paths such as
 * `window[1].layout.splits[0].ratio`.
 *
 * @example
 * ```ts
 * import { checkLayoutFile } from "./check_file.ts";
 * const file = checkLayoutFile({
 *   window: [{ name: "dev", preset: "tiled", pane_commands: ["vim", "htop"] }],
 * });
 * console.assert(file.windows[0]!.name === "dev");
 * ```
 */
export function checkLayoutFile(
  value: unknown,
  options: Pick<CheckSpecOptions, "resolvePreset"> = {},
): LayoutFile {
  const top = object(value, "");
  onlyKeys(top, ["description", "session", "window"], "");
  const out: LayoutFile = { windows: [] };
  if (top.description !== undefined) out.description = text(top.description, "description", 1000);
  if (top.session !== undefined) out.session = text(top.session, "session", 64);
  const list = top.window;
  if (!Array.isArray(list) || list.length === 0) {
    fail("window", `must be a non-empty list of [[window]] tables, not ${describe(list)}`);
  }
  const names = new Set<string>();
  out.windows = list.map((item, i) => {
    const path = join("window", i);
    const window = checkWindow(item, path, options);
    if (window.name !== undefined) {
      if (names.has(window.name)) {
        fail(join(path, "name"), `names a second window "${window.name}"`);
      }
      names.add(window.name);
    }
    return window;
  });
  return out;
}

function checkWindow(
  item: unknown,
  path: string,
  options: Pick<CheckSpecOptions, "resolvePreset">,
): WindowSpec {
  const { name, ...rest } = object(item, path);
  onlyKeys(rest, WINDOW_KEYS, path);
  const nested = "layout" in rest;
  if (nested) onlyKeys(rest, ["layout"], path);
  const layout = checkSpec(nested ? rest.layout : rest, {
    ...options,
    path: nested ? join(path, "layout") : path,
  });
  return name === undefined ? { layout } : { name: text(name, join(path, "name"), 64), layout };
}
