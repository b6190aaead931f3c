/**
 * Output schemas of the core commands' records, so MCP tools declare what they return and
 * tests check real results. Each is typed as the record it describes (`records.ts`,
 * `calls.ts`), so a schema and its record cannot drift apart without a compile error. Their
 * JSON Schemas do not forbid other properties: fields may be added later without breaking a
 * client that validates. `tests/outputs_test.ts` checks real results against them.
 *
 * @module
 */

import { z } from "zod";
import { ERROR_CODES } from "./errors.ts";
import type {
  CoreCalls,
  Created,
  PaneRan,
  PaneRead,
  PaneReported,
  PaneStatus,
  PaneWaited,
  ServerStatus,
} from "./calls.ts";
import type { LayoutNode } from "../layout/tree/mod.ts";
import {
  AGENT_KINDS,
  type AgentSession,
  type LayoutInfo,
  type Need,
  PANE_STATES,
  type PaneInfo,
  type SessionInfo,
  STATE_SOURCES,
  type WindowInfo,
} from "./records.ts";

/** The agent session a pane runs (`AgentSession`). */
const AgentSessionOut: z.ZodType<AgentSession> = z.object({
  id: z.string(),
  transcriptPath: z.string().nullable(),
  source: z.string().nullable(),
});

const Exit = z.object({ code: z.number().nullable(), signal: z.string().nullable() }).nullable();

/** What runs in a pane's foreground (`CurrentInfo`), null before the first look and after exit. */
const Current = z.object({
  pid: z.number(),
  program: z.string(),
  argv: z.array(z.string()),
  cwd: z.string().nullable(),
}).nullable().describe(
  "What runs in the pane's foreground now (the leader of its foreground process group).",
);

const PaneObject = z.object({
  id: z.string(),
  name: z.string().nullable(),
  session: z.string(),
  window: z.string(),
  command: z.string(),
  argv: z.array(z.string()),
  cwd: z.string(),
  pid: z.number(),
  cols: z.number(),
  rows: z.number(),
  title: z.string(),
  agent: z.enum(AGENT_KINDS),
  current: Current,
  state: z.enum(PANE_STATES),
  stateSource: z.enum(STATE_SOURCES),
  stateMessage: z.string().nullable(),
  stateKind: z.string().nullable(),
  stateProgress: z.number().nullable(),
  stateSince: z.string(),
  tasks: z.array(z.object({
    id: z.string(),
    state: z.string(),
    kind: z.string().nullable(),
    progress: z.number().nullable(),
    title: z.string().nullable(),
    message: z.string().nullable(),
  })),
  agentSession: AgentSessionOut.nullable(),
  exit: Exit,
  tags: z.array(z.string()),
  meta: z.record(z.string(), z.string()),
  createdBy: z.string().nullable(),
  focused: z.boolean(),
  revision: z.number(),
  canvas: z.string().nullable().describe("A canvas pane's owner (it has no process); else null."),
});

/** What commands return about a pane (`PaneInfo`). */
export const PaneOut: z.ZodType<PaneInfo> = PaneObject;

/** `pane.status`: a pane's description and how busy its screen is. */
export const PaneStatusOut: z.ZodType<PaneStatus> = PaneObject.extend({
  bells: z.number(),
  pendingBytes: z.number(),
  idleForMs: z.number(),
});

/** `pane.read`: the text and where it came from. */
export const ReadOut: z.ZodType<PaneRead> = z.object({
  pane: z.string(),
  state: z.enum(PANE_STATES),
  exit: Exit,
  text: z.string(),
  revision: z.number(),
  firstLine: z.number(),
  lineCount: z.number(),
  cursor: z.object({ x: z.number(), y: z.number(), visible: z.boolean() }),
  cols: z.number(),
  rows: z.number(),
  changed: z.boolean(),
  title: z.string(),
  modes: z.object({
    bracketedPaste: z.boolean(),
    applicationCursor: z.boolean(),
    applicationKeypad: z.boolean(),
    mouse: z.boolean(),
    mouseTracking: z.enum(["none", "x10", "vt200", "drag", "any"]),
    mouseEncoding: z.enum(["default", "sgr", "sgr-pixels"]),
    alternateScreen: z.boolean(),
    focusEvents: z.boolean(),
  }).optional(),
});

/** `pane.wait`: what matched and the pane's state then. */
export const WaitOut: z.ZodType<PaneWaited> = z.object({
  pane: z.string(),
  matched: z.string().optional(),
  line: z.string().optional(),
  state: z.enum(PANE_STATES),
  exit: Exit,
  revision: z.number(),
  waitedMs: z.number(),
});

