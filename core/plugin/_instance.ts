/**
 * One configured plugin across its Workers: load, handshake, grant, register, serve, crash,
 * back off, restart, stop.
 *
 * @module
 */

import type { Bus, CallContext, Command, CommandSpec } from "../bus/mod.ts";
import type { PluginConfig } from "../config/types.ts";
import { type ErrorBody, toErrorBody, WeftError } from "../../protocols/bus/errors.ts";
import type { Capability } from "../../protocols/bus/capabilities.ts";
import { workerPermissions } from "./_permissions.ts";
import type { LogLevel, Manifest, PluginMessage } from "../../protocols/plugin/mod.ts";
import { type BackoffOptions, nextFailures, restartDelay } from "./_backoff.ts";
import { settleWithin } from "./_deadline.ts";
import { denoPart, effectiveGrant } from "./_grant.ts";
import { InFlight } from "./_in_flight.ts";
import { checkManifest, fatalError, isFatal, moduleUrl } from "./_load.ts";
import { PluginRequests } from "./_requests.ts";
import { WorkerLink } from "./_worker_link.ts";
import type { PluginLogEntry, PluginState, PluginStatus } from "./types.ts";

/** What every plugin instance of a host shares. */
export interface InstanceOptions {
  bus: Bus;
  projectDir: string;
  callTimeoutMs: number;
  startTimeoutMs: number;
  heartbeatMs: number;
  shutdownMs: number;
  backoff: BackoffOptions;
  log: (entry: PluginLogEntry) => void;
}

/** One plugin's life. */
export class PluginInstance {
  #config: PluginConfig;
  #o: InstanceOptions;
  #state: PluginState = "starting";
  #link: WorkerLink | undefined;
  #calls: InFlight | undefined;
  #requests: PluginRequests | undefined;
  #manifest: Manifest | undefined;
  #grant = new Set<Capability>();
  #registered = false;
  #restarts = 0;
  #failures = 0;
  #upSince = 0;
  #lastError: ErrorBody | undefined;
  #timer: ReturnType<typeof setTimeout> | undefined;
  #generation = 0;

  constructor(config: PluginConfig, options: InstanceOptions) {
    this.#config = config;
    this.#o = options;
  }

  /** The first load; resolves once the plugin runs, has crashed, or has failed. */
  start(): Promise<void> {
    return this.#attempt();
  }

