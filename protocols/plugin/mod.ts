/**
 * The host↔plugin protocol: message types and pure validators, no I/O.
 *
 * @example
 * ```ts
 * import { parsePluginMessage, PROTOCOL_VERSION } from "./mod.ts";
 * const msg = parsePluginMessage({
 *   type: "manifest",
 *   manifest: {
 *     protocol: PROTOCOL_VERSION, name: "hello", version: "1.0.0",
 *     capabilities: ["pane:read"], commands: [],
 *   },
 * });
 * console.assert(msg.type === "manifest");
 * ```
 *
 * @module
 */

export { CALLER_KINDS, ON_BEHALF_KINDS, PROTOCOL_VERSION, WORKER_NAME_PREFIX } from "./messages.ts";
export type {
  HostCallMessage,
  HostMessage,
  LogLevel,
  Manifest,
  OnBehalf,
  PluginCallMessage,
  PluginMessage,
  PublishMessage,
  ResultMessage,
  RouteMessage,
  StartMessage,
  WireCaller,
  WireReply,
} from "./messages.ts";
export { parseHostMessage, parsePluginMessage } from "./validate.ts";
export { parseCommandSpec, parseManifest } from "./manifest.ts";
export { callerFromWire, callerToWire } from "./caller.ts";
export { encodeFrame, LineReader, PROCESS_FLAG } from "./frames.ts";
