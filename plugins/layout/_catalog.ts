// The presets this plugin instance knows: the built-in table, then the project's config ones
// (set once in setup). One module-level list: a plugin Worker runs one plugin.
import { type LayoutNode, normalise, type Size } from "../../core/layout/mod.ts";
import { findPreset } from "../../protocols/layout/mod.ts";
import type { PresetBuilder } from "./plan.ts";
import { type Preset, PRESETS } from "./presets.ts";

let catalog: readonly Preset[] = PRESETS;

/**
 * Adds presets after the ones known (config ones at setup, others from `layout.define_preset`);
 * one with a built-in name is skipped and returned, one with an added name replaces it.
 */
export function addPresets(extra: readonly Preset[]): string[] {
  const builtin = new Set(PRESETS.map((p) => p.name));
  const clashes = extra.filter((p) => builtin.has(p.name)).map((p) => p.name);
  const added = extra.filter((p) => !builtin.has(p.name));
  const names = new Set(added.map((p) => p.name));
  catalog = [...catalog.filter((p) => !names.has(p.name)), ...added];
  return clashes;
}

/** Every known preset, in cycle order. */
export function presets(): readonly Preset[] {
  return catalog;
}

/** The preset named exactly or by unambiguous prefix; throws with suggestions. */
export function preset(name: string): Preset {
  return findPreset(catalog, name);
}

/** A builder for `planLayout` over this catalog. */
export const buildPreset: PresetBuilder = (name, size, slots, mainRatio) =>
  applyPreset(preset(name), size, slots, mainRatio);

/** The canonical tree a preset builds. */
export function applyPreset(
  p: Preset,
  size: Size,
  panes: readonly string[],
  mainRatio: number | undefined,
): LayoutNode {
  return normalise(p.build(size, panes, mainRatio === undefined ? {} : { mainRatio }));
}

/** A resolver for `checkSpec`: the canonical name, or an Error saying why not. */
export function resolvePresetName(name: string): string {
  try {
    return preset(name).name;
  } catch (err) {
    const why = (err as Error).message.replace(/^Cannot find preset "[^"]*"/, "");
    const what = why.startsWith(":") ? "is ambiguous" : "is not a known preset";
    throw new Error(`${JSON.stringify(name)} ${what}${why}`);
  }
}
