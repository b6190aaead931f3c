/**
 * What an agent hook's answer carries back to the agent: the commands that declare
 * `answersHooks` (the messaging plugin's `message.handover`) are asked, as the hook's pane,
 * with a short deadline, so a slow or crashed plugin never holds the agent: past the deadline
 * the hook answers with nothing and the agent goes on.
 *
 * @module
 */

import type { Bus, Caller } from "../bus/mod.ts";
import type { HookPoint } from "../../protocols/agents/mod.ts";

/** How long a hook waits for the answerers (Claude Code waits for its hook up to 5 s). */
export const HOOK_ANSWER_MS = 1000;

/** What an answerer returns. */
interface Answer {
  text?: string;
}

/**
 * The text the answerers give for a hook event of `pane` at `at`, joined; undefined when none
 * has anything (or none answered in time).
 */
export async function hookAnswer(
  bus: Bus,
  request: { pane: string; agent: string; at: HookPoint },
  options: { timeoutMs?: number } = {},
): Promise<string | undefined> {
  // What an answerer gives goes into the agent's context, as if typed: only a plugin granted
  // pane:write may answer (the hooks' prompts go only to it too).
  const answerers = bus.list((c) => c.answersHooks === true)
    .filter((c) => bus.ownerHas(c.name, "pane:write"));
  if (!answerers.length) return undefined;
  const caller: Caller = {
    kind: "socket",
    id: `http:${request.agent}`,
    pane: request.pane,
    grants: new Set(["message:read"]),
  };
  const timeoutMs = options.timeoutMs ?? HOOK_ANSWER_MS;
  const input = {
    pane: request.pane,
    agent: request.agent,
    point: request.at.point,
    // What an answerer hands over after this is lost (the hook has gone on): it must not take
    // anything then. A margin before the deadline, for the reply's way back.
    before: Date.now() + Math.round(timeoutMs * 0.8),
    ...(request.at.point === "prompt" ? { prompt: request.at.prompt } : {}),
  };
  const replies = await Promise.all(answerers.map((a) =>
    bus.call<Answer>(a.name, input, {
      caller,
      requestId: `hook:${request.pane}`,
      timeoutMs,
    })
  ));
  const texts = replies.flatMap((r) =>
    r.ok && typeof r.value?.text === "string" && r.value.text ? [r.value.text] : []
  );
  return texts.length ? texts.join("\n\n") : undefined;
}
