/**
 * The command bus: the registry of commands, the one place where calls are checked (known
 * name, rights, input, target) and dispatched, and the event hub.
 *
 * @module
 */

import { toErrorBody, WeftError } from "../../protocols/bus/errors.ts";
import type { Reply } from "../../protocols/bus/reply.ts";
import {
  type Capability,
  type GrantSet,
  intersect,
  missing,
} from "../../protocols/bus/capabilities.ts";
import { didYouMean } from "../../protocols/bus/suggest.ts";
import type { Command } from "./command.ts";
import type { Caller, CommandSpec } from "../../protocols/bus/command_spec.ts";
import { checkKeys, parseCommandInput, specOf } from "../../protocols/bus/schema.ts";
import { EventHub } from "./events.ts";
import type { WeftEvent } from "../../protocols/bus/events.ts";
import { parseHostRef, sameHost } from "../../protocols/bus/host_id.ts";
import { describeCaller } from "./_describe.ts";
import { checkTargets, resolveTargets, targetIds, type TargetResolver } from "./_targets.ts";
import { deadlineOf, runWithin } from "./_deadline.ts";
import { doorOf } from "../../protocols/bus/doors.ts";
import { destinationOf, type Route, unknownHost } from "./route.ts";

export type { Reply };

/** Options of one call. */
export interface CallOptions {
  caller: Caller;
  requestId?: string;
  signal?: AbortSignal;
  /** A deadline in ms for this call; the earlier of it and the command's own applies. */
  timeoutMs?: number;
  /** Told the ids its targets resolved to, once resolved (the edge's answer lane: its pane). */
  resolved?: (ids: Record<string, string>) => void;
}

/** The names each owner may register: the core's four prefixes, else the owner's own name. */
const CORE_PREFIXES = ["session", "window", "pane", "server"];
const MAX_CHAIN = 16;

interface Entry {
  command: Command;
  owner: string;
  grants: GrantSet;
}

/** Options of a {@link Bus}. */
export interface BusOptions {
  /** This server's host name: a target naming it (`<host>/p3`) is local, as a plain one is. */
  host?: string;
}

/** Who asks when {@link Bus.paneId} resolves a reference (it reads, and only by reference). */
const LANE_CALLER: Caller = { kind: "internal", id: "lanes", grants: "all" };

/**
 * The command bus.
 *
 * @example
 * ```ts
 * import { z } from "zod";
 * import { Bus } from "./bus.ts";
 * import { defineCommand } from "./command.ts";
 * const bus = new Bus();
 * bus.register("demo", [defineCommand({
 *   name: "demo.echo", title: "Echo", description: "Echoes.", capabilities: [],
 *   input: z.object({ text: z.string() }), handler: ({ input }) => input.text,
 * })]);
 * const reply = await bus.call("demo.echo", { text: "hi" }, {
 *   caller: { kind: "internal", id: "doc", grants: "all" },
 * });
 * console.assert(reply.ok && reply.value === "hi");
 * ```
 */
export class Bus {
  readonly events: EventHub = new EventHub();
  #commands = new Map<string, Entry>();
  #resolver: TargetResolver | undefined;
  #barrier: (() => Promise<void>) | undefined;
  #starting = new Map<string, Promise<void>>();
  #nextId = 1;
  #tags: ReadonlySet<string> | undefined;
  #routes: Route[] = [];
  readonly #host: string | undefined;

