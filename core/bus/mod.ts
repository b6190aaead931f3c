/**
 * The command bus: commands as data plus handler, calls, replies, events.
 *
 * @module
 */

export { Bus, parseInput } from "./bus.ts";
export type { CallOptions, Reply, TargetResolver } from "./bus.ts";
export { defineCommand, specOf, toJsonSchema } from "./command.ts";
export type {
  CallContext,
  Caller,
  Command,
  CommandDefinition,
  CommandSpec,
  JsonSchema,
  McpSpec,
  TargetSpec,
} from "./command.ts";
export { EventHub } from "./events.ts";
export type { EventFilter, WeftEvent } from "./events.ts";
