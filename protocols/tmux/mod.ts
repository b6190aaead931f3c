/**
 * tmux's command language, pure: targets, formats, command lines. The shim (`weft tmux`,
 * `plugins/tmux/`) maps what these parse onto bus commands.
 *
 * @module
 */

export { expandFormat, type FormatVars } from "./format.ts";
export { tmuxRights } from "./rights.ts";
export {
  parseTarget,
  type Resolved,
  resolveTarget,
  type TargetWorld,
  type TmuxTarget,
} from "./target.ts";
export {
  findCommand,
  parseCommand,
  parseTmuxArgs,
  TMUX_COMMANDS,
  type TmuxCommand,
  type TmuxInvocation,
  TmuxUsageError,
} from "./args.ts";
export { type KeyChunk, sendKeysChunks, tmuxKey } from "./keys.ts";
export { TMUX_SHIM_FILES, tmuxPaneEnv, type TmuxPaneEnvOptions } from "./shim.ts";
export { styleForeground, type TmuxColour } from "./style.ts";
export { type Box, type LayoutTree, tmuxLayout } from "./layout_string.ts";
export {
  formatOption,
  type OptionDef,
  optionDef,
  optionLine,
  type OptionScope,
  TMUX_OPTIONS,
} from "./options.ts";
export { flagValue, type PlainCommand, plainCommand } from "./plain_command.ts";