/** `pane.run`: exit status and output. */
export const RunOut: z.ZodType<PaneRan> = z.object({
  pane: z.string(),
  exitCode: z.number().nullable(),
  signal: z.string().nullable(),
  output: z.string(),
  closed: z.boolean(),
});

/** `pane.list`. */
export const PaneListOut: z.ZodType<{ panes: PaneInfo[] }> = z.object({ panes: z.array(PaneOut) });

/** `session.create` and `window.create`: the ids made. */
export const CreatedOut: z.ZodType<Created> = z.object({
  session: z.string(),
  window: z.string(),
  pane: z.string(),
});

/** What commands return about a session (`SessionInfo`). */
export const SessionOut: z.ZodType<SessionInfo> = z.object({
  id: z.string(),
  name: z.string().nullable(),
  windows: z.array(z.string()),
  currentWindow: z.string().nullable(),
  current: z.boolean(),
  createdAt: z.string(),
});

/** What commands return about a window (`WindowInfo`). */
export const WindowOut: z.ZodType<WindowInfo> = z.object({
  id: z.string(),
  name: z.string().nullable(),
  session: z.string(),
  index: z.number(),
  panes: z.array(z.string()),
  focused: z.string().nullable(),
  zoomed: z.string().nullable(),
  current: z.boolean(),
  cols: z.number(),
  rows: z.number(),
});

/** A layout tree: a pane leaf, or a split whose children's ratios sum to 1. */
export const LayoutNodeOut: z.ZodType<LayoutNode> = z.lazy(() =>
  z.union([
    z.object({ type: z.literal("pane"), pane: z.string() }),
    z.object({
      type: z.literal("split"),
      direction: z.enum(["horizontal", "vertical"]),
      children: z.array(z.object({ ratio: z.number(), node: LayoutNodeOut })),
    }),
  ])
);

/** `window.layout` and the commands that change a layout (`LayoutInfo`). */
export const LayoutOut: z.ZodType<LayoutInfo> = z.object({
  window: z.string(),
  cols: z.number(),
  rows: z.number(),
  focused: z.string().nullable(),
  zoomed: z.string().nullable(),
  layout: LayoutNodeOut.nullable(),
  panes: z.array(z.object({
    pane: z.string(),
    x: z.number(),
    y: z.number(),
    cols: z.number(),
    rows: z.number(),
  })),
});

/** `session.list`. */
export const SessionListOut: z.ZodType<CoreCalls["session.list"]> = z.object({
  sessions: z.array(SessionOut),
});

/** `window.list`. */
export const WindowListOut: z.ZodType<CoreCalls["window.list"]> = z.object({
  windows: z.array(WindowOut),
});

/** `session.kill` and `window.kill`: the id removed. */
export const KilledOut: z.ZodType<{ killed: string }> = z.object({ killed: z.string() });

/** `pane.close`. */
export const ClosedOut: z.ZodType<CoreCalls["pane.close"]> = z.object({ closed: z.string() });

/** `pane.move`. */
export const MovedOut: z.ZodType<CoreCalls["pane.move"]> = z.object({
  pane: z.string(),
  window: z.string(),
  session: z.string(),
});

/** `pane.pipe`. */
export const PipedOut: z.ZodType<CoreCalls["pane.pipe"]> = z.object({
  pane: z.string(),
  piped: z.boolean(),
});

/** `pane.write`: the bytes written. */
export const WrittenOut: z.ZodType<CoreCalls["pane.write"]> = z.object({
  pane: z.string(),
  bytes: z.number(),
});

/** `pane.check_key`. */
export const KeyCheckedOut: z.ZodType<CoreCalls["pane.check_key"]> = z.object({
  pane: z.string(),
  valid: z.boolean(),
});

/** `pane.transcript`. */
export const TranscriptOut: z.ZodType<CoreCalls["pane.transcript"]> = z.object({
  pane: z.string(),
  available: z.boolean(),
  size: z.number(),
  found: z.number(),
});

/** `pane.reserve_names`. */
export const ReservedNamesOut: z.ZodType<CoreCalls["pane.reserve_names"]> = z.object({
  reserved: z.array(z.string()),
  taken: z.array(
    z.union([
      z.object({ name: z.string(), pane: z.string() }),
      z.object({ name: z.string(), plugin: z.string() }),
    ]),
  ),
});

