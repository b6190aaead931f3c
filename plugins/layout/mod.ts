/**
 * `layout`: the plugin that decides shapes. The core keeps each window's layout tree
 * (`window.layout`, `window.set_layout`); this plugin adds presets, declarative layouts
 * created atomically, split/resize/swap/zoom and the commands behind `weft layout`.
 *
 * - `layout.apply_preset {window?, preset, main_ratio?}`, `layout.cycle {window?}`,
 *   `layout.presets`, `layout.define_preset {name, description?, layout}`
 * - `layout.create {session?, window?, replace?, layout}` (MCP `create_layout`)
 * - `layout.split`, `layout.resize`, `layout.get`, `layout.swap`, `layout.zoom`,
 *   `layout.export`
 *
 * Options (the project's `deno.json`, `weft.plugins.layout.options`; see `./options.ts`):
 * `presets`, a table of `name -> {description?, layout}` whose layout is a spec with
 * `{pane: {}}` slots and at most one `{rest: "horizontal" | "vertical"}` leaf (see
 * {@link configPresets}). A third-party plugin
 * adds its own presets by calling `layout.define_preset` with such a template.
 *
 * @example
 * ```ts
 * import layout from "./mod.ts";
 * console.assert(layout.manifest.commands.some((c) => c.name === "layout.create"));
 * ```
 *
 * @module
 */

import { definePlugin } from "@weft/weft/plugin";
import { PresetCatalog } from "./_catalog.ts";
import type { LayoutState } from "./_state.ts";
import { configPresets } from "./config_presets.ts";
import { applyPresetCommand } from "./commands/apply_preset.ts";
import { create } from "./commands/create.ts";
import { definePreset } from "./commands/define_preset.ts";
import { cycle } from "./commands/cycle.ts";
import { exportLayout } from "./commands/export.ts";
import { get } from "./commands/get.ts";
import { presets } from "./commands/presets.ts";
import { resize } from "./commands/resize.ts";
import { split } from "./commands/split.ts";
import { swap } from "./commands/swap.ts";
import { zoom } from "./commands/zoom.ts";
import { parseOptions } from "./options.ts";

export { defaults, parseOptions } from "./options.ts";
export type { Options } from "./options.ts";

export default definePlugin({
  name: "layout",
  version: "0.1.0",
  description: "Layout presets, declarative layouts created atomically, split/resize/swap/zoom.",
  capabilities: ["layout:write", "pane:spawn", "pane:read", "pane:control", "session:admin"],
  commands: [
    create,
    applyPresetCommand,
    cycle,
    presets,
    definePreset,
    split,
    resize,
    get,
    swap,
    zoom,
    exportLayout,
  ],
  options: parseOptions,
  setup: (ctx): LayoutState => {
    const presets = new PresetCatalog();
    const clashes = presets.add(configPresets(ctx.options.presets));
    for (const name of clashes) ctx.log(`config preset "${name}" is a built-in name; skipped`);
    return { presets };
  },
});
