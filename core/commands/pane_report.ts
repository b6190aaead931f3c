import { z } from "zod";
import { defineCommand } from "./_define.ts";
import { WeftError } from "../../protocols/bus/errors.ts";
import { vendorOf, VENDORS } from "../../protocols/agents/mod.ts";
import type { CoreDeps } from "./deps.ts";
import { ReportedOut } from "../../protocols/bus/record_schemas.ts";

/** The kinds of the vendors whose hooks weft takes (`protocols/agents/`); the first is the default. */
const HOOKED = VENDORS.filter((v) => v.hooks).map((v) => v.kind) as [string, ...string[]];

/**
 * `pane.report`: an agent hook's event (Claude Code's hook JSON, as its hook received it) taken
 * as the pane's state with source "hook", and the agent session it names kept on the pane.
 */
export function paneReport(deps: CoreDeps) {
  return defineCommand({
    name: "pane.report",
    title: "Report a hook event",
    description: "Take an agent hook's event as the pane's state (source hook): Claude Code's " +
      "hook input JSON, unchanged. SessionStart records the session (session_id, " +
      "transcript_path); prompts and tool calls mean working, a permission request or " +
      "question blocked, Stop idle, StopFailure error, SessionEnd exited. `weft hooks install` " +
      "sets Claude Code up to send them.",
    capabilities: ["pane:control"],
    output: ReportedOut,
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
    handler: ({ input, targets: { pane } }) => {
      const effect = vendorOf(input.agent ?? HOOKED[0])!.hooks!.effect(input.event);
      if ("error" in effect) {
        throw new WeftError("INVALID_INPUT", `Cannot take the hook event: ${effect.error}`);
      }
      const { model } = deps;
      if (effect.session) model.setAgentSession(pane.id, effect.session);
      const state = input.continues && effect.state === "idle" ? "working" : effect.state;
      const changed = state !== undefined && model.setState(pane.id, {
        state,
        source: "hook",
        message: effect.message ?? null,
        kind: effect.kind ?? null,
      });
      if (effect.lifecycle === "end") model.releaseState(pane.id, "hook");
      const info = model.paneInfo(pane.id);
      return {
        pane: pane.id,
        event: effect.event,
        changed,
        state: info.state,
        stateSource: info.stateSource,
        agentSession: info.agentSession,
      };
    },
  });
}
