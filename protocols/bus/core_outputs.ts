/**
 * Each core command's output schema by name, from the records' schemas in `record_schemas.ts`.
 *
 * @module
 */

import type { z } from "zod";
import type { CoreCalls, CoreCommand } from "./calls.ts";
import {
  AllowedOut,
  AnsweredOut,
  ClosedOut,
  CommandsOut,
  CreatedOut,
  DrawnOut,
  KeyCheckedOut,
  KilledOut,
  LayoutOut,
  MovedOut,
  NeedsOut,
  PaneListOut,
  PaneOut,
  PaneStatusOut,
  PipedOut,
  PluginStartedOut,
  ReadOut,
  ReportedOut,
  ReservedNamesOut,
  RunOut,
  ServerStatusOut,
  SessionListOut,
  SessionOut,
  StoppingOut,
  ViewedOut,
  WaitOut,
  WindowListOut,
  WindowOut,
  WrittenOut,
} from "./record_schemas.ts";

/**
 * Each core command's output schema, by name: what its MCP tool declares as `outputSchema`
 * and what `tests/outputs_test.ts` checks real results against.
 */
export const CORE_OUTPUTS: { readonly [N in CoreCommand]: z.ZodType<CoreCalls[N]> } = {
  "session.create": CreatedOut,
  "session.list": SessionListOut,
  "session.rename": SessionOut,
  "session.kill": KilledOut,
  "session.view": ViewedOut,
  "window.create": CreatedOut,
  "window.list": WindowListOut,
  "window.select": WindowOut,
  "window.rename": WindowOut,
  "window.kill": KilledOut,
  "window.layout": LayoutOut,
  "window.set_layout": LayoutOut,
  "window.resize": LayoutOut,
  "window.zoom": LayoutOut,
  "pane.create": PaneOut,
  "pane.respawn": PaneOut,
  "pane.move": MovedOut,
  "pane.pipe": PipedOut,
  "pane.list": PaneListOut,
  "pane.read": ReadOut,
  "pane.write": WrittenOut,
  "pane.resize": LayoutOut,
  "pane.focus": PaneOut,
  "pane.close": ClosedOut,
  "pane.rename": PaneOut,
  "pane.status": PaneStatusOut,
  "pane.needs": NeedsOut,
  "pane.answer": AnsweredOut,
  "pane.set": PaneOut,
  "pane.report": ReportedOut,
  "pane.wait": WaitOut,
  "pane.run": RunOut,
  "pane.check_key": KeyCheckedOut,
  "pane.reserve_names": ReservedNamesOut,
  "pane.canvas": PaneOut,
  "pane.draw": DrawnOut,
  "server.status": ServerStatusOut,
  "server.stop": StoppingOut,
  "server.plugin_start": PluginStartedOut,
  "server.plugin_reload": PluginStartedOut,
  "server.allow": AllowedOut,
  "server.commands": CommandsOut,
};
