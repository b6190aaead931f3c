/**
 * The bus rights each tmux command needs, by what it does: reading needs `pane:read`, typing
 * into a pane or changing the shared paste buffers `pane:write`, starting programs
 * `pane:spawn`, closing, focusing and renaming `pane:control`, moving and resizing
 * `layout:write`, and what reaches beyond the panes (the attached terminals' clipboards, global
 * options, sessions) `session:admin`. The shim's `tmux.exec` itself needs only `pane:read`; its
 * caller must also hold these for the command it runs, since buffers, options and clipboards
 * are the tmux plugin's own state, not bus calls checked along the chain.
 *
 * @module
 */

import type { Capability } from "../bus/capabilities.ts";
import type { TmuxCommand } from "./args.ts";
import { optionDef } from "./options.ts";

const READ: readonly Capability[] = ["pane:read"];

/** Rights by command name; a function when flags decide. */
const RIGHTS: Readonly<Record<string, readonly Capability[] | ((c: TmuxCommand) => Capability[])>> =
  {
    "list-panes": READ,
    "list-windows": READ,
    "list-sessions": READ,
    "has-session": READ,
    "capture-pane": READ,
    "display-message": READ,
    "show-options": READ,
    "show-window-options": READ,
    "show-buffer": READ,
    "save-buffer": READ,
    "list-buffers": READ,
    "kill-server": READ, // weft's tmux does not forward it: it does nothing
    "send-keys": ["pane:write"],
    "paste-buffer": ["pane:write"],
    "set-buffer": (c) => c.flags.w ? ["pane:write", "session:admin"] : ["pane:write"],
    "load-buffer": (c) => c.flags.w ? ["pane:write", "session:admin"] : ["pane:write"],
    "delete-buffer": ["pane:write"],
    "set-option": (c) => globalOption(c) ? ["session:admin"] : ["pane:control"],
    "split-window": ["pane:spawn"],
    "new-window": ["pane:spawn"],
    "new-session": ["session:admin", "pane:spawn"],
    "respawn-pane": ["pane:spawn", "pane:control"],
    "pipe-pane": ["pane:read", "pane:spawn"],
    "kill-pane": ["pane:control"],
    "kill-window": ["pane:control"],
    "kill-session": ["session:admin", "pane:control"],
    "select-pane": ["pane:control"],
    "select-window": ["pane:control"],
    "rename-window": ["pane:control"],
    "rename-session": ["session:admin"],
    "resize-pane": ["layout:write"],
    "select-layout": ["layout:write"],
    "break-pane": ["layout:write"],
    "join-pane": ["layout:write"],
    "move-pane": ["layout:write"],
  };

/** Whether `set-option` sets a global (server or session) value rather than a pane's. */
function globalOption(c: TmuxCommand): boolean {
  if (c.flags.p || c.flags.w) return false;
  if (c.flags.g || c.flags.s) return true;
  const scope = optionDef(c.args[0] ?? "")?.scope;
  return scope !== "window";
}

/**
 * The rights a tmux command needs; a command without an entry needs `session:admin` (deny by
 * default: a command added without thinking about its rights is not open to every reader).
 *
 * @example
 * ```ts
 * import { parseTmuxArgs } from "./args.ts";
 * import { tmuxRights } from "./rights.ts";
 * const cmd = parseTmuxArgs(["load-buffer", "-w", "-"]).command!;
 * console.assert(tmuxRights(cmd).includes("session:admin"));
 * ```
 */
export function tmuxRights(cmd: TmuxCommand): Capability[] {
  const rights = Object.hasOwn(RIGHTS, cmd.name) ? RIGHTS[cmd.name] : undefined;
  if (!rights) return ["session:admin"];
  return typeof rights === "function" ? rights(cmd) : [...rights];
}
