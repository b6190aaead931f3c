/**
 * The layout plugin's options (`weft.plugins.layout.options` in `deno.json`) and defaults.
 *
 * @module
 */

import { optionsParser, z } from "@weft/weft/plugin";

/** A preset the project defines: a layout spec with slots (see `configPresets`). */
export interface PresetOption {
  description?: string;
  layout: Record<string, unknown>;
}

/** Every option of the layout plugin. */
export interface Options {
  /** More presets, by name, after the built-in ones. */
  presets: Readonly<Record<string, PresetOption>>;
}

/** The options of a project that sets none. */
export const defaults: Options = { presets: {} };

/**
 * Checks the plugin's options and fills in the defaults; an unknown key is an error that names
 * it. The preset templates themselves are checked when setup builds them (`configPresets`).
 *
 * @example
 * ```ts
 * import { parseOptions } from "./options.ts";
 * console.assert(Object.keys(parseOptions({}).presets).length === 0);
 * ```
 */
export const parseOptions: (raw: unknown) => Options = optionsParser<Options>("layout", {
  schema: z.strictObject({
    presets: z.record(
      z.string(),
      z.custom<PresetOption>((v) => typeof v === "object" && v !== null),
    ).optional(),
  }),
  defaults,
});
