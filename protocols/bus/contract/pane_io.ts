/**
 * The contracts of the `pane.` commands that read, type into, wait on and run in panes:
 * everything about each command but its handler (`core/commands/`) and its result's schema
 * (`../core_outputs.ts`).
 *
 * @module
 */

import { z } from "zod";
import { defineContract } from "./define.ts";
import { launchFields, readFields } from "./fields.ts";
import { PANE_STATES } from "../records.ts";

/** `pane.wait`'s input: one condition, and how long to wait for it. */
const WaitInput = z.object({
  pane: z.string().describe("Pane id or name."),
  match: z.string().min(1).max(4096).optional().describe(
    "Wait until the screen (or the output since `since`) contains this text.",
  ),
  regex: z.boolean().optional().describe(
    "Treat `match` as a regular expression (JavaScript syntax, matched in linear time by " +
      "RE2: no backreferences or lookaround; ^ and $ match at line ends).",
  ),
  since: z.number().int().min(0).optional().describe(
    "Match only lines changed after this revision (from a read). Default: now, plus what is " +
      "on screen already.",
  ),
  exit: z.boolean().optional().describe("Wait until the process exits."),
  idle: z.number().int().min(1).max(3_600_000).optional().describe(
    "Wait until the pane has printed nothing for this many ms.",
  ),
  state: z.union([z.enum(PANE_STATES), z.array(z.enum(PANE_STATES)).min(1)]).optional().describe(
    "Wait until the pane is in this state (or one of these).",
  ),
  timeout: z.number().int().min(1).max(3_600_000).optional().describe(
    "Give up after ms (default 30000).",
  ),
});

/** Reading, typing into, waiting on and running in panes, by command name. */
export const PANE_IO_CONTRACTS = {
  "pane.list": defineContract({
    name: "pane.list",
    title: "List panes",
    description:
      "List panes (all, or of one window or session) with command, cwd, what runs in each now " +
      "(current: pid, program, argv, cwd), size, title, agent kind, state " +
      "(working/idle/blocked/done/error/exited) and exit status.",
    capabilities: ["pane:read"],
    mcp: { readOnly: true },
    targets: [
      { kind: "window", field: "window", fallback: "none" },
      { kind: "session", field: "session", fallback: "none" },
    ],
    input: z.object({
      window: z.string().optional().describe("Only this window (id or name)."),
      session: z.string().optional().describe("Only this session (id or name)."),
      tag: z.string().optional().describe("Only panes with this tag."),
    }),
  }),
  "pane.status": defineContract({
    name: "pane.status",
    title: "Get status",
    description:
      "Get a pane's state (working, idle, blocked, done, error, exited) with who reported it, " +
      "its exit code or signal, command, cwd, what runs in it now (current: pid, program, argv, " +
      "cwd of the foreground process), agent kind, title, size and screen revision.",
    capabilities: ["pane:read"],
    mcp: { readOnly: true, name: "get_status" },
    targets: [{ kind: "pane", field: "pane", fallback: "caller" }],
    input: z.object({
      pane: z.string().optional().describe("Pane id or name. Default: the caller's pane."),
    }),
  }),
  "pane.read": defineContract({
    name: "pane.read",
    title: "Read pane",
    description:
      "Read what a pane shows: the visible screen, the most recent N lines, or the whole " +
      "history, as plain text or with ANSI. Every read returns a `revision`; pass it back as " +
      "`since` to get only what changed. With `ansi`, also the input modes the program set " +
      "(bracketed paste, mouse reports, application keys, alternate screen).",
    capabilities: ["pane:read"],
    mcp: { readOnly: true },
    targets: [{ kind: "pane", field: "pane", fallback: "caller" }],
    input: z.object({
      pane: z.string().optional().describe("Pane id or name. Default: the caller's pane."),
      ...readFields,
    }),
  }),
  "pane.write": defineContract({
    name: "pane.write",
    title: "Send input",
    description:
      "Type into a pane: `text` as typed (pasted with bracketed paste when the program asked " +
      "for it and the text has several lines), then named `keys` (Enter, Tab, Escape, C-c, " +
      "Up, F5, M-x, C-Left, …), then raw `bytes` (base64), then Enter when `submit` is true " +
      "(after a short settle delay, which agent TUIs such as Claude Code need). Returns how " +
      "many bytes were written.",
    capabilities: ["pane:write"],
    mcp: { name: "send_input" },
    targets: [{ kind: "pane", field: "pane", fallback: "required" }],
    input: z.object({
      pane: z.string().describe("Pane id or name."),
      text: z.string().max(16 * 1024 * 1024).optional().describe("Text to type."),
      keys: z.array(z.string()).max(1000).optional().describe("Named keys to press after text."),
      bytes: z.string().max(1024 * 1024).regex(/^[A-Za-z0-9+/]*={0,2}$/, "must be base64")
        .optional().describe(
          "Raw bytes in base64, written as they are after text and keys (not UTF-8 encoded): " +
            "e.g. a mouse report in the X10 encoding, whose bytes past 127 are not characters.",
        ),
      submit: z.boolean().optional().describe("Press Enter at the end, after a settle delay."),
      paste: z.boolean().optional().describe("Force (true) or forbid (false) bracketed paste."),
      yieldToHuman: z.boolean().optional().describe(
        "Wait for a human typing in the pane to pause first (as MCP and sideband input always " +
          "do); fails with BUSY_HUMAN when they keep typing.",
      ),
    }),
  }),
  "pane.wait": defineContract({
    name: "pane.wait",
    title: "Wait for pane",
    description:
      "Wait until a pane's screen matches text or a regex, its process exits, it has been " +
      "idle for N ms, or it reaches a state. Returns at once when already true. On timeout " +
      "the error carries the last screen lines. Give exactly one of match, exit, idle, state.",
    capabilities: ["pane:read"],
    mcp: { readOnly: true, name: "wait_for" },
    targets: [{ kind: "pane", field: "pane", fallback: "required" }],
    timeout: { ms: 30_000, field: "timeout" },
    input: WaitInput,
  }),
  "pane.run": defineContract({
    name: "pane.run",
    title: "Run command",
    description:
      "Run a command and return its exit code and output: `command` is a shell line, `argv` a " +
      "program and its arguments passed as they are (no shell quoting needed). Without `pane`, " +
      "it runs in a new pane (closed afterwards unless keep is true); with `pane` (a shell " +
      "prompt), it is typed there and framed by unique markers so consecutive runs never mix.",
    capabilities: ["pane:spawn", "pane:write", "pane:read"],
    mcp: { name: "run_command" },
    targets: [
      { kind: "pane", field: "pane", fallback: "none" },
      { kind: "window", field: "window", fallback: "caller", from: "pane" },
    ],
    timeout: { ms: 60_000, field: "timeout" },
    input: z.object({
      command: z.string().min(1).max(64 * 1024).optional().describe("Shell command line."),
      argv: launchFields.argv,
      pane: z.string().optional().describe("A pane at a shell prompt to run it in."),
      window: z.string().optional().describe("Window for the new pane. Default: the caller's."),
      cwd: z.string().optional().describe("Working directory (new pane only)."),
      keep: z.boolean().optional().describe("Keep the new pane open afterwards."),
      timeout: z.number().int().min(1).max(3_600_000).optional().describe("ms, default 60000."),
    }),
  }),
};
