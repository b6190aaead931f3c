/**
 * One configured plugin across its runs: load, handshake, grant, register, serve, crash,
 * back off, restart, give up, stop.
 *
 * @module
 */

import { type CallContext, type Command, type CommandSpec, targetIds } from "../bus/mod.ts";
import type { PluginConfig } from "../config/types.ts";
import { CORE_NAMES } from "../config/reserved.ts";
import { type ErrorBody, toErrorBody, WeftError } from "../../protocols/bus/errors.ts";
import { type Capability, DATA_CAPABILITY } from "../../protocols/bus/capabilities.ts";
import type { Manifest, PluginMessage } from "../../protocols/plugin/mod.ts";
import { afterCrash, type CrashHistory } from "./_backoff.ts";
import { settleWithin } from "./_deadline.ts";
import { type HeldEvents, holdWakeEvents } from "./_held_events.ts";
import { idleManifest } from "./_idle.ts";
import type { InstanceOptions } from "./_instance_options.ts";
import { BusRegistration } from "./_registration.ts";
import { linkOptions, makeDataFolder } from "./_launch.ts";
import { ManifestLoader } from "./_loader.ts";
import { InFlight } from "./_in_flight.ts";
import { PluginLink } from "./_link.ts";
import { checkManifest, cutShort, isFatal, reservedName } from "./_load.ts";
import { PluginLog } from "./_plugin_log.ts";
import { dataFolder, grantPath } from "./_permissions.ts";
import { PluginRequests } from "./_requests.ts";
import type { PluginState, PluginStatus } from "./types.ts";

/** One plugin's life. */
export class PluginInstance {
  #config: PluginConfig;
  #o: InstanceOptions;
  #log: PluginLog;
  #state: PluginState = "starting";
  #link: PluginLink | undefined;
  #calls: InFlight | undefined;
  #requests: PluginRequests | undefined;
  #manifest: Manifest | undefined;
  #loader: ManifestLoader;
  #grant = new Set<Capability>();
  #onBus: BusRegistration;
  #restarts = 0;
  /** Its crashes (for the back-off) and when its current run came up. */
  #history: CrashHistory = { crashTimes: [], failures: 0, upSince: 0 };
  #lastError: ErrorBody | undefined;
  #timer: ReturnType<typeof setTimeout> | undefined;
  #generation = 0;
  #exiting = new Set<Promise<void>>();
  /** The load an idle plugin's first use started; every use meanwhile waits for it. */
  #waking: Promise<void> | undefined;
  /** The `wakeOn` events that came while it was idle or starting, for its subscriptions. */
  #held: HeldEvents | undefined;

