/**
 * The plugin side of the plugin protocol. It starts only in a plugin process the host ran with
 * `--weft-plugin=<name>` or in a Worker the host named `weft-plugin:<name>`, so importing a
 * plugin module anywhere else (tests, `weft help`) does nothing.
 *
 * @module
 */

import { toErrorBody, WeftError } from "../../protocols/bus/errors.ts";
import {
  callerFromWire,
  type HostCallMessage,
  type HostMessage,
  parseHostMessage,
  type PluginMessage,
  type RouteMessage,
  type StartMessage,
  type WireReply,
  WORKER_NAME_PREFIX,
} from "../../protocols/plugin/mod.ts";
import { Channel } from "./_channel.ts";
import { type PluginScope, processScope } from "./_process_scope.ts";
import type { Plugin } from "./define.ts";
import { parseCommandInput } from "../../protocols/bus/schema.ts";
import { type HandlerScope, inHandler } from "./_scope.ts";

const defined: Plugin<unknown, unknown>[] = [];
let announced = false;
let fallback: ReturnType<typeof setTimeout> | undefined;
let found: { scope: PluginScope | undefined } | undefined;

/** The scope of a plugin process or Worker, else undefined; looked for once. */
function pluginScope(): PluginScope | undefined {
  found ??= { scope: processScope() ?? workerScope() };
  return found.scope;
}

/** The Worker's global scope when this is a plugin Worker, else undefined. */
function workerScope(): PluginScope | undefined {
  const scope = (globalThis as { WorkerGlobalScope?: abstract new () => unknown })
    .WorkerGlobalScope;
  if (scope === undefined || !(globalThis instanceof scope)) return undefined;
  const self = globalThis as unknown as PluginScope;
  return typeof self.name === "string" &&
      self.name.startsWith(WORKER_NAME_PREFIX)
    ? self
    : undefined;
}

/**
 * Records a defined plugin and, in a plugin Worker, starts the runtime for it: at once when
 * its name is the one the host asked for, else (a module that imports another plugin's module
 * defines two) for the last one defined, after the module graph has run.
 */
export function announceInWorker(plugin: Plugin<unknown, unknown>): void {
  const scope = pluginScope();
  if (!scope || announced) return;
  defined.push(plugin);
  if (scope.name === WORKER_NAME_PREFIX + plugin.name) {
    return start(scope, plugin);
  }
  fallback ??= setTimeout(() => start(scope, defined.at(-1)!), 0);
}

function start(scope: PluginScope, plugin: Plugin<unknown, unknown>): void {
  if (announced) return;
  announced = true;
  clearTimeout(fallback);
  const post = (message: PluginMessage) => scope.postMessage(message);
  const runtime = new Runtime(plugin, post, () => scope.close());
  scope.addEventListener("message", (event) => runtime.receive(event.data));
  reportExits(scope, post);
  post({ type: "manifest", manifest: plugin.manifest });
}

/** A Worker that closes or exits raises no event in the host, so say so first. */
function reportExits(
  scope: PluginScope,
  post: (message: PluginMessage) => void,
): void {
  const close = scope.close.bind(scope);
  scope.close = () => {
    // What a plugin ends on "unload" (programs it started) is ended before the host hears
    // "exit": the host may end the process as soon as it does. The real unload follows too.
    globalThis.dispatchEvent(new Event("unload"));
    post({ type: "exit", code: 0 });
    close();
  };
  const exit = Deno.exit;
  (Deno as { exit: (code?: number) => never }).exit = (code?: number) => {
    post({ type: "exit", code: code ?? 0 });
    return exit(code);
  };
}

class Runtime {
  #plugin: Plugin<unknown, unknown>;
  #post: (message: PluginMessage) => void;
  #close: () => void;
  #channel: Channel;
  #running = new Map<string, AbortController>();
  #follows = new Map<string, () => void>();
  #started = false;
  #state: unknown;

  constructor(
    plugin: Plugin<unknown, unknown>,
    post: (message: PluginMessage) => void,
    close: () => void,
  ) {
    this.#plugin = plugin;
    this.#post = post;
    this.#close = close;
    this.#channel = new Channel(plugin.name, post);
  }

