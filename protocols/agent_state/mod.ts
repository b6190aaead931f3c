/**
 * Agent state from what an agent TUI shows: {@link screenState} and the per-agent
 * {@link STATE_PROFILES}. Pure; the core runs it on agent panes whose program neither reports
 * its status nor runs weft's hooks.
 *
 * @example
 * ```ts
 * import { screenState } from "./mod.ts";
 * console.assert(screenState("claude", ["❯ ", "  ? for shortcuts"])?.state === "idle");
 * ```
 *
 * @module
 */

export { screenState, STATE_PROFILES } from "./screen_state.ts";
export { PROMPT_PROFILES, promptClearKeys, promptDraft } from "./prompt_draft.ts";
export type { PromptProfile } from "./prompt_draft.ts";
export type { ScreenState, StateProfile } from "./screen_state.ts";
