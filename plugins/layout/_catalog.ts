// The presets one layout plugin knows: the built-in table, then the project's config ones (at
// setup), then those added by `layout.define_preset`. The plugin's setup makes one and hands it
// to every handler in its state.
import { type LayoutNode, normalise, type Size } from "../../protocols/layout/tree/mod.ts";
import { findPreset } from "../../protocols/layout/mod.ts";
import type { PresetBuilder } from "./plan.ts";
import { type Preset, PRESETS } from "./presets.ts";

/** The known presets, in cycle order. */
export class PresetCatalog {
  #presets: readonly Preset[] = PRESETS;

  /** A builder for `planLayout` over this catalog. */
  readonly build: PresetBuilder = (name, size, slots, mainRatio) =>
    applyPreset(this.find(name), size, slots, mainRatio);

  /**
   * Adds presets after the ones known; one with a built-in name is skipped and returned, one
   * with an added name replaces it.
   */
  add(extra: readonly Preset[]): string[] {
    const builtin = new Set(PRESETS.map((p) => p.name));
    const clashes = extra.filter((p) => builtin.has(p.name)).map((p) => p.name);
    const added = extra.filter((p) => !builtin.has(p.name));
    const names = new Set(added.map((p) => p.name));
    this.#presets = [...this.#presets.filter((p) => !names.has(p.name)), ...added];
    return clashes;
  }

  /** Every known preset, in cycle order. */
  all(): readonly Preset[] {
    return this.#presets;
  }

  /** The preset named exactly or by unambiguous prefix; throws with suggestions. */
  find(name: string): Preset {
    return findPreset(this.#presets, name);
  }

  /** A resolver for `checkSpec`: the canonical name, or an Error saying why not. */
  readonly resolveName = (name: string): string => {
    try {
      return this.find(name).name;
    } catch (err) {
      const why = (err as Error).message.replace(/^Cannot find preset "[^"]*"/, "");
      const what = why.startsWith(":") ? "is ambiguous" : "is not a known preset";
      throw new Error(`${JSON.stringify(name)} ${what}${why}`);
    }
  };
}

/** The canonical tree a preset builds. */
export function applyPreset(
  p: Preset,
  size: Size,
  panes: readonly string[],
  mainRatio: number | undefined,
): LayoutNode {
  return normalise(p.build(size, panes, mainRatio === undefined ? {} : { mainRatio }));
}