  constructor(config: PluginConfig, options: InstanceOptions) {
    this.#config = config;
    this.#o = options;
    this.#log = new PluginLog(config.name, options.log, options.logLinesPerSecond);
    this.#onBus = new BusRegistration(options.bus, config.name);
    this.#loader = new ManifestLoader(
      config,
      options.manifests,
      (grant) => this.#launch(grant),
      () => this.#retire(this.#link!),
    );
  }

  /** The first load; resolves once the plugin runs, has crashed, or has failed. */
  start(): Promise<void> {
    const name = this.#config.name;
    if (CORE_NAMES.includes(name)) return Promise.resolve(this.#fail(reservedName(name)));
    if (this.#config.lazy) return this.#startLazy();
    return this.#attempt();
  }

  /**
   * A lazy plugin goes idle with its remembered manifest; with none remembered, one load with
   * no rights learns it (no setup runs, no data folder is made, so no state is left that would
   * make the next start eager), and the plugin goes idle then. Otherwise it starts now.
   */
  async #startLazy(): Promise<void> {
    if (this.#idle()) return;
    const { name, from } = this.#config;
    if (this.#o.manifests && !this.#o.manifests.get(name, from)) {
      try {
        const manifest = await this.#launch(new Set());
        this.#o.manifests.set(name, from, manifest);
      } catch { /* the start below says why */ }
      if (this.#link) this.#retire(this.#link);
      this.#link = undefined;
      if (this.#state === "stopped" || this.#idle()) return;
    }
    return this.#attempt();
  }

  /**
   * Starts an idle plugin (its first use) and resolves once it runs, has crashed or has failed;
   * at once for a plugin that is not idle.
   */
  wake(): Promise<void> {
    if (this.#state !== "idle") return this.#waking ?? Promise.resolve();
    this.#state = "starting";
    this.#waking = this.#attempt().finally(() => (this.#waking = undefined));
    return this.#waking;
  }

  /**
   * Puts a lazy plugin's commands on the bus from its remembered manifest, unstarted; false
   * when it must start now: no manifest known, or a data folder from an earlier run (it may
   * have work to resume there).
   */
  #idle(): boolean {
    const idle = idleManifest(this.#config, this.#o);
    if (!idle) return false;
    const { manifest: known, grant } = idle;
    try {
      this.#register(known, grant);
    } catch {
      return false;
    }
    this.#manifest = known;
    this.#grant = grant;
    this.#state = "idle";
    // Until it runs, the events of its `wakeOn` topics are held for it; each one wakes it.
    this.#held = holdWakeEvents(
      this.#o.bus,
      this.#config,
      grant,
      () => void this.wake(),
      (m) => this.#log.host("warn", m),
    );
    return true;
  }

  #release(): void {
    this.#held?.dispose();
    this.#held = undefined;
  }

  /** Stops the plugin: commands off the bus, calls failed, asked to close, then ended. */
  async stop(): Promise<void> {
    if (this.#state === "stopped") return;
    this.#generation++;
    clearTimeout(this.#timer);
    // Only a running plugin's runtime listens; one still loading is simply ended.
    const graceful = this.#state === "running";
    this.#state = "stopped";
    this.#release();
    const name = this.#config.name;
    this.#teardown(cutShort("UNAVAILABLE", name, "is stopping"));
    const link = this.#link;
    if (link?.alive && graceful) {
      link.post({ type: "shutdown" });
      await settleWithin(link.closed, this.#o.shutdownMs);
    }
    if (link) this.#retire(link);
    this.#log.dispose();
    await settleWithin(Promise.all(this.#exiting), this.#o.shutdownMs);
    this.#o.bus.events.publish("plugin.stopped", { name });
  }

  /**
   * Stops handing the plugin events; its calls are still served. The host mutes every plugin
   * before stopping them together: each one's commands leaving the bus is an event
   * (`bus.commands_changed`) that a plugin following the registry would answer with a call
   * after it has been let go.
   */
  mute(): void {
    this.#requests?.mute();
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
      const { manifest, grant } = await this.#loader.load(current);
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
    if (grant.has(DATA_CAPABILITY)) await makeDataFolder(this.#o, this.#config.name);
    const link: PluginLink = new PluginLink(linkOptions(this.#config, this.#o, grant), {
      message: (message) => this.#onMessage(link, message),
      down: (reason) => this.#onDown(link, reason),
      invalid: (reason, raw) => this.#onInvalid(link, reason, raw),
      stderr: (line) => link === this.#link && this.#log.plugin("debug", line),
      slow: (notice) => link === this.#link && this.#log.host("warn", notice),
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
      backlog: (lane) => link.backlog(lane),
      parent: (id) => calls.context(id),
      maxCallsInFlight: this.#o.maxCallsInFlight,
      log: (level, message) => this.#log.plugin(level, message),
      held: (filter) => this.#held?.matching(filter) ?? [],
      route: this.#onBus.route,
      ...(this.#o.paneScreen ? { paneScreen: this.#o.paneScreen } : {}),
    });
    const dataDir = grant.has(DATA_CAPABILITY)
      ? grantPath(dataFolder(this.#config.name), this.#o.projectDir, this.#o.stateDir)
      : undefined;
    post({
      type: "start",
      grant: [...grant],
      options: this.#config.options,
      ...(dataDir ? { dataDir } : {}),
    });
    const ready = await link.next("ready", this.#o.startTimeoutMs);
    if (ready.error) {
      const why = `its setup failed: ${ready.error.message}`;
      throw new WeftError("PLUGIN_CRASHED", why, { cause: ready.error });
    }
  }

  #register(manifest: Manifest, grant: Set<Capability>): void {
    this.#onBus.register(manifest, grant, (spec) => this.#forwarder(spec));
  }

  #forwarder(spec: CommandSpec): Command {
    return {
      ...spec,
      parse: (input: unknown) => input ?? {},
      handler: (ctx: CallContext<unknown>) => this.#forward(spec, ctx),
    };
  }

  #forward(spec: CommandSpec, ctx: CallContext<unknown>): Promise<unknown> {
    if (this.#state === "idle" || this.#waking) {
      // Its first use: the call waits for the load and, should that fail, gets its error.
      return this.wake().then(() => {
        if (this.#state === "running" || !this.#lastError) return this.#forward(spec, ctx);
        throw WeftError.fromBody(this.#lastError);
      });
    }
    const name = spec.name;
    if (this.#state !== "running" || !this.#calls) {
      const why = `plugin "${this.#config.name}" is ${this.#state}`;
      return Promise.reject(new WeftError("UNAVAILABLE", `Cannot call "${name}": ${why}`));
    }
    // A Worker is handed its targets as canonical ids (the bus put them in the input).
    return this.#calls.open(name, ctx, {
      targets: targetIds(spec, ctx.input),
      ownDeadline: spec.timeout !== undefined,
    });
  }

  #up(manifest: Manifest, grant: Set<Capability>): void {
    this.#state = "running";
    // Its setup has subscribed: what was held for it has been handed over.
    this.#release();
    this.#history.upSince = Date.now();
    this.#link?.startHeartbeat();
    this.#o.bus.events.publish("plugin.started", {
      name: manifest.name,
      version: manifest.version,
      grant: [...grant],
      commands: manifest.commands.map((c) => c.name),
      restarts: this.#restarts,
    });
  }

  #onMessage(link: PluginLink, message: PluginMessage): void {
    if (link !== this.#link) return;
    if (message.type === "log") return this.#log.plugin(message.level, message.message);
    if (this.#requests?.handle(message)) return; // a routed call's result too
    if (message.type === "result") return this.#calls?.settle(message.id, message.reply);
    if (message.type === "call") {
      // Between runs (stopping, crashed): answer, so the plugin's call does not wait for ever.
      const why = `plugin "${this.#config.name}" is ${this.#state}`;
      this.#log.plugin("debug", `answered a late call to "${message.name}": ${why}`);
      const error = new WeftError("UNAVAILABLE", `Cannot call "${message.name}": ${why}`).toBody();
      return link.post({ type: "result", id: message.id, reply: { ok: false, error } });
    }
    // A stopping plugin may still publish (a timer of its own fired): owed to nobody, no bug.
    if (message.type === "publish" && this.#state === "stopped") return;
    this.#log.plugin("warn", `ignored an unexpected ${message.type} message`);
  }

  #onInvalid(link: PluginLink, reason: string, raw: unknown): void {
    if (link !== this.#link) return;
    this.#log.plugin("warn", `ignored an invalid message: ${reason}`);
    const call = raw as { type?: unknown; id?: unknown } | null;
    if (call?.type === "call" && typeof call.id === "string") {
      this.#requests?.refuse(call.id, reason);
    }
  }

  #onDown(link: PluginLink, reason: string): void {
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
    this.#teardown(cutShort("PLUGIN_CRASHED", name, `crashed: ${reason}`, { plugin: name }));
    if (this.#link) this.#retire(this.#link);
    const next = afterCrash(this.#history, Date.now(), this.#o.backoff);
    this.#history = { ...next, upSince: 0 };
    if (next.giveUp) return this.#fail({ ...error, message: `${error.message}; ${next.giveUp}` });
    this.#state = "crashed";
    this.#lastError = error;
    this.#timer = setTimeout(() => this.#restart(), next.delay);
    this.#log.host("error", `${error.message}; restarting in ${next.delay} ms`);
    this.#o.bus.events.publish("plugin.crashed", {
      name,
      error,
      restarts: this.#restarts,
      restartInMs: next.delay,
    });
  }

  #restart(): void {
    this.#state = "restarting";
    this.#restarts++;
    void this.#attempt();
  }

  #fail(error: ErrorBody): void {
    const name = this.#config.name;
    this.#teardown(cutShort("UNAVAILABLE", name, "failed"));
    if (this.#link) this.#retire(this.#link);
    this.#state = "failed";
    this.#release();
    this.#lastError = error;
    this.#log.host("error", error.message);
    this.#o.bus.events.publish("plugin.failed", { name, error });
  }

  /** Ends a run for real and remembers to wait for its process on stop. */
  #retire(link: PluginLink): void {
    link.terminate();
    const exited = link.exited;
    this.#exiting.add(exited);
    void exited.then(() => this.#exiting.delete(exited));
  }

  #teardown(failure: (command: string) => WeftError): void {
    this.#onBus.unregister();
    this.#calls?.failAll(failure);
    this.#requests?.dispose();
    this.#calls = undefined;
    this.#requests = undefined;
  }
}
