/**
 * Input fields several core commands share: how a pane's process is described, and how a
 * screen is read.
 *
 * @module
 */

import { z } from "zod";
import { AGENT_KINDS } from "../records.ts";

/** Fields that describe a pane's process (`pane.create`, `pane.respawn`, `pane.run`, …). */
export const launchFields = {
  command: z.string().min(1).max(64 * 1024).optional().describe(
    "Shell command line to run (run by the configured shell with -c). Default: an interactive shell.",
  ),
  argv: z.array(z.string().max(64 * 1024)).min(1).max(1024).optional().describe(
    "Program and arguments, run directly without a shell. Use instead of command.",
  ),
  cwd: z.string().min(1).optional().describe(
    "Working directory. Default: the calling pane's directory, else the project directory.",
  ),
  env: z.record(z.string().regex(/^[A-Za-z_][A-Za-z0-9_]*$/), z.string()).optional().describe(
    "Extra environment variables.",
  ),
  name: z.string().min(1).max(64).optional().describe("A unique name to refer to the pane by."),
  agent: z.enum(AGENT_KINDS).optional().describe(
    `What runs in the pane (${AGENT_KINDS.join(", ")}). Default: guessed.`,
  ),
  tags: z.array(z.string().max(64)).max(32).optional().describe("Free-form tags."),
};

/** The launch fields as one object. */
export const LaunchFields = z.object(launchFields);

/** The read options shared by `pane.read` and the commands that wait on a screen. */
export const readFields = {
  mode: z.enum(["visible", "recent", "history"]).optional().describe(
    "visible: the screen as shown (default); recent: the last `lines` lines including " +
      "scrollback; history: everything kept.",
  ),
  lines: z.number().int().min(1).max(1_000_000).optional().describe("How many lines for recent."),
  ansi: z.boolean().optional().describe("Keep colours and attributes as ANSI escapes."),
  joinWrapped: z.boolean().optional().describe("Join lines the terminal soft-wrapped."),
  since: z.number().int().min(0).optional().describe(
    "Only lines changed after this revision (from an earlier read).",
  ),
};
