/**
 * The command bus: commands as data plus handler, calls, replies, events.
 *
 * @module
 */

export { Bus, parseInput } from "./bus.ts";
export type { CallOptions, Reply, TargetResolver } from "./bus.ts";
export { defineCommand, specOf, toJsonSchema } from "./command.ts";
export type { CallContext, Command, CommandDefinition } from "./command.ts";
export { CORE_TOPIC_PREFIXES, EventHub, isCoreTopic } from "./events.ts";
export type {
  Caller,
  CommandSpec,
  EventFilter,
  JsonSchema,
  McpSpec,
  TargetSpec,
  WeftEvent,
} from "../../protocols/bus/mod.ts";
