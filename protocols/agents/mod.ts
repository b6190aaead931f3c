/**
 * Agent vendors: everything weft knows about an agent program (Claude Code, Codex, Gemini CLI,
 * aider), one file per vendor, registered in one table ({@link VENDORS}); and the pure readers
 * that use those facts: the kind of a command or process ({@link guessAgentKind}), the state
 * an agent's screen shows ({@link screenState}), its prompt's draft ({@link promptDraft}).
 * README.md says how to add a vendor.
 *
 * @example
 * ```ts
 * import { guessAgentKind, screenState, vendorOf } from "./mod.ts";
 * console.assert(guessAgentKind(["npx", "@openai/codex"]) === "codex");
 * console.assert(screenState("claude", ["❯ ", "  ? for shortcuts"])?.state === "idle");
 * console.assert(vendorOf("claude")?.resume?.([], { latest: true })?.join(" ") === "--continue");
 * ```
 *
 * @module
 */

export { vendorOf, VENDORS } from "./table.ts";
export { defineVendor, flagsOnly, rungsOf } from "./vendor.ts";
export type {
  AgentVendor,
  DeliveryRung,
  HookHandover,
  HookPoint,
  PromptProfile,
  ResumeTarget,
  ScreenProfile,
  SidebandMode,
  StateProfile,
  TranscriptFormat,
  VendorHooks,
} from "./vendor.ts";
export { AGENT_KINDS, AGENTS, guessAgentKind, looksPast, processAgentKind } from "./kind.ts";
export type { AgentKind, ProcessFacts } from "./kind.ts";
export { dialogFingerprint, screenDialog, screenState } from "./screen_state.ts";
export type { ScreenDialog, ScreenState } from "./screen_state.ts";
export { promptClearKeys, promptDraft, promptHolds } from "./prompt_draft.ts";