  constructor(options: BusOptions = {}) {
    this.#host = options.host;
    this.events.setRemote((pane, replay, emit) => this.#follow(pane, replay, emit));
  }

  /** Follows another host's pane for one subscriber through the first route that reaches it. */
  #follow(
    qualified: string,
    replay: boolean,
    emit: (event: WeftEvent) => void,
  ): (() => void) | undefined {
    let ref: { host: string | undefined; ref: string };
    try {
      ref = parseHostRef(qualified);
    } catch {
      return undefined;
    }
    const host = ref.host;
    if (host === undefined || (this.#host !== undefined && sameHost(host, this.#host))) return;
    const route = this.#routes.find((r) => r.reaches(host));
    // Its events name the pane as the subscriber did, in the event and in its data.
    return route?.follow?.({ host, pane: ref.ref, replay }, (event) => {
      const data = event.data as { pane?: unknown } | null;
      const named = data && typeof data === "object" && "pane" in data
        ? { ...data, pane: qualified }
        : event.data;
      emit({ ...event, pane: qualified, data: named });
    });
  }

  /** This server's host name, if it has one. */
  get host(): string | undefined {
    return this.#host;
  }

  /**
   * Adds a way to other hosts: a call whose targets name a host that is not this one goes to
   * the first route that reaches it (none: `UNKNOWN_HOST`).
   */
  addRoute(route: Route): void {
    this.#routes.push(route);
  }

  /** Installs the function that turns target references into the objects handlers get. */
  setResolver(resolver: TargetResolver): void {
    this.#resolver = resolver;
  }

  /**
   * The id of the pane `ref` (an id or a name) names now, or undefined when none does: for
   * keeping an answer in the lane of the pane's events (see `laneOf`).
   */
  paneId(ref: string): string | undefined {
    if (!this.#resolver) return undefined;
    try {
      const spec = { kind: "pane", field: "pane", fallback: "required" } as const;
      return this.#resolver(spec, ref, { caller: LANE_CALLER }).id;
    } catch {
      return undefined;
    }
  }

  /**
   * Installs what every call awaits before its reply: the store makes what the call changed
   * durable, so a client never gets a reply for a change a crash can lose. It must not throw.
   */
  setBarrier(barrier: () => Promise<void>): void {
    this.#barrier = barrier;
  }

  /**
   * Registers `owner`'s commands. An owner may only register names that start with its own
   * name (the core: `session.`, `window.`, `pane.`, `server.`). `grants` are the owner's own
   * rights, used for the nested calls its handlers make.
   */
  register(owner: string, commands: readonly Command[], grants: GrantSet = "all"): void {
    for (const command of commands) {
      const prefix = command.name.split(".")[0] ?? "";
      const allowed = owner === "core" ? CORE_PREFIXES.includes(prefix) : prefix === owner;
      if (!allowed || !/^[a-z][a-z0-9_]*\.[a-z][a-z0-9_.]*$/.test(command.name)) {
        throw new WeftError(
          "DENIED",
          `Cannot register command "${command.name}": ${owner} may only register "${
            owner === "core" ? CORE_PREFIXES.join('.*", "') : owner
          }.*" names`,
        );
      }
      const existing = this.#commands.get(command.name);
      if (existing && existing.owner !== owner) {
        throw new WeftError(
          "CONFLICT",
          `Cannot register command "${command.name}": ${existing.owner} has it`,
        );
      }
      checkTargets(command);
    }
    for (const command of commands) {
      // Not spread: a command's JSON Schemas are computed when first listed, not here.
      this.#commands.set(command.name, { command, owner, grants });
    }
    this.#tags = undefined;
    this.events.publish("bus.commands_changed", { owner, added: commands.map((c) => c.name) });
  }

  /**
   * Says that `owner`'s commands are on their way (a plugin that is starting): until `ready`
   * settles, a call to an unknown `<owner>.*` name waits for it instead of failing, so a
   * client that comes as soon as the server listens is not refused. The caller bounds `ready`.
   */
  expect(owner: string, ready: Promise<unknown>): void {
    const settled = ready.then(() => {}, () => {});
    this.#starting.set(owner, settled);
    void settled.then(() => {
      if (this.#starting.get(owner) === settled) this.#starting.delete(owner);
    });
  }

  /** Removes every command of `owner`. */
  unregister(owner: string): void {
    const removed: string[] = [];
    for (const [name, entry] of this.#commands) {
      if (entry.owner === owner) {
        this.#commands.delete(name);
        removed.push(name);
      }
    }
    this.#tags = undefined;
    if (removed.length) this.events.publish("bus.commands_changed", { owner, removed });
  }

  /**
   * The sideband tag names registered commands declare in their specs (`<weft:canvas …/>`),
   * kept until the commands change: cheap enough to ask for every tag a pane prints.
   */
  declaredTags(): ReadonlySet<string> {
    this.#tags ??= new Set(
      [...this.#commands.values()].flatMap((e) =>
        e.command.sideband ? [e.command.sideband.tag] : []
      ),
    );
    return this.#tags;
  }

  /** How many commands are registered (cheap: no specs are built). */
  get size(): number {
    return this.#commands.size;
  }

  /**
   * The cloneable specs of every command (or of those `which` keeps: a spec's JSON Schemas are
   * built on first listing, so filter here rather than after), sorted by name.
   */
  list(which?: (command: Command) => boolean): CommandSpec[] {
    return [...this.#commands.values()]
      .filter((e) => !which || which(e.command))
      .map((e) => ({ ...specOf(e.command), owner: e.owner }))
      .sort((a, b) => a.name.localeCompare(b.name));
  }

  /** Whether the owner of command `name` was granted `capability` (false for no such command). */
  ownerHas(name: string, capability: Capability): boolean {
    const entry = this.#commands.get(name);
    return !!entry && missing([capability], entry.grants).length === 0;
  }

  /** The spec of one command, or undefined. */
  get(name: string): CommandSpec | undefined {
    const entry = this.#commands.get(name);
    return entry ? { ...specOf(entry.command), owner: entry.owner } : undefined;
  }

  /** Calls a command and returns its reply; never throws. */
  async call<T = unknown>(name: string, input: unknown, options: CallOptions): Promise<Reply<T>> {
    let reply: Reply<T>;
    try {
      reply = { ok: true, value: (await this.#dispatch(name, input, options)) as T };
    } catch (err) {
      reply = { ok: false, error: toErrorBody(err) };
    }
    // A failed call may have changed something too (a pane started, then a later step threw).
    if (this.#barrier) await this.#barrier();
    return reply;
  }

  /** Like {@link call} but returns the value or throws a {@link WeftError}. */
  async invoke<T = unknown>(name: string, input: unknown, options: CallOptions): Promise<T> {
    const reply = await this.call<T>(name, input, options);
    if (!reply.ok) throw WeftError.fromBody(reply.error);
    return reply.value;
  }

  /** The entry of `name` once its owner, if it is starting, has started; else undefined. */
  async #whenStarted(name: string): Promise<Entry | undefined> {
    const starting = this.#starting.get(ownerOf(name));
    if (!starting) return undefined;
    await starting;
    return this.#commands.get(name);
  }

  async #dispatch(name: string, rawInput: unknown, options: CallOptions): Promise<unknown> {
    const { caller } = options;
    const entry = this.#commands.get(name) ?? await this.#whenStarted(name);
    if (!entry) {
      throw new WeftError(
        "NOT_FOUND",
        `Cannot find command "${name}"${didYouMean(name, this.#commands.keys())}`,
        { name },
      );
    }
    const { command } = entry;
    checkCaller(name, command, caller);
    checkKeys(command.name, command.inputSchema, rawInput);
    const parsed = parseCommandInput(command.name, command.parse, rawInput);
    // The routing step: one route today, this host; another host's call goes to its route.
    const destination = destinationOf(command, parsed, this.#host);
    const requestId = options.requestId ?? `r${this.#nextId++}`;
    if (destination.host !== undefined) {
      // Another host's call keeps this command's deadline: the route gets it and the signal.
      const deadline = deadlineOf(command, destination.input, options.timeoutMs);
      const within = { deadline, ...(options.signal ? { signal: options.signal } : {}) };
      return await runWithin(
        name,
        within,
        (signal) =>
          this.#route(destination.host!, name, destination.input, requestId, {
            ...options,
            signal,
            ...(deadline === undefined ? {} : { timeoutMs: deadline }),
          }),
      );
    }
    const resolved = resolveTargets(command, destination.input, caller, this.#resolver);
    options.resolved?.(targetIds(command, resolved.input));
    const nested = nestedCaller(caller, entry);
    const deadline = deadlineOf(command, resolved.input, options.timeoutMs);
    const within = { deadline, ...(options.signal ? { signal: options.signal } : {}) };
    return await runWithin(name, within, (signal) =>
      command.handler({
        input: resolved.input,
        targets: resolved.targets,
        caller,
        door: doorOf(caller),
        requestId,
        signal,
        call: <T>(n: string, i?: unknown) => this.invoke<T>(n, i, { caller: nested, signal }),
      }));
  }

  /** Hands a call for `host` to the first route that reaches it; `UNKNOWN_HOST` if none does. */
  #route(
    host: string,
    name: string,
    input: unknown,
    requestId: string,
    options: CallOptions,
  ): Promise<unknown> {
    const route = this.#routes.find((r) => r.reaches(host));
    if (!route) throw unknownHost(name, host, this.#host);
    const { caller, signal, timeoutMs } = options;
    return route.call({
      host,
      name,
      input,
      caller,
      requestId,
      ...(signal ? { signal } : {}),
      ...(timeoutMs !== undefined ? { timeoutMs } : {}),
    });
  }
}

/** Throws `DENIED` unless `caller` has every capability `command` needs, within the chain limit. */
function checkCaller(name: string, command: Command, caller: Caller): void {
  const lacking = missing(command.capabilities, caller.grants);
  if (lacking.length) {
    throw new WeftError(
      "DENIED",
      `Cannot call "${name}": ${describeCaller(caller)} lacks ${lacking.join(", ")}`,
      { missing: lacking },
    );
  }
  if ((caller.chain?.length ?? 0) > MAX_CHAIN) {
    throw new WeftError("DENIED", `Cannot call "${name}": call chain is deeper than ${MAX_CHAIN}`);
  }
}

/** Who a handler's nested calls come from: its owner, within the caller's rights. */
function nestedCaller(caller: Caller, entry: Entry): Caller {
  const owner = entry.owner;
  return {
    kind: owner === "core" ? caller.kind : "plugin",
    id: owner === "core" ? caller.id : owner,
    ...(caller.pane ? { pane: caller.pane } : {}),
    grants: intersect(caller.grants, entry.grants),
    chain: [...(caller.chain ?? []), owner],
  };
}

function ownerOf(name: string): string {
  return name.split(".")[0] ?? "";
}
