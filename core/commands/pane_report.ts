import { implement } from "./_define.ts";
import { WeftError } from "../../protocols/bus/errors.ts";
import { vendorOf } from "../../protocols/agents/mod.ts";
import type { CoreDeps } from "./deps.ts";
import { HOOKED } from "../../protocols/bus/contract/pane_agent.ts";

/**
 * `pane.report`: an agent hook's event (Claude Code's hook JSON, as its hook received it) taken
 * as the pane's state with source "hook", and the agent session it names kept on the pane.
 */
export function paneReport(deps: CoreDeps) {
  return implement("pane.report", ({ input, targets: { pane } }) => {
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
  });
}
