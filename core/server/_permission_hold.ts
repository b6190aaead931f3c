/**
 * The HTTP door's permission route: Claude Code's `PermissionRequest` hook, held open until a
 * human answers in any door (`pane.answer`), at most `PERMISSION_HOLD_MS`. The event is first
 * reported as the other hook events are (the pane turns blocked with the tool and its input);
 * then the answer is Claude Code's hook output (200, JSON), or 204 with none: the agent's own
 * dialog, on screen all along, decides.
 *
 * @module
 */

import type { Bus, Caller } from "../bus/mod.ts";
import type { PermissionHolds } from "../model/permission_holds.ts";
import { PERMISSION_HOLD_MS, permissionAsk, permissionOutput } from "../../protocols/hooks/mod.ts";

/** What the route needs. */
export interface PermissionRouteOptions {
  bus: Bus;
  holds: PermissionHolds;
  /** Default {@link PERMISSION_HOLD_MS} (tests shorten it). */
  holdMs?: number;
}

/**
 * Reports `event` for `pane` (already proven by its key), then holds it for an answer.
 * `signal` ends with the hook's connection.
 */
export async function holdPermission(
  options: PermissionRouteOptions,
  request: { pane: string; agent: string; event: Record<string, unknown>; signal: AbortSignal },
): Promise<Response> {
  const { pane, agent, event } = request;
  const caller: Caller = {
    kind: "socket",
    id: `http:${agent}`,
    pane,
    grants: new Set(["pane:control"]),
  };
  const reported = await options.bus.call("pane.report", { pane, agent, event }, {
    caller,
    requestId: `http:${pane}`,
  });
  const ask = permissionAsk(event);
  if (!reported.ok || !ask) return new Response(null, { status: reported.ok ? 204 : 400 });
  const decision = await options.holds.hold(pane, ask, {
    ms: options.holdMs ?? PERMISSION_HOLD_MS,
    signal: request.signal,
  });
  if (!decision) return new Response(null, { status: 204 });
  // A length, not chunks: the hook command reads exactly that many bytes of body.
  const json = JSON.stringify(permissionOutput(decision));
  return new Response(json, {
    headers: {
      "content-type": "application/json",
      "content-length": String(new TextEncoder().encode(json).length),
    },
  });
}
