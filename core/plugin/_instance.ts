/**
 * One configured plugin across its runs: load, handshake, grant, register, serve, crash,
 * back off, restart, give up, stop.
 *
 * @module
 */

import { join } from "node:path";
import {
  type Bus,
  type CallContext,
  type Command,
  type CommandSpec,
  targetIds,
} from "../bus/mod.ts";
import type { PluginConfig } from "../config/types.ts";
import { CORE_NAMES } from "../config/reserved.ts";
import { type ErrorBody, toErrorBody, WeftError } from "../../protocols/bus/errors.ts";
import { type Capability, DATA_CAPABILITY } from "../../protocols/bus/capabilities.ts";
import type { Manifest, PluginMessage } from "../../protocols/plugin/mod.ts";
import { type BackoffOptions, nextFailures, recentCrashes, restartDelay } from "./_backoff.ts";
import { settleWithin } from "./_deadline.ts";
import { denoPart, effectiveGrant } from "./_grant.ts";
import { HeldEvents } from "./_held_events.ts";
import { InFlight } from "./_in_flight.ts";
import { PluginLink } from "./_link.ts";
import { checkManifest, fatalError, isFatal, moduleUrl } from "./_load.ts";
import { PluginLog } from "./_plugin_log.ts";
import { dataFolder, withDataFolder } from "./_permissions.ts";
import { PluginRequests } from "./_requests.ts";
import type { ManifestCache } from "./manifest_cache.ts";
import type { TransportFactory } from "./_transport.ts";
import type { PluginLogEntry, PluginState, PluginStatus } from "./types.ts";

