/**
 * The plugin author SDK: everything a weft plugin imports, and nothing of the host. A plugin
 * module default-exports `definePlugin({...})`; run by the weft server as its own process, the
 * same call starts the plugin side of the plugin protocol over stdin and stdout (so `console`
 * output becomes the plugin's log lines, and a plugin never writes to stdout itself). Another repository imports it as
 * `@weft/weft/plugin`: an import-map entry pointing at this file (a path or a URL), next to
 * `"zod": "npm:zod@4.1.12"`; inside weft, weft's own import map resolves it.
 *
 * - State: what `setup` returns is handed to every handler as `state` (type it with
 *   {@link withState}); keep no mutable state in module variables.
 * - Options: an `Options` interface, a `defaults` object and a parser made by
 *   {@link optionsParser}, passed as `definePlugin({options})`; `setup` gets the checked result.
 * - Data: a plugin that keeps data asks for the `data` capability; the host makes
 *   `.weft/data/<plugin>/` (0700), lets it read and write there and nowhere else, and hands the
 *   folder to `setup` as `ctx.dataDir`. The plugin opens its own SQLite file there with
 *   `node:sqlite` (WAL), migrates its schema in code (`PRAGMA user_version`), and returns the
 *   handle as its state (see `examples/plugins/notes/`).
 * - Rights follow the caller: a handler's bus calls are checked against the grants of everyone
 *   along its call chain. This holds for every bus call made while the handler runs (in what it
 *   awaits or schedules), whichever `call` it goes through, including the `ctx.call` kept from
 *   `setup`: a weak caller cannot make the plugin spend its own grant (no confused deputy).
 *   Calls from work a handler leaves behind after it returns are refused. Work the plugin does
 *   for itself and that must outlive a command is wrapped in `ctx.detached(fn)`: explicit,
 *   greppable, never for what a caller asked.
 *
 * @example
 * ```ts
 * import { defineCommand, definePlugin, z } from "./mod.ts";
 * const plugin = definePlugin({
 *   name: "demo",
 *   version: "1.0.0",
 *   capabilities: ["pane:read"],
 *   commands: [defineCommand({
 *     name: "demo.peek", title: "Peek", description: "Returns a pane's recent text.",
 *     capabilities: ["pane:read"], input: z.object({ pane: z.string() }),
 *     handler: ({ input, call }) => call("pane.read", { pane: input.pane }),
 *   })],
 * });
 * console.assert(plugin.manifest.capabilities[0] === "pane:read");
 * ```
 *
 * @module
 */

export { definePlugin } from "./define.ts";
export type {
  PaneSnapshot,
  Plugin,
  PluginCallOptions,
  PluginContext,
  PluginDefinition,
  RoutedCall,
  RoutedFollow,
  SubscribeOptions,
} from "./define.ts";
export { defineCommand, withState } from "./command.ts";
export type { CallContext, Command, CommandDefinition } from "./command.ts";
export { optionsParser } from "./options.ts";
export { GUARD_DEFAULTS, serveGuarded } from "../net/guarded_http.ts";
export type {
  GuardedHandler,
  GuardedHttpOptions,
  GuardedRequestInfo,
  GuardedServer,
  GuardLimits,
} from "../net/guarded_http.ts";
export type { OptionsSchema, RawOptions } from "./options.ts";
export { WeftError } from "../../protocols/bus/errors.ts";
export type { ErrorBody, ErrorCode } from "../../protocols/bus/errors.ts";
export type { Capability } from "../../protocols/bus/capabilities.ts";
export type {
  Caller,
  CommandSpec,
  JsonSchema,
  TargetSpec,
  TimeoutSpec,
} from "../../protocols/bus/command_spec.ts";
export type { EventFilter, WeftEvent } from "../../protocols/bus/events.ts";
export type { OnBehalf } from "../../protocols/plugin/mod.ts";
export { z } from "zod";
export { VERSION } from "../version.ts";
export type { BusCall, CoreCalls, CoreCommand } from "../../protocols/bus/calls.ts";
export type {
  AgentKind,
  CurrentInfo,
  LayoutInfo,
  PaneExit,
  PaneInfo,
  PaneState,
  SessionInfo,
  StateSource,
  WindowInfo,
} from "../../protocols/bus/records.ts";
export type { CoreEventData, CoreEvents, CoreTopic } from "../../protocols/bus/core_events.ts";
export { RateLimiter } from "./rate_limiter.ts";
export { publishedPort, publishHttp } from "./server_info.ts";
export { PaneView } from "./pane_view.ts";
export type {
  PanePicture,
  PaneReadInput,
  PaneSource,
  PaneViewer,
  PaneViewOptions,
} from "./pane_view.ts";
