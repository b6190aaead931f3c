/**
 * The contracts of the `pane.` commands about a pane's agent (what it says and waits for) and
 * the names and keys panes own:
 * everything about each command but its handler (`core/commands/`) and its result's schema
 * (`../core_outputs.ts`).
 *
 * @module
 */

import { z } from "zod";
import { defineContract } from "./define.ts";
import { AGENT_KINDS, PANE_STATES } from "../records.ts";
import { VENDORS } from "../../agents/mod.ts";

/** The kinds of the vendors whose hooks weft takes (`protocols/agents/`); the first is the default. */
export const HOOKED = VENDORS.filter((v) => v.hooks).map((v) => v.kind) as [string, ...string[]];

/** What a pane's agent says and waits for, and the names and keys panes own, by command name. */
export const PANE_AGENT_CONTRACTS = {
  "pane.set": defineContract({
    name: "pane.set",
    title: "Set pane properties",
    description:
      "Override a pane's agent kind (it then stops following the program in front), replace " +
      "its tags, merge metadata (null removes a key), or report its state (an agent telling " +
      'weft it is working, blocked, done…; source "self", which a status report or hook of ' +
      "the program overrides). A change publishes pane.changed (with the new values) or " +
      "pane.state.",
    capabilities: ["pane:control"],
    targets: [{ kind: "pane", field: "pane", fallback: "caller" }],
    input: z.object({
      pane: z.string().optional().describe("Pane id or name. Default: the caller's pane."),
      agent: z.enum(AGENT_KINDS).optional(),
      tags: z.array(z.string().max(64)).max(32).optional(),
      meta: z.record(z.string().max(64), z.string().max(4096).nullable()).optional(),
      state: z.enum(PANE_STATES).exclude(["exited"]).optional(),
      message: z.string().max(1000).optional().describe("What the state means, for humans."),
      displayFilter: z.enum(["sideband"]).nullable().optional().describe(
        "sideband: hide recognised sideband commands from what the screen shows; null: show all.",
      ),
    }),
  }),
  "pane.report": defineContract({
    name: "pane.report",
    title: "Report a hook event",
    description: "Take an agent hook's event as the pane's state (source hook): Claude Code's " +
      "hook input JSON, unchanged. SessionStart records the session (session_id, " +
      "transcript_path); prompts and tool calls mean working, a permission request or " +
      "question blocked, Stop idle, StopFailure error, SessionEnd exited. `weft hooks install` " +
      "sets Claude Code up to send them.",
    capabilities: ["pane:control"],
    mcp: { expose: false },
    targets: [{ kind: "pane", field: "pane", fallback: "caller" }],
    input: z.object({
      pane: z.string().optional().describe("Pane id or name. Default: the caller's pane."),
      agent: z.enum(HOOKED).optional().describe(`Whose hook sent it (default ${HOOKED[0]}).`),
      event: z.record(z.string(), z.unknown()).describe("The hook's input JSON."),
      continues: z.boolean().optional().describe(
        "The hook's answer keeps the agent going (a stop it blocked): working, not idle.",
      ),
    }),
  }),
  "pane.needs": defineContract({
    name: "pane.needs",
    title: "List what needs you",
    description: "List every agent waiting for a human: blocked on a permission, a question or " +
      "auth, or in error. Each gives the exact question, the numbered choices its dialog shows " +
      "(answer with pane.answer), the agent kind and how long it has waited; longest first. " +
      "With wait: true, waits until at least one agent needs you.",
    capabilities: ["pane:read"],
    mcp: { readOnly: true, name: "list_needs" },
    timeout: { ms: 30_000, field: "timeout" },
    input: z.object({
      wait: z.boolean().optional().describe("Wait until at least one agent needs you."),
      timeout: z.number().int().min(1).max(3_600_000).optional().describe(
        "With wait: give up after ms (default 30000).",
      ),
    }),
  }),
  "pane.answer": defineContract({
    name: "pane.answer",
    title: "Answer a waiting agent",
    description: "Answer the dialog an agent waits on (see pane.needs): choice N, or approve " +
      "(the first choice) or deny (its 'No' choice). The dialog is read and typed into only if " +
      "it is unchanged (give the fingerprint pane.needs returned: else STALE, nothing typed); " +
      "the answer is confirmed when the dialog clears (else NOT_CLEARED). A permission request " +
      "held by the agent's hook is answered through the hook (deny takes a message). Refused " +
      "to agents: a call from a pane where an agent runs is DENIED.",
    capabilities: ["pane:answer"],
    mcp: { name: "answer_pane" },
    targets: [{ kind: "pane", field: "pane", fallback: "required" }],
    timeout: { ms: 10_000 },
    input: z.object({
      pane: z.string().describe("Pane id or name."),
      choice: z.number().int().min(1).max(9).optional().describe("The dialog's choice N."),
      approve: z.boolean().optional().describe("Choose the first choice (Yes)."),
      deny: z.boolean().optional().describe("Choose the dialog's 'No' choice."),
      message: z.string().min(1).max(4000).optional().describe(
        "With deny: what to tell the agent instead, typed at its prompt once the dialog is gone.",
      ),
      fingerprint: z.string().max(64).optional().describe(
        "The dialog's fingerprint as pane.needs returned it: answer only that dialog.",
      ),
    }),
  }),
  "pane.check_key": defineContract({
    name: "pane.check_key",
    title: "Check a pane's sideband key",
    description:
      "Whether `key` is the sideband key of the pane (WEFT_SIDEBAND_KEY in its environment), " +
      "which every OSC-form sideband command must carry. Returns only valid: true or false.",
    capabilities: ["pane:control"],
    mcp: { expose: false },
    targets: [{ kind: "pane", field: "pane", fallback: "required" }],
    input: z.object({
      pane: z.string().describe("Pane id or name."),
      key: z.string().max(1024).describe("The key to check."),
    }),
  }),
  "pane.transcript": defineContract({
    name: "pane.transcript",
    title: "Look for a text in a pane agent's transcript",
    description: "How many times `find` occurs in what the pane's agent took into its " +
      "conversation (prompts, hooks' answers) as its transcript records it from byte `after` " +
      "on (the file its own hooks named, transcript_path, only when its vendor's transcripts " +
      "look like that path), and the transcript's size now: whether the agent really took a " +
      "delivered message. Returns available: false when the pane's agent named no such file. " +
      "Reads at most 16 MiB.",
    capabilities: ["pane:read"],
    mcp: { expose: false },
    targets: [{ kind: "pane", field: "pane", fallback: "required" }],
    input: z.object({
      pane: z.string().describe("Pane id or name."),
      find: z.string().max(4096).optional().describe(
        "The text to count; none: only the size.",
      ),
      after: z.number().int().min(0).optional().describe("Count from this byte on (default 0)."),
    }),
  }),
  "pane.reserve_names": defineContract({
    name: "pane.reserve_names",
    title: "Reserve identity names",
    description: "For plugins: keep these names for identities that are not panes (replacing " +
      "the plugin's earlier list); creating or renaming a pane to one fails with CONFLICT. " +
      "Names a pane has now, or another plugin keeps, are not reserved and come back in `taken`.",
    capabilities: ["message:send"],
    mcp: { expose: false },
    input: z.object({ names: z.array(z.string().min(1).max(64)).max(10_000) }),
  }),
};