  /** Stops the plugin: commands off the bus, calls failed, Worker asked to close, then ended. */
  async stop(): Promise<void> {
    if (this.#state === "stopped") return;
    this.#generation++;
    clearTimeout(this.#timer);
    // Only a running plugin's runtime listens; one still loading is simply ended.
    const graceful = this.#state === "running";
    this.#state = "stopped";
    const name = this.#config.name;
    this.#teardown((command) =>
      new WeftError(
        "UNAVAILABLE",
        `Cannot finish "${command}": plugin "${name}" is stopping`,
      )
    );
    const link = this.#link;
    if (link?.alive && graceful) {
      link.post({ type: "shutdown" });
      await settleWithin(link.closed, this.#o.shutdownMs);
    }
    link?.terminate();
    this.#o.bus.events.publish("plugin.stopped", { name });
  }

  /** A snapshot of the plugin's state. */
  status(): PluginStatus {
    const manifest = this.#manifest;
    return {
      name: this.#config.name,
      from: this.#config.from,
      ...(manifest ? { version: manifest.version } : {}),
      state: this.#state,
      grant: [...this.#grant],
      commands: manifest?.commands.map((c) => c.name) ?? [],
      restarts: this.#restarts,
      ...(this.#lastError ? { lastError: this.#lastError } : {}),
    };
  }

  async #attempt(): Promise<void> {
    const generation = ++this.#generation;
    const current = () => generation === this.#generation;
    try {
      let manifest = await this.#launch(new Set());
      const grant = effectiveGrant(manifest.capabilities, this.#config.grant);
      if (denoPart(grant).length > 0 && current()) {
        // The first load ran with no Deno rights at all; now give exactly the granted ones.
        this.#link?.terminate();
        const again = await this.#launch(grant);
        if (JSON.stringify(again) !== JSON.stringify(manifest)) {
          throw new WeftError(
            "PLUGIN_CRASHED",
            "its manifest changed between two loads",
          );
        }
        manifest = again;
      }
      if (!current()) return;
      await this.#setup(manifest, grant);
      if (!current()) return;
      this.#register(manifest, grant);
      this.#up(manifest, grant);
    } catch (err) {
      if (current()) this.#attemptFailed(err);
    }
  }

  async #launch(grant: ReadonlySet<Capability>): Promise<Manifest> {
    const link: WorkerLink = new WorkerLink({
      url: moduleUrl(this.#config.from, this.#o.projectDir),
      plugin: this.#config.name,
      permissions: workerPermissions(grant, this.#o.projectDir),
      heartbeatMs: this.#o.heartbeatMs,
    }, {
      message: (message) => this.#onMessage(link, message),
      down: (reason) => this.#onDown(link, reason),
      invalid: (reason) => this.#log("warn", `ignored an invalid message: ${reason}`),
    });
    this.#link = link;
    const { manifest } = await link.next("manifest", this.#o.startTimeoutMs);
    checkManifest(manifest, this.#config.name);
    return manifest;
  }

  async #setup(manifest: Manifest, grant: Set<Capability>): Promise<void> {
    const link = this.#link!;
    const post = link.post.bind(link);
    const calls = new InFlight(this.#config.name, post, this.#o.callTimeoutMs);
    this.#manifest = manifest;
    this.#grant = grant;
    this.#calls = calls;
    this.#requests = new PluginRequests({
      bus: this.#o.bus,
      plugin: this.#config.name,
      grant,
      post,
      parent: (id) => calls.context(id),
    });
    post({ type: "start", grant: [...grant], options: this.#config.options });
    const ready = await link.next("ready", this.#o.startTimeoutMs);
    if (ready.error) {
      throw new WeftError(
        "PLUGIN_CRASHED",
        `its setup failed: ${ready.error.message}`,
        {
          cause: ready.error,
        },
      );
    }
  }

  #register(manifest: Manifest, grant: Set<Capability>): void {
    const commands = manifest.commands.map((spec) => this.#forwarder(spec));
    try {
      this.#o.bus.register(this.#config.name, commands, grant);
    } catch (err) {
      const body = toErrorBody(err);
      throw fatalError(body.code, body.message);
    }
    this.#registered = true;
  }

  #forwarder(spec: CommandSpec): Command {
    return {
      ...spec,
      parse: (input: unknown) => input ?? {},
      handler: (ctx: CallContext<unknown>) => this.#forward(spec.name, ctx),
    };
  }

  #forward(name: string, ctx: CallContext<unknown>): Promise<unknown> {
    if (this.#state !== "running" || !this.#calls) {
      const why = `plugin "${this.#config.name}" is ${this.#state}`;
      return Promise.reject(
        new WeftError("UNAVAILABLE", `Cannot call "${name}": ${why}`),
      );
    }
    return this.#calls.open(name, ctx);
  }

  #up(manifest: Manifest, grant: Set<Capability>): void {
    this.#state = "running";
    this.#upSince = Date.now();
    this.#link?.startHeartbeat();
    this.#o.bus.events.publish("plugin.started", {
      name: manifest.name,
      version: manifest.version,
      grant: [...grant],
      commands: manifest.commands.map((c) => c.name),
      restarts: this.#restarts,
    });
  }

  #onMessage(link: WorkerLink, message: PluginMessage): void {
    if (link !== this.#link) return;
    if (message.type === "log") {
      return this.#log(message.level, message.message);
    }
    if (message.type === "result") {
      return this.#calls?.settle(message.id, message.reply);
    }
    if (this.#requests?.handle(message)) return;
    // A stopping Worker may still publish until it has closed (a timer of its own fired):
    // nobody is owed those events, and it is no sign of a bug.
    if (message.type === "publish" && this.#state === "stopped") return;
    this.#log("warn", `ignored an unexpected ${message.type} message`);
  }

  #onDown(link: WorkerLink, reason: string): void {
    if (link !== this.#link || this.#state !== "running") return;
    const name = this.#config.name;
    this.#crash({
      code: "PLUGIN_CRASHED",
      message: `Cannot run plugin "${name}": it crashed: ${reason}`,
      data: { plugin: name },
    }, reason);
  }

  #attemptFailed(err: unknown): void {
    const body = toErrorBody(err);
    const name = this.#config.name;
    const error: ErrorBody = {
      code: body.code,
      message: `Cannot start plugin "${name}": ${body.message}`,
      data: { plugin: name },
    };
    if (isFatal(err)) this.#fail(error);
    else this.#crash(error, body.message);
  }

  #crash(error: ErrorBody, reason: string): void {
    const name = this.#config.name;
    this.#teardown((command) =>
      new WeftError(
        "PLUGIN_CRASHED",
        `Cannot finish "${command}": plugin "${name}" crashed: ${reason}`,
        { plugin: name },
      )
    );
    this.#link?.terminate();
    const up = this.#upSince ? Date.now() - this.#upSince : 0;
    this.#upSince = 0;
    this.#failures = nextFailures(this.#failures, up, this.#o.backoff);
    const delay = restartDelay(this.#failures, this.#o.backoff);
    this.#state = "crashed";
    this.#lastError = error;
    this.#timer = setTimeout(() => this.#restart(), delay);
    this.#log("error", `${error.message}; restarting in ${delay} ms`);
    this.#o.bus.events.publish("plugin.crashed", {
      name,
      error,
      restarts: this.#restarts,
      restartInMs: delay,
    });
  }

  #restart(): void {
    this.#state = "restarting";
    this.#restarts++;
    void this.#attempt();
  }

  #fail(error: ErrorBody): void {
    const name = this.#config.name;
    this.#teardown((command) =>
      new WeftError(
        "UNAVAILABLE",
        `Cannot finish "${command}": plugin "${name}" failed`,
      )
    );
    this.#link?.terminate();
    this.#state = "failed";
    this.#lastError = error;
    this.#log("error", error.message);
    this.#o.bus.events.publish("plugin.failed", {
      name: this.#config.name,
      error,
    });
  }

  #teardown(failure: (command: string) => WeftError): void {
    if (this.#registered) this.#o.bus.unregister(this.#config.name);
    this.#registered = false;
    this.#calls?.failAll(failure);
    this.#requests?.dispose();
    this.#calls = undefined;
    this.#requests = undefined;
  }

  #log(level: LogLevel, message: string): void {
    this.#o.log({ plugin: this.#config.name, level, message });
  }
}