/** What every plugin instance of a host shares. */
export interface InstanceOptions {
  bus: Bus;
  projectDir: string;
  callTimeoutMs: number;
  startTimeoutMs: number;
  heartbeatMs: number;
  heartbeatMisses: number;
  shutdownMs: number;
  backoff: BackoffOptions;
  log: (entry: PluginLogEntry) => void;
  transport: TransportFactory;
  /** The memory cap of a plugin whose config names none. */
  memoryMiB: number;
  maxCallsInFlight: number;
  logLinesPerSecond: number;
  /** Manifests from earlier runs, so a plugin with Deno-level rights is loaded once. */
  manifests?: ManifestCache;
}

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
  /** The manifest of the last good load: a restart goes straight to the rights it earns. */
  #known: Manifest | undefined;
  #grant = new Set<Capability>();
  #registered = false;
  /** The manifest and grant its commands went on the bus with. */
  #onBus: { manifest: Manifest; grant: ReadonlySet<Capability> } | undefined;
  #restarts = 0;
  #failures = 0;
  #crashTimes: number[] = [];
  #upSince = 0;
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
  }

  /** The first load; resolves once the plugin runs, has crashed, or has failed. */
  start(): Promise<void> {
    const name = this.#config.name;
    if (CORE_NAMES.includes(name)) {
      this.#fail({
        code: "DENIED",
        message: `Cannot start plugin "${name}": "${name}" is reserved for the core`,
        data: { plugin: name },
      });
      return Promise.resolve();
    }
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
      if (this.#state === "stopped") return;
      if (this.#idle()) return;
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
    const { name, from } = this.#config;
    const known = this.#o.manifests?.get(name, from);
    if (!known || known.name !== name) return false;
    const grant = effectiveGrant(known.capabilities, this.#config.grant);
    if (grant.has(DATA_CAPABILITY) && hasEntries(join(this.#o.projectDir, dataFolder(name)))) {
      return false;
    }
    try {
      checkManifest(known, name);
      this.#register(known, grant);
    } catch {
      return false;
    }
    this.#manifest = known;
    this.#grant = grant;
    this.#state = "idle";
    this.#hold(grant);
    return true;
  }

  /** Holds the events of its `wakeOn` topics from now until it runs; each one wakes it. */
  #hold(grant: ReadonlySet<Capability>): void {
    const { name, wakeOn } = this.#config;
    if (!wakeOn?.length) return;
    const caller = { kind: "plugin" as const, id: name, grants: grant, chain: [name] };
    try {
      this.#held = new HeldEvents(this.#o.bus, wakeOn, caller, () => void this.wake());
    } catch (err) {
      this.#log.host("warn", `holds no events while idle: ${toErrorBody(err).message}`);
    }
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
    this.#teardown((command) =>
      new WeftError("UNAVAILABLE", `Cannot finish "${command}": plugin "${name}" is stopping`)
    );
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
      const { manifest, grant } = await this.#load(current);
      if (!current()) return;
      await this.#setup(manifest, grant);
      if (!current()) return;
      this.#register(manifest, grant);
      this.#up(manifest, grant);
    } catch (err) {
      if (current()) this.#attemptFailed(err);
    }
  }

  /**
   * Loads the plugin with exactly the Deno rights its grant earns. Without a manifest known
   * (from an earlier run of this server or the project's cache) the first load runs with none
   * and only says what it asks for; then it is loaded again with the rights that earns. With
   * one known, it goes straight to those rights: a restart must show the same manifest; a
   * manifest from the cache that changed is replaced (and the plugin loaded again when its
   * rights differ).
   */
  async #load(current: () => boolean): Promise<{ manifest: Manifest; grant: Set<Capability> }> {
    const grantOf = (m: Manifest) => effectiveGrant(m.capabilities, this.#config.grant);
    const { name, from } = this.#config;
    const known = this.#known ?? this.#o.manifests?.get(name, from);
    const direct = known && denoPart(grantOf(known)).length > 0 ? known : undefined;
    let manifest = await this.#launch(direct ? grantOf(direct) : new Set());
    if (direct && this.#known) this.#sameManifest(direct, manifest);
    const grant = grantOf(manifest);
    const launchedWith = direct ? denoPart(grantOf(direct)) : [];
    if (launchedWith.join() !== denoPart(grant).join() && current()) {
      this.#retire(this.#link!);
      const again = await this.#launch(grant);
      this.#sameManifest(manifest, again);
      manifest = again;
    }
    this.#known = manifest;
    this.#o.manifests?.set(name, from, manifest);
    return { manifest, grant };
  }

  #sameManifest(before: Manifest, after: Manifest): void {
    if (JSON.stringify(before) === JSON.stringify(after)) return;
    this.#known = undefined;
    throw new WeftError("PLUGIN_CRASHED", "its manifest changed between two loads");
  }

  async #launch(grant: ReadonlySet<Capability>): Promise<Manifest> {
    if (grant.has(DATA_CAPABILITY)) await this.#makeDataFolder();
    const link: PluginLink = new PluginLink({
      url: moduleUrl(this.#config.from, this.#o.projectDir),
      plugin: this.#config.name,
      grant: withDataFolder(grant, this.#config.name),
      projectDir: this.#o.projectDir,
      memoryMiB: this.#config.memoryMiB ?? this.#o.memoryMiB,
      heartbeatMs: this.#o.heartbeatMs,
      heartbeatMisses: this.#o.heartbeatMisses,
      transport: this.#o.transport,
    }, {
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

  /** `.weft/data/<plugin>/`, private to the user (0700), made before the plugin starts. */
  async #makeDataFolder(): Promise<void> {
    const folder = join(this.#o.projectDir, dataFolder(this.#config.name));
    await Deno.mkdir(folder, { recursive: true, mode: 0o700 });
    await Deno.chmod(folder, 0o700);
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
    });
    const dataDir = grant.has(DATA_CAPABILITY)
      ? join(this.#o.projectDir, dataFolder(this.#config.name))
      : undefined;
    post({
      type: "start",
      grant: [...grant],
      options: this.#config.options,
      ...(dataDir ? { dataDir } : {}),
    });
    const ready = await link.next("ready", this.#o.startTimeoutMs);
    if (ready.error) {
      throw new WeftError("PLUGIN_CRASHED", `its setup failed: ${ready.error.message}`, {
        cause: ready.error,
      });
    }
  }

  #register(manifest: Manifest, grant: Set<Capability>): void {
    const before = this.#registered ? this.#onBus : undefined;
    if (before) {
      // Idle until now: its commands went on the bus from the remembered manifest.
      if (sameCommands(before.manifest, manifest, before.grant, grant)) return;
      this.#o.bus.unregister(this.#config.name);
      this.#registered = false;
    }
    const commands = manifest.commands.map((spec) => this.#forwarder(spec));
    try {
      this.#o.bus.register(this.#config.name, commands, grant);
    } catch (err) {
      const body = toErrorBody(err);
      throw fatalError(body.code, body.message);
    }
    this.#registered = true;
    this.#onBus = { manifest, grant };
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

  #onMessage(link: PluginLink, message: PluginMessage): void {
    if (link !== this.#link) return;
    if (message.type === "log") return this.#log.plugin(message.level, message.message);
    if (message.type === "result") return this.#calls?.settle(message.id, message.reply);
    if (this.#requests?.handle(message)) return;
    if (message.type === "call") {
      // Between runs (stopping, crashed): answer, so the plugin's call does not wait for ever.
      const why = `plugin "${this.#config.name}" is ${this.#state}`;
      const error = new WeftError("UNAVAILABLE", `Cannot call "${message.name}": ${why}`);
      this.#log.plugin("debug", `answered a late call to "${message.name}": ${why}`);
      return link.post({
        type: "result",
        id: message.id,
        reply: { ok: false, error: error.toBody() },
      });
    }
    // A stopping plugin may still publish until it has closed (a timer of its own fired):
    // nobody is owed those events, and it is no sign of a bug.
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
    this.#teardown((command) =>
      new WeftError(
        "PLUGIN_CRASHED",
        `Cannot finish "${command}": plugin "${name}" crashed: ${reason}`,
        { plugin: name },
      )
    );
    if (this.#link) this.#retire(this.#link);
    const { backoff } = this.#o;
    this.#crashTimes = recentCrashes(this.#crashTimes, Date.now(), backoff);
    if (this.#crashTimes.length >= backoff.maxCrashes) {
      const within = Math.round(backoff.windowMs / 1000);
      return this.#fail({
        ...error,
        message:
          `${error.message}; it crashed ${this.#crashTimes.length} times within ${within} s, ` +
          "so it is not restarted",
      });
    }
    const up = this.#upSince ? Date.now() - this.#upSince : 0;
    this.#upSince = 0;
    this.#failures = nextFailures(this.#failures, up, backoff);
    const delay = restartDelay(this.#failures, backoff);
    this.#state = "crashed";
    this.#lastError = error;
    this.#timer = setTimeout(() => this.#restart(), delay);
    this.#log.host("error", `${error.message}; restarting in ${delay} ms`);
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
      new WeftError("UNAVAILABLE", `Cannot finish "${command}": plugin "${name}" failed`)
    );
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
    if (this.#registered) this.#o.bus.unregister(this.#config.name);
    this.#registered = false;
    this.#calls?.failAll(failure);
    this.#requests?.dispose();
    this.#calls = undefined;
    this.#requests = undefined;
  }
}

/** True when a folder exists and holds anything. */
function hasEntries(folder: string): boolean {
  try {
    for (const _ of Deno.readDirSync(folder)) return true;
  } catch { /* missing */ }
  return false;
}

/** Whether two manifests put the same commands with the same rights on the bus. */
function sameCommands(
  a: Manifest,
  b: Manifest,
  grantA: ReadonlySet<Capability>,
  grantB: ReadonlySet<Capability>,
): boolean {
  return JSON.stringify(a.commands) === JSON.stringify(b.commands) &&
    [...grantA].sort().join() === [...grantB].sort().join();
}
