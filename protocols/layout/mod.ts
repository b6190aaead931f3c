/**
 * Declarative layouts and layout files, as pure codecs: {@link checkSpec} validates and
 * normalises what `layout.create` takes, {@link parseLayoutFile} and
 * {@link stringifyLayoutFile} read and write the TOML files of `weft layout apply|save`.
 *
 * @example
 * ```ts
 * import { parseLayoutFile, stringifyLayoutFile } from "./mod.ts";
 * const toml = `[[window]]\nname = "dev"\npreset = "tiled"\npane_commands = ["htop", "vim"]\n`;
 * const file = parseLayoutFile(toml);
 * console.assert(JSON.stringify(parseLayoutFile(stringifyLayoutFile(file))) === JSON.stringify(file));
 * ```
 *
 * @module
 */

export type {
  Direction,
  LayoutFile,
  LayoutSpec,
  PaneSpec,
  PresetSpec,
  SplitSpec,
  WindowSpec,
} from "./types.ts";
export { MAX_SPEC_DEPTH, MAX_SPEC_PANES } from "./types.ts";
export { checkSpec } from "./check_spec.ts";
export type { CheckSpecOptions } from "./check_spec.ts";
export { checkLayoutFile } from "./check_file.ts";
export { MAX_LAYOUT_FILE, parseLayoutFile } from "./parse_layout_file.ts";
export type { ParseLayoutFileOptions } from "./parse_layout_file.ts";
export { stringifyLayoutFile } from "./stringify_layout_file.ts";
export { findPreset } from "./find_preset.ts";
