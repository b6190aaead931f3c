// What the layout plugin's setup builds and every handler receives, and the `defineCommand`
// typed for it.
import { withState } from "@weft/weft/plugin";
import type { PresetCatalog } from "./_catalog.ts";

/** The layout plugin's state in its Worker. */
export interface LayoutState {
  /** The presets known: built-in, configured, defined at run time. */
  presets: PresetCatalog;
}

/** `defineCommand` for handlers that receive {@link LayoutState} as `state`. */
export const { defineCommand } = withState<LayoutState>();
