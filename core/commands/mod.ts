/**
 * The built-in commands: one handler per file, listed in this table; their contracts are data in
 * `protocols/bus/contract/`. The core owns the `session.`, `window.`, `pane.` and `server.` names.
 *
 * @module
 */

import type { Command } from "../bus/mod.ts";
import type { CoreDeps } from "./deps.ts";
import { paneCanvas } from "./pane_canvas.ts";
import { paneCheckKey } from "./pane_check_key.ts";
import { paneTranscript } from "./pane_transcript.ts";
import { paneDraw } from "./pane_draw.ts";
import { paneClose } from "./pane_close.ts";
import { paneCreate } from "./pane_create.ts";
import { paneFocus } from "./pane_focus.ts";
import { paneList } from "./pane_list.ts";
import { paneNeeds } from "./pane_needs.ts";
import { paneAnswer } from "./pane_answer.ts";
import { paneMove } from "./pane_move.ts";
import { panePipe } from "./pane_pipe.ts";
import { paneRead } from "./pane_read.ts";
import { paneRename } from "./pane_rename.ts";
import { paneReserveNames } from "./pane_reserve_names.ts";
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
import { serverPluginReload } from "./server_plugin_reload.ts";
import { sessionCreate } from "./session_create.ts";
import { sessionKill } from "./session_kill.ts";
import { sessionList } from "./session_list.ts";
import { sessionRename } from "./session_rename.ts";
import { sessionView } from "./session_view.ts";
import { windowCreate } from "./window_create.ts";
import { windowKill } from "./window_kill.ts";
import { windowLayout } from "./window_layout.ts";
import { windowList } from "./window_list.ts";
import { windowRename } from "./window_rename.ts";
import { windowResize } from "./window_resize.ts";
import { windowSelect } from "./window_select.ts";
import { windowSetLayout } from "./window_set_layout.ts";
import { windowZoom } from "./window_zoom.ts";

import type { CoreCalls, CoreCommand } from "../../protocols/bus/calls.ts";
import type { CoreParsed } from "../../protocols/bus/contract/mod.ts";

export type { CoreDeps, ServerControl } from "./deps.ts";

/** A command that parses its input to `I` and whose handler returns `O`. */
type Implements<I, O> = { parse(input: unknown): I; handler(ctx: never): O | Promise<O> };

/**
 * Every built-in command factory by its name, checked at compile time against the contract for
 * that name: its parsed input (`protocols/bus/contract/`) and its result
 * (`protocols/bus/calls.ts`). A handler that takes or returns something else, or a contract entry
 * without a handler, does not compile.
 */
const BY_NAME = {
  "session.create": sessionCreate,
  "session.list": sessionList,
  "session.rename": sessionRename,
  "session.kill": sessionKill,
  "session.view": sessionView,
  "window.create": windowCreate,
  "window.list": windowList,
  "window.select": windowSelect,
  "window.rename": windowRename,
  "window.kill": windowKill,
  "window.layout": windowLayout,
  "window.set_layout": windowSetLayout,
  "window.resize": windowResize,
  "window.zoom": windowZoom,
  "pane.create": paneCreate,
  "pane.respawn": paneRespawn,
  "pane.move": paneMove,
  "pane.pipe": panePipe,
  "pane.list": paneList,
  "pane.read": paneRead,
  "pane.write": paneWrite,
  "pane.resize": paneResize,
  "pane.focus": paneFocus,
  "pane.close": paneClose,
  "pane.rename": paneRename,
  "pane.reserve_names": paneReserveNames,
  "pane.status": paneStatus,
  "pane.needs": paneNeeds,
  "pane.answer": paneAnswer,
  "pane.set": paneSet,
  "pane.report": paneReport,
  "pane.wait": paneWait,
  "pane.run": paneRun,
  "pane.check_key": paneCheckKey,
  "pane.transcript": paneTranscript,
  "pane.canvas": paneCanvas,
  "pane.draw": paneDraw,
  "server.status": serverStatus,
  "server.stop": serverStop,
  "server.plugin_start": serverPluginStart,
  "server.plugin_reload": serverPluginReload,
  "server.allow": serverAllow,
  "server.commands": serverCommands,
} satisfies {
  [N in CoreCommand]: (deps: CoreDeps) => Implements<CoreParsed<N>, CoreCalls[N]>;
};

/** Every built-in command factory. */
export const CORE_COMMANDS = Object.values(BY_NAME);

/** The name each factory's command must have (its key in the table). */
export const CORE_COMMAND_NAMES = Object.keys(BY_NAME) as CoreCommand[];

/** Builds the built-in commands for these dependencies. */
export function coreCommands(deps: CoreDeps): Command[] {
  return CORE_COMMANDS.map((make) => make(deps) as unknown as Command);
}
