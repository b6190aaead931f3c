/**
 * Pure validators for host↔plugin messages. The host runs every message from a Worker through
 * {@link parsePluginMessage} (a plugin is untrusted code); the plugin runtime checks the
 * host's with {@link parseHostMessage}. Both return a clean copy or throw `INVALID_INPUT`.
 *
 * @module
 */

import { fail, num, obj, oneOf, opt, str, stringRecord, strings } from "./_check.ts";
import { caller, capabilityList, errorBody, event, filter, onBehalf, reply } from "./_parts.ts";
import { parseManifest } from "./manifest.ts";
import type { HostMessage, PluginMessage } from "./messages.ts";

type Fields = Record<string, unknown>;
type Parsers<M extends { type: string }> = { [T in M["type"]]: (m: Fields) => M };

const LOG_LEVELS = ["debug", "info", "warn", "error"] as const;

const PLUGIN_PARSERS: Parsers<PluginMessage> = {
  manifest: (m) => ({ type: "manifest", manifest: parseManifest(m.manifest, "manifest") }),
  ready: (m) => ({ type: "ready", ...opt(m, "error", errorBody, "ready") }),
  result: (m) => ({ type: "result", id: str(m.id, "result.id"), reply: reply(m.reply, "reply") }),
  call: (m) => ({
    type: "call",
    id: str(m.id, "call.id"),
    name: str(m.name, "call.name"),
    input: m.input,
    ...opt(m, "parent", str, "call"),
    ...opt(m, "onBehalf", onBehalf, "call"),
  }),
  subscribe: (m) => ({
    type: "subscribe",
    id: str(m.id, "subscribe.id"),
    filter: filter(m.filter, "subscribe.filter"),
    ...opt(m, "snapshot", obj, "subscribe"),
  }),
  unsubscribe: (m) => ({ type: "unsubscribe", id: str(m.id, "unsubscribe.id") }),
  publish: (m) => ({
    type: "publish",
    topic: str(m.topic, "publish.topic"),
    data: m.data,
    ...opt(m, "pane", str, "publish"),
  }),
  log: (m) => ({
    type: "log",
    level: oneOf(m.level, LOG_LEVELS, "log.level"),
    message: str(m.message, "log.message"),
  }),
  pong: (m) => ({ type: "pong", seq: num(m.seq, "pong.seq") }),
  exit: (m) => ({ type: "exit", code: num(m.code, "exit.code") }),
  reach: (m) => ({ type: "reach", hosts: strings(m.hosts, "reach.hosts") }),
  followed: (m) => ({
    type: "followed",
    id: str(m.id, "followed.id"),
    event: event(m.event, "followed.event"),
  }),
};

const HOST_PARSERS: Parsers<HostMessage> = {
  start: (m) => ({
    type: "start",
    grant: capabilityList(m.grant, "start.grant"),
    options: obj(m.options, "start.options"),
    ...opt(m, "dataDir", str, "start"),
  }),
  call: (m) => ({
    type: "call",
    id: str(m.id, "call.id"),
    name: str(m.name, "call.name"),
    input: m.input,
    ...opt(m, "targets", stringRecord, "call"),
    caller: caller(m.caller, "call.caller"),
    requestId: str(m.requestId, "call.requestId"),
  }),
  route: (m) => ({
    type: "route",
    id: str(m.id, "route.id"),
    host: str(m.host, "route.host"),
    name: str(m.name, "route.name"),
    input: m.input,
    caller: caller(m.caller, "route.caller"),
    requestId: str(m.requestId, "route.requestId"),
    ...opt(m, "timeoutMs", num, "route"),
  }),
  cancel: (m) => ({ type: "cancel", id: str(m.id, "cancel.id") }),
  follow: (m) => ({
    type: "follow",
    id: str(m.id, "follow.id"),
    host: str(m.host, "follow.host"),
    pane: str(m.pane, "follow.pane"),
    replay: m.replay === true,
  }),
  unfollow: (m) => ({ type: "unfollow", id: str(m.id, "unfollow.id") }),
  result: (m) => ({ type: "result", id: str(m.id, "result.id"), reply: reply(m.reply, "reply") }),
  event: (m) => ({
    type: "event",
    subscription: str(m.subscription, "event.subscription"),
    event: event(m.event, "event.event"),
  }),
  subscribed: (m) => ({
    type: "subscribed",
    subscription: str(m.subscription, "subscribed.subscription"),
    ...(m.snapshot === undefined ? {} : { snapshot: m.snapshot }),
    ...opt(m, "error", errorBody, "subscribed"),
  }),
  dropped: (m) => ({ type: "dropped", subscription: str(m.subscription, "dropped.subscription") }),
  ping: (m) => ({ type: "ping", seq: num(m.seq, "ping.seq") }),
  shutdown: () => ({ type: "shutdown" }),
};

/**
 * Checks a message a plugin sent.
 *
 * @example
 * ```ts
 * import { parsePluginMessage } from "./validate.ts";
 * const msg = parsePluginMessage({ type: "log", level: "info", message: "hi" });
 * console.assert(msg.type === "log");
 * ```
 */
export function parsePluginMessage(value: unknown): PluginMessage {
  return dispatch(PLUGIN_PARSERS, value);
}

/**
 * Checks a message the host sent.
 *
 * @example
 * ```ts
 * import { parseHostMessage } from "./validate.ts";
 * const msg = parseHostMessage({ type: "cancel", id: "c1" });
 * console.assert(msg.type === "cancel");
 * ```
 */
export function parseHostMessage(value: unknown): HostMessage {
  return dispatch(HOST_PARSERS, value);
}

function dispatch<M extends { type: string }>(parsers: Parsers<M>, value: unknown): M {
  const m = obj(value, "message");
  const type = str(m.type, "message.type");
  if (!Object.hasOwn(parsers, type)) fail("message.type", `is not a known type: "${type}"`);
  return parsers[type as M["type"]](m);
}
