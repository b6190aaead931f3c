/**
 * Validators for the pieces messages share: replies, error bodies, callers, event filters,
 * events.
 *
 * @module
 */

import type { EventFilter, WeftEvent } from "../bus/mod.ts";
import { ERROR_CODES, type ErrorBody } from "../bus/errors.ts";
import { type Capability, parseCapability } from "../bus/capabilities.ts";
import { bool, fail, obj, oneOf, opt, str, strings } from "./_check.ts";
import {
  CALLER_KINDS,
  ON_BEHALF_KINDS,
  type OnBehalf,
  type WireCaller,
  type WireReply,
} from "./messages.ts";

/** An error body with a known code. */
export function errorBody(value: unknown, path: string): ErrorBody {
  const e = obj(value, path);
  return {
    code: oneOf(e.code, ERROR_CODES, `${path}.code`),
    message: str(e.message, `${path}.message`),
    ...("data" in e && e.data !== undefined ? { data: e.data } : {}),
  };
}

/** `{ok: true, value}` or `{ok: false, error}`. */
export function reply(value: unknown, path: string): WireReply {
  const r = obj(value, path);
  if (bool(r.ok, `${path}.ok`)) return { ok: true, value: r.value };
  return { ok: false, error: errorBody(r.error, `${path}.error`) };
}

/** A caller on the wire. */
export function caller(value: unknown, path: string): WireCaller {
  const c = obj(value, path);
  return {
    kind: oneOf(c.kind, CALLER_KINDS, `${path}.kind`),
    id: str(c.id, `${path}.id`),
    ...opt(c, "pane", str, path),
    grants: c.grants === "all" ? "all" : capabilityList(c.grants, `${path}.grants`),
    ...opt(c, "chain", strings, path),
  };
}

/** Whom a door plugin calls for. */
export function onBehalf(value: unknown, path: string): OnBehalf {
  const o = obj(value, path);
  return {
    kind: oneOf(o.kind, ON_BEHALF_KINDS, `${path}.kind`),
    id: str(o.id, `${path}.id`),
    ...opt(o, "pane", str, path),
    ...opt(o, "grants", capabilityList, path),
  };
}

/** An event filter: topics and optionally panes. */
export function filter(value: unknown, path: string): EventFilter {
  const f = obj(value, path);
  return {
    topics: strings(f.topics, `${path}.topics`),
    ...opt(f, "panes", strings, path),
    ...(f.replay === true ? { replay: true } : {}),
  };
}

/** One delivered event. */
export function event(value: unknown, path: string): WeftEvent {
  const e = obj(value, path);
  return {
    topic: str(e.topic, `${path}.topic`),
    ...opt(e, "pane", str, path),
    ...opt(e, "publisher", str, path),
    data: e.data,
  };
}

/** A list of known capabilities. */
export function capabilityList(value: unknown, path: string): Capability[] {
  return strings(value, path).map((s, i) => {
    try {
      return parseCapability(s);
    } catch {
      return fail(`${path}[${i}]`, `is not a known capability: "${s}"`);
    }
  });
}