  receive(raw: unknown): void {
    let message: HostMessage;
    try {
      message = parseHostMessage(raw);
    } catch (err) {
      this.#channel.log("warn", [
        `ignored a message from the host: ${toErrorBody(err).message}`,
      ]);
      return;
    }
    switch (message.type) {
      case "start":
        return void this.#start(message);
      case "call":
        return void this.#serve(message);
      case "route":
        return void this.#carry(message);
      case "follow":
        return this.#follow(message);
      case "unfollow": {
        const off = this.#follows.get(message.id);
        this.#follows.delete(message.id);
        return off?.();
      }
      case "cancel":
        return this.#running.get(message.id)?.abort(cancelled());
      case "result":
        return this.#channel.settle(message);
      case "event":
        return this.#channel.deliver(message.subscription, message.event);
      case "subscribed":
        return this.#channel.subscribed(message);
      case "dropped":
        return this.#channel.droppedEvents(message.subscription);
      case "ping":
        return this.#post({ type: "pong", seq: message.seq });
      case "shutdown":
        for (const controller of this.#running.values()) {
          controller.abort(cancelled());
        }
        return this.#close();
    }
  }

  async #start(message: StartMessage): Promise<void> {
    if (this.#started) return;
    this.#started = true;
    try {
      const { options, setup } = this.#plugin;
      const parsed = options ? options.call(this.#plugin, message.options) : message.options;
      this.#state = await setup?.call(
        this.#plugin,
        this.#channel.context(message.grant, parsed, message.dataDir),
      );
      this.#post({ type: "ready" });
    } catch (err) {
      this.#post({ type: "ready", error: toErrorBody(err) });
    }
  }

  async #serve(message: HostCallMessage): Promise<void> {
    const controller = new AbortController();
    this.#running.set(message.id, controller);
    try {
      const value = await this.#run(message, controller.signal);
      this.#reply(message, { ok: true, value });
    } catch (err) {
      this.#reply(message, { ok: false, error: toErrorBody(err) });
    } finally {
      this.#running.delete(message.id);
    }
  }

  /** Another host's pane followed for a subscriber on the bus, by the plugin's `follow`. */
  #follow(message: Extract<HostMessage, { type: "follow" }>): void {
    const { id, host, pane, replay } = message;
    this.#follows.get(id)?.();
    try {
      const off = this.#plugin.follow?.(
        { host, pane, replay },
        (event) => this.#post({ type: "followed", id, event }),
        this.#state,
      );
      if (off) this.#follows.set(id, off);
    } catch (err) {
      this.#channel.log("warn", [`cannot follow ${host}/${pane}: ${toErrorBody(err).message}`]);
    }
  }

  /** A call for another host, handed to the plugin's `route`. */
  async #carry(message: RouteMessage): Promise<void> {
    const controller = new AbortController();
    this.#running.set(message.id, controller);
    try {
      const route = this.#plugin.route;
      if (!route) {
        throw new WeftError(
          "UNKNOWN_HOST",
          `Cannot call "${message.name}" on host "${message.host}": plugin "${this.#plugin.name}" routes no calls`,
        );
      }
      const { type: _, id: __, caller, timeoutMs, ...call } = message;
      const value = await route.call(this.#plugin, {
        ...call,
        caller: callerFromWire(caller),
        ...(timeoutMs === undefined ? {} : { timeoutMs }),
        signal: controller.signal,
      }, this.#state);
      this.#post({ type: "result", id: message.id, reply: { ok: true, value } });
    } catch (err) {
      this.#post({ type: "result", id: message.id, reply: { ok: false, error: toErrorBody(err) } });
    } finally {
      this.#running.delete(message.id);
    }
  }

  async #run(message: HostCallMessage, signal: AbortSignal): Promise<unknown> {
    const command = this.#plugin.commands.find((c) => c.name === message.name);
    if (!command) {
      throw new WeftError(
        "NOT_FOUND",
        `Cannot find command "${message.name}" in plugin "${this.#plugin.name}"`,
      );
    }
    const input = parseCommandInput(command.name, (raw) => command.parse(raw), message.input);
    const scope: HandlerScope = { id: message.id, name: message.name, done: false };
    try {
      return await inHandler(scope, () =>
        command.handler({
          input,
          targets: message.targets ?? {},
          caller: callerFromWire(message.caller),
          requestId: message.requestId,
          signal,
          call: <T>(name: string, input?: unknown) => this.#channel.call<T>(name, input, scope),
          state: this.#state,
        }));
    } finally {
      scope.done = true;
    }
  }

  #reply(message: HostCallMessage, reply: WireReply): void {
    try {
      this.#post({ type: "result", id: message.id, reply });
    } catch (err) {
      const error = new WeftError(
        "INTERNAL",
        `Cannot return from "${message.name}": the value cannot be cloned: ${String(err)}`,
      );
      this.#post({
        type: "result",
        id: message.id,
        reply: { ok: false, error: error.toBody() },
      });
    }
  }
}

function cancelled(): DOMException {
  return new DOMException("The host cancelled the call", "AbortError");
}
