/**
 * Agent hooks: what Claude Code's hook events mean for a pane ({@link claudeHookEffect}) and
 * weft's entries in Claude Code's settings files ({@link installHooks}, {@link uninstallHooks},
 * {@link hookStatus}), and every vendor's settings file as text ({@link jsonHookFile},
 * {@link tomlHookBlock}). Pure; `weft hooks` writes the files and the core's HTTP door takes the
 * events.
 *
 * @example
 * ```ts
 * import { claudeHookEffect } from "./mod.ts";
 * const e = claudeHookEffect({ hook_event_name: "Stop", session_id: "s1" });
 * console.assert("state" in e && e.state === "idle" && e.session?.id === "s1");
 * ```
 *
 * @module
 */

export { claudeHookEffect } from "./claude_code.ts";
export { claudeHandover, claudeHookAnswer, claudeHookPoint } from "./claude_handover.ts";
export type { HookEffect, HookError } from "./claude_code.ts";
export {
  PERMISSION_HOLD_MS,
  PERMISSION_HOOK_COMMAND,
  PERMISSION_HOOK_PATH,
  permissionAsk,
  permissionOutput,
} from "./claude_permission.ts";
export type { PermissionAsk, PermissionDecision } from "./claude_permission.ts";
export {
  HookFileError,
  jsonHookFile,
  TOML_BEGIN,
  TOML_END,
  tomlHookBlock,
  useTomlParser,
} from "./settings_file.ts";
export type { HookFileFormat, HookSettings, HookState } from "./settings_file.ts";
export type { HookEntries } from "./claude_settings.ts";
export {
  CLAUDE_ENTRIES,
  CLAUDE_HOOK_PATH,
  HOOK_COMMAND,
  HOOK_EVENTS,
  HOOK_MARKER,
  hookStatus,
  installHooks,
  uninstallHooks,
} from "./claude_settings.ts";