/** `pane.draw`: the canvas's screen revision and size after the frame. */
export const DrawnOut: z.ZodType<CoreCalls["pane.draw"]> = z.object({
  pane: z.string(),
  revision: z.number(),
  cols: z.number(),
  rows: z.number(),
});

/** `pane.report`: what an agent hook event changed. */
export const ReportedOut: z.ZodType<PaneReported> = z.object({
  pane: z.string(),
  event: z.string(),
  changed: z.boolean(),
  state: z.enum(PANE_STATES),
  stateSource: z.enum(STATE_SOURCES),
  agentSession: AgentSessionOut.nullable(),
});

/** A plugin as `server.status` and `server.plugin_start` show it. */
const PluginOut = z.looseObject({
  name: z.string(),
  from: z.string(),
  version: z.string().optional(),
  state: z.string(),
  grant: z.array(z.string()),
  commands: z.array(z.string()),
  restarts: z.number(),
  lastError: z.object({ code: z.enum(ERROR_CODES), message: z.string(), data: z.unknown() })
    .optional(),
});

/** `server.status`: the server's facts and counts (more fields may come). */
export const ServerStatusOut: z.ZodType<ServerStatus> = z.looseObject({
  pid: z.number(),
  version: z.string(),
  socket: z.string(),
  projectDir: z.string(),
  stateDir: z.string().optional(),
  startedAt: z.string(),
  uptimeMs: z.number(),
  plugins: z.array(PluginOut),
  sessions: z.number(),
  windows: z.number(),
  panes: z.number(),
  current: z.object({
    session: z.string().optional(),
    window: z.string().optional(),
    pane: z.string().optional(),
  }),
  commands: z.number(),
  foreground: z.object({ looks: z.number(), lookMs: z.number() }).nullable(),
  held: z.array(z.string()),
});

/** `server.stop`. */
export const StoppingOut: z.ZodType<CoreCalls["server.stop"]> = z.object({
  stopping: z.boolean(),
  graceMs: z.number(),
});

/** `server.plugin_start`: the plugin's state. */
export const PluginStartedOut: z.ZodType<CoreCalls["server.plugin_start"]> = PluginOut.partial()
  .extend({
    started: z.boolean().optional(),
  });

/** `server.allow`: the panes started and those still held. */
export const AllowedOut: z.ZodType<CoreCalls["server.allow"]> = z.object({
  started: z.array(z.string()),
  held: z.array(z.string()),
});

/** `server.commands`: every command's spec. */
export const CommandsOut: z.ZodType<CoreCalls["server.commands"]> = z.object({
  commands: z.array(z.looseObject({
    name: z.string(),
    title: z.string(),
    description: z.string(),
    inputSchema: z.record(z.string(), z.unknown()),
    outputSchema: z.record(z.string(), z.unknown()).optional(),
    capabilities: z.array(z.string()),
    owner: z.string().optional(),
  })),
}) as unknown as z.ZodType<CoreCalls["server.commands"]>;

/** `pane.needs`: every agent waiting for a human. */
const NeedOut: z.ZodType<Need> = z.object({
  pane: z.string(),
  name: z.string().nullable(),
  session: z.string(),
  window: z.string(),
  agent: z.enum(AGENT_KINDS),
  state: z.enum(PANE_STATES),
  kind: z.string().nullable(),
  question: z.string().nullable(),
  choices: z.array(z.object({ n: z.number().int(), label: z.string() })),
  fingerprint: z.string().nullable(),
  held: z.object({ id: z.string(), tool: z.string(), input: z.string() }).nullable(),
  stateSource: z.enum(STATE_SOURCES),
  since: z.string(),
  waitedMs: z.number(),
  muted: z.boolean(),
});

/** `pane.needs`: every agent waiting for a human. */
export const NeedsOut: z.ZodType<CoreCalls["pane.needs"]> = z.object({ needs: z.array(NeedOut) });

/** `pane.answer`: the choice typed and the dialog it answered. */
export const AnsweredOut: z.ZodType<CoreCalls["pane.answer"]> = z.object({
  pane: z.string(),
  n: z.number().int(),
  label: z.string(),
  question: z.string(),
  via: z.enum(["hook", "keys"]),
});

/** `session.view`: the size now in effect for the viewer's session, or that it left. */
export const ViewedOut: z.ZodType<CoreCalls["session.view"]> = z.object({
  left: z.boolean(),
  session: z.string().optional(),
  cols: z.number().int().optional(),
  rows: z.number().int().optional(),
});
