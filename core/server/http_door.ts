/**
 * The HTTP door on the loopback interface, for what runs in panes without a JSON-RPC client:
 * agent hooks (bash's `/dev/tcp`, or `curl`). Its address is in every pane's environment as
 * `WEFT_HTTP` (`127.0.0.1:PORT`, a free port picked at start) and in `server.json`. One request
 * today, an agent hook's event, from the pane it concerns:
 *
 * ```
 * POST /hooks/claude-code    X-Weft-Pane: p3    X-Weft-Key: $WEFT_SIDEBAND_KEY   X-Weft-Answer: 1
 * body: Claude Code's hook JSON
 * → 204 taken · 200 taken, with the hook's answer (JSON) · 400 not JSON / not a hook event ·
 *   403 not that pane's key, or a Host that is not a loopback name · 404 no such path ·
 *   413 over the size cap
 *
 * POST /hooks/claude-code/permission   (same headers; Claude Code's PermissionRequest event)
 * → held until a human answers (`pane.answer`): 200 with Claude Code's hook output, or 204
 *   when the wait ends with no answer (see `_permission_hold.ts`)
 * ```
 *
 * At an event whose answer can carry something to the agent (the vendor's `hooks.handover`:
 * only from a hook that says it prints the answer, `X-Weft-Answer: 1`;
 * Claude Code's `PostToolUse`, `Stop`), the commands that answer hooks are asked first
 * (`hook_answers.ts`: a message waiting for the pane); what they give goes back as the hook's
 * output, and a stop it continues is reported as working, not idle.
 *
 * Any local user can connect, so the door is a guarded server (`../net/guarded_http.ts`): its
 * connections are capped, slow requests time out, and a flood of them cannot end the process.
 *
 * The pane's key (random, known only to the pane's processes) is what lets a request speak for
 * the pane: any local user can reach a loopback port, none can read another's key. It runs
 * `pane.report` as a caller in that pane with only `pane:control`.
 *
 * @module
 */

import type { Bus, Caller } from "../bus/mod.ts";
import { type GuardLimits, serveGuarded } from "../net/guarded_http.ts";
import { type AgentVendor, VENDORS } from "../../protocols/agents/mod.ts";
import { hookAnswer } from "./hook_answers.ts";
import type { PermissionHolds } from "../model/permission_holds.ts";
import { holdPermission } from "./_permission_hold.ts";

/** Largest hook body read (Claude Code sends a tool's whole input and output). */
export const MAX_HOOK_BODY = 4 * 1024 * 1024;

/** What the door needs. */
export interface HttpDoorOptions {
  bus: Bus;
  /** Whether `key` is pane `pane`'s sideband key (false for an unknown pane). */
  checkKey: (pane: string, key: string) => boolean;
  /** Default {@link MAX_HOOK_BODY}. */
  maxBodyBytes?: number;
  /** Default 0: a free port. */
  port?: number;
  /** Connection cap and deadlines (tests shrink them). */
  limits?: Partial<GuardLimits>;
  /** Where permission requests wait for an answer; without it they are only reported. */
  holds?: PermissionHolds;
  /** The longest a permission request is held (ms). */
  holdMs?: number;
}

/** A running door. */
export interface HttpDoor {
  /** `127.0.0.1:PORT`. */
  address: string;
  close(): Promise<void>;
}

/** One path per agent vendor with hooks (`protocols/agents/`): `/hooks/claude-code`. */
const ROUTES: Record<string, AgentVendor> = Object.fromEntries(
  VENDORS.flatMap((v) => v.hooks ? [[v.hooks.route, v]] : []),
);
/** The vendors' permission requests (Claude Code's), held for an answer. */
const HOLD_ROUTES: Record<string, AgentVendor> = Object.fromEntries(
  VENDORS.flatMap((v) => v.hooks?.holdRoute ? [[v.hooks.holdRoute, v]] : []),
);

/** Starts the door on 127.0.0.1. */
export async function serveHttpDoor(options: HttpDoorOptions): Promise<HttpDoor> {
  const max = options.maxBodyBytes ?? MAX_HOOK_BODY;
  const server = await serveGuarded(
    // `weft`: the Host the hook command's bash client sends (no page can name it: not a
    // domain a rebinding attacker owns); the pane's key is checked all the same.
    { name: "hooks", port: options.port ?? 0, hosts: ["weft"], ...options.limits },
    (request) => handle(request, options, max),
  );
  return {
    address: `127.0.0.1:${server.port}`,
    close: () => server.close(),
  };
}

async function handle(request: Request, options: HttpDoorOptions, max: number) {
  const path = new URL(request.url).pathname;
  const held = HOLD_ROUTES[path];
  const vendor = ROUTES[path] ?? held;
  if (!vendor) return status(404);
  if (request.method !== "POST") return status(405);
  const pane = request.headers.get("x-weft-pane") ?? "";
  if (!options.checkKey(pane, request.headers.get("x-weft-key") ?? "")) return status(403);
  const body = await readCapped(request, max);
  if (body === undefined) return status(413);
  let event: unknown;
  try {
    event = JSON.parse(new TextDecoder().decode(body));
  } catch {
    return status(400);
  }
  if (typeof event !== "object" || event === null || Array.isArray(event)) return status(400);
  if (held && options.holds) {
    const hold = {
      bus: options.bus,
      holds: options.holds,
      ...(options.holdMs ? { holdMs: options.holdMs } : {}),
    };
    return await holdPermission(hold, {
      pane,
      agent: vendor.kind,
      event: event as Record<string, unknown>,
      signal: request.signal,
    });
  }
  const hooks = vendor.hooks!;
  if ("error" in hooks.effect(event)) return status(400);
  // Only a hook that prints the answer gets one (an older weft's hook would lose the message).
  const answers = request.headers.get("x-weft-answer") === "1";
  const at = answers ? hooks.handover?.point(event as Record<string, unknown>) : undefined;
  const text = at && await hookAnswer(options.bus, { pane, agent: vendor.kind, at });
  const answer = text && at.point !== "prompt" ? hooks.handover!.answer(at, text) : undefined;
  const caller: Caller = {
    kind: "socket",
    id: `http:${vendor.kind}`,
    pane,
    grants: new Set(["pane:control"]),
  };
  const continues = answer !== undefined && at?.point === "stop";
  const input = { pane, agent: vendor.kind, event, ...(continues ? { continues } : {}) };
  const result = await options.bus.call("pane.report", input, {
    caller,
    requestId: `http:${pane}`,
  });
  if (!result.ok) return status(400);
  if (!answer) return status(204);
  // A length, not chunks: the hook command prints the body as it reads it.
  const json = JSON.stringify(answer);
  const length = String(new TextEncoder().encode(json).length);
  return new Response(json, {
    headers: { "content-type": "application/json", "content-length": length },
  });
}

/** The body, or undefined once it passes `max` bytes (the rest is not read). */
async function readCapped(request: Request, max: number): Promise<Uint8Array | undefined> {
  const declared = Number(request.headers.get("content-length") ?? NaN);
  if (declared > max) return undefined;
  if (!request.body) return new Uint8Array();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of request.body) {
    size += chunk.length;
    if (size > max) return undefined;
    chunks.push(chunk);
  }
  const out = new Uint8Array(size);
  let off = 0;
  for (const c of chunks) {
    out.set(c, off);
    off += c.length;
  }
  return out;
}

function status(code: number): Response {
  return new Response(null, { status: code });
}
