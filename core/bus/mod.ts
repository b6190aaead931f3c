/**
 * The command bus: commands as data plus handler, calls, replies, events.
 *
 * @module
 */

export { Bus } from "./bus.ts";
export type { BusOptions, CallOptions, Reply } from "./bus.ts";
export { destinationOf, unknownHost } from "./route.ts";
export type { Route, RoutedCall } from "./route.ts";
export { targetIds } from "./_targets.ts";
export type { ResolveContext, ResolvedTarget, TargetResolver } from "./_targets.ts";
export { commandFactory, defineCommand } from "./command.ts";
export { specOf, toJsonSchema } from "../../protocols/bus/schema.ts";
export type { CallContext, Command, CommandDefinition } from "./command.ts";
export { CORE_TOPIC_PREFIXES, EventHub, isCoreTopic } from "./events.ts";
export { ownerOf } from "./owner.ts";
export type {
  Caller,
  CommandSpec,
  EventFilter,
  JsonSchema,
  McpSpec,
  ResolvedTargets,
  TargetIds,
  TargetKind,
  TargetObjects,
  TargetSpec,
  TimeoutSpec,
  WeftEvent,
} from "../../protocols/bus/mod.ts";
