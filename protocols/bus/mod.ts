/**
 * The bus on the wire: command specs, callers, capabilities, error codes and bodies, events.
 * Every door and the plugin protocol speak these; the core implements them.
 *
 * @module
 */

export {
  BUS_CAPABILITIES,
  DENO_CAPABILITY_KINDS,
  intersect,
  missing,
  parseCapability,
} from "./capabilities.ts";
export type { BusCapability, Capability, GrantSet } from "./capabilities.ts";
export type {
  Caller,
  CommandSpec,
  JsonSchema,
  McpSpec,
  ResolvedTargets,
  TargetIds,
  TargetKind,
  TargetObjects,
  TargetSpec,
  TimeoutSpec,
} from "./command_spec.ts";
export { ERROR_CODES, toErrorBody, WeftError } from "./errors.ts";
export type { ErrorBody, ErrorCode } from "./errors.ts";
export { eventMatches, topicMatches } from "./events.ts";
export { mayReceive, refusedTopics, TOPIC_RIGHTS, topicRight } from "./event_rights.ts";
export type { EventFilter, WeftEvent } from "./events.ts";
export { didYouMean, suggest } from "./suggest.ts";
export { doorOf, DOORS } from "./doors.ts";
export type { DoorTraits } from "./doors.ts";
