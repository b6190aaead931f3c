/**
 * Output schemas of the commands agents use most, so MCP tools declare what they return. Their
 * JSON Schemas do not forbid other properties: fields may be added later without breaking a
 * client that validates.
 * `tests/outputs_test.ts` checks real results against them.
 *
 * @module
 */

import { z } from "zod";

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

/** What commands return about a pane (`PaneInfo`). */
export const PaneOut = z.object({
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
  agent: z.string(),
  current: Current,
  state: z.string(),
  stateSource: z.string(),
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
  agentSession: z.object({
    id: z.string(),
    transcriptPath: z.string().nullable(),
    source: z.string().nullable(),
  }).nullable(),
  exit: Exit,
  tags: z.array(z.string()),
  meta: z.record(z.string(), z.string()),
  createdBy: z.string().nullable(),
  focused: z.boolean(),
  revision: z.number(),
  canvas: z.string().nullable().describe("A canvas pane's owner (it has no process); else null."),
});

/** `pane.read`: the text and where it came from. */
export const ReadOut = z.object({
  pane: z.string(),
  state: z.string(),
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
export const WaitOut = z.object({
  pane: z.string(),
  matched: z.string().optional(),
  line: z.string().optional(),
  state: z.string(),
  exit: Exit,
  revision: z.number(),
  waitedMs: z.number(),
});

/** `pane.run`: exit status and output. */
export const RunOut = z.object({
  pane: z.string(),
  exitCode: z.number().nullable(),
  signal: z.string().nullable(),
  output: z.string(),
  closed: z.boolean(),
});

/** `pane.list`. */
export const PaneListOut = z.object({ panes: z.array(PaneOut) });

/** `session.create` and `window.create`: the ids made. */
export const CreatedOut = z.object({ session: z.string(), window: z.string(), pane: z.string() });
