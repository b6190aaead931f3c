/**
 * The built-in commands: one per file, listed in this table. The core owns the `session.`,
 * `window.`, `pane.` and `server.` names.
 *
 * @module
 */

import type { Command } from "../bus/mod.ts";
import type { CoreDeps } from "./deps.ts";
import { paneCanvas } from "./pane_canvas.ts";
import { paneCheckKey } from "./pane_check_key.ts";
import { paneDraw } from "./pane_draw.ts";
import { paneClose } from "./pane_close.ts";
import { paneCreate } from "./pane_create.ts";
import { paneFocus } from "./pane_focus.ts";
import { paneList } from "./pane_list.ts";
import { paneMove } from "./pane_move.ts";
import { panePipe } from "./pane_pipe.ts";
import { paneRead } from "./pane_read.ts";
import { paneRename } from "./pane_rename.ts";
import { paneReport } from "./pane_report.ts";
import { paneResize } from "./pane_resize.ts";
import { paneRespawn } from "./pane_respawn.ts";
import { paneRun } from "./pane_run.ts";
import { paneSet } from "./pane_set.ts";
import { paneStatus } from "./pane_status.ts";
import { paneWait } from "./pane_wait.ts";
import { paneWrite } from "./pane_write.ts";
import { serverAllow } from "./server_allow.ts";
import { serverCommands } from "./server_commands.ts";
import { serverStatus } from "./server_status.ts";
import { serverStop } from "./server_stop.ts";
import { serverPluginStart } from "./server_plugin_start.ts";
import { sessionCreate } from "./session_create.ts";
import { sessionKill } from "./session_kill.ts";
import { sessionList } from "./session_list.ts";
import { sessionRename } from "./session_rename.ts";
import { windowCreate } from "./window_create.ts";
import { windowKill } from "./window_kill.ts";
import { windowLayout } from "./window_layout.ts";
import { windowList } from "./window_list.ts";
import { windowRename } from "./window_rename.ts";
import { windowResize } from "./window_resize.ts";
import { windowSelect } from "./window_select.ts";
import { windowSetLayout } from "./window_set_layout.ts";
import { windowZoom } from "./window_zoom.ts";

export type { CoreDeps, ServerControl } from "./deps.ts";

/** Every built-in command factory. */
export const CORE_COMMANDS = [
  sessionCreate,
  sessionList,
  sessionRename,
  sessionKill,
  windowCreate,
  windowList,
  windowSelect,
  windowRename,
  windowKill,
  windowLayout,
  windowSetLayout,
  windowResize,
  windowZoom,
  paneCreate,
  paneRespawn,
  paneMove,
  panePipe,
  paneList,
  paneRead,
  paneWrite,
  paneResize,
  paneFocus,
  paneClose,
  paneRename,
  paneStatus,
  paneSet,
  paneReport,
  paneWait,
  paneRun,
  paneCheckKey,
  paneCanvas,
  paneDraw,
  serverStatus,
  serverStop,
  serverPluginStart,
  serverAllow,
  serverCommands,
] as const;

/** Builds the built-in commands for these dependencies. */
export function coreCommands(deps: CoreDeps): Command[] {
  return CORE_COMMANDS.map((make) => make(deps) as unknown as Command);
}
