/**
 * Building a pane for the model: its environment (`WEFT_*`, the sideband key, the tmux shim's
 * variables), its agent kind, and its process: a PTY now, a deferred one (a restore that starts
 * programs once the server listens), or a canvas's stand-in.
 *
 * @module
 */

import { guessAgentKind } from "../../protocols/agents/mod.ts";
import type { Size } from "../../protocols/layout/tree/mod.ts";
import { SIDEBAND_KEY_ENV } from "../../protocols/sideband/key.ts";
import { Pane, type PaneHooks, type PaneLaunch } from "./pane.ts";
import type { WindowRecord } from "./records.ts";
import type { ModelProcesses } from "./pane_pty.ts";
import type { Clock } from "./clock.ts";
import type { ParseLoop } from "../screen/mod.ts";
import { newPaneKey } from "./pane_key.ts";
import { canvasLaunch } from "./canvas_pty.ts";
import { deferredLaunch, type DeferredPty } from "./deferred_pty.ts";
import type { LaunchRequest, ModelOptions } from "./model_options.ts";

/** What building a pane needs of the model. */
export interface SpawnContext {
  options: ModelOptions;
  processes: ModelProcesses;
  clock: Clock;
  hooks: PaneHooks;
  /** The model's loop that parses every pane's output in turn. */
  parseLoop: ParseLoop;
}

/** One pane to build. */
export interface SpawnRequest {
  id: string;
  window: WindowRecord;
  launch: LaunchRequest;
  size: Size;
  /** Check the program now and collect its start here, instead of starting it. */
  deferred?: DeferredPty[] | undefined;
}

/** A new pane with its process started (or collected in `deferred`); not yet in the model. */
export function newPane(context: SpawnContext, request: SpawnRequest): Pane {
  const { options } = context;
  const { id, window, launch, size, deferred } = request;
  const env: Record<string, string> = {
    ...options.baseEnv(),
    ...(launch.env ?? {}),
    TERM: "xterm-256color",
    COLORTERM: "truecolor",
    WEFT_PANE: id,
    WEFT_WINDOW: window.id,
    WEFT_SESSION: window.session,
    WEFT_SOCKET: options.socketPath(),
    ...(options.httpAddress ? { WEFT_HTTP: options.httpAddress() } : {}),
    // Known only to the pane's own processes: the OSC form of sideband needs it.
    [SIDEBAND_KEY_ENV]: newPaneKey(),
  };
  Object.assign(env, options.paneEnv?.({ pane: id, session: window.session }, env));
  const full: PaneLaunch = {
    argv: launch.argv,
    command: launch.command,
    cwd: launch.cwd,
    env,
    cols: Math.max(1, size.cols),
    rows: Math.max(1, size.rows),
    historyBytes: options.historyBytes,
  };
  const agent = launch.agent ??
    (launch.canvas ? "program" : guessAgentKind(launch.command.split(/\s+/)));
  let later: ReturnType<typeof deferredLaunch> | undefined;
  if (deferred && !launch.canvas) {
    options.checkSpawn?.({ ...full, argv: [...full.argv] });
    later = deferredLaunch(options.spawn, context.processes);
  }
  const pane = new Pane({ id, session: window.session, window: window.id }, full, {
    agent,
    ...(launch.canvas ? canvas(options.publish, id, launch.canvas) : later ?? {
      spawn: options.spawn,
      processes: context.processes,
    }),
    now: () => context.clock.now(),
    parseLoop: context.parseLoop,
    ...(options.declaredTags ? { declaredTags: options.declaredTags } : {}),
    hooks: context.hooks,
  });
  pane.name = launch.name ?? null;
  pane.tags = [...(launch.tags ?? [])];
  pane.meta = { ...(launch.meta ?? {}) };
  pane.createdBy = launch.createdBy ?? null;
  pane.givenEnv = { ...(launch.env ?? {}) };
  pane.agentExplicit = launch.agent !== undefined;
  if (later) deferred!.push(later.pty);
  return pane;
}

/** A canvas pane's stand-in PTY: typed input and new sizes become events for its owner. */
function canvas(publish: ModelOptions["publish"], id: string, owner: string) {
  return canvasLaunch(owner, {
    input: (data) => publish("pane.canvas.input", { pane: id, owner, data }, id),
    resized: (cols, rows) => publish("pane.canvas.resized", { pane: id, owner, cols, rows }, id),
  });
}
