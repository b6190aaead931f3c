/**
 * The command bus: the registry of commands, the one place where calls are checked (known
 * name, rights, input, target) and dispatched, and the event hub.
 *
 * @module
 */

import { z } from "zod";
import { type ErrorBody, toErrorBody, WeftError } from "../../protocols/bus/errors.ts";
import { type GrantSet, intersect, missing } from "../../protocols/bus/capabilities.ts";
import { didYouMean } from "../../protocols/bus/suggest.ts";
import type { Command } from "./command.ts";
import type { Caller, CommandSpec, TargetSpec } from "../../protocols/bus/command_spec.ts";
import { specOf } from "./command.ts";
import { EventHub } from "./events.ts";

/** A reply: a value or an error, never a throw. */
export type Reply<T = unknown> = { ok: true; value: T } | { ok: false; error: ErrorBody };

/** Options of one call. */
export interface CallOptions {
  caller: Caller;
  requestId?: string;
  signal?: AbortSignal;
}

/** Resolves a target reference (id or name, or absent) to a canonical id; throws when none. */
export type TargetResolver = (
  spec: TargetSpec,
  ref: string | undefined,
  caller: Caller,
) => string;

/** The names each owner may register: the core's four prefixes, else the owner's own name. */
const CORE_PREFIXES = ["session", "window", "pane", "server"];
const MAX_CHAIN = 16;

interface Entry {
  command: Command;
  owner: string;
  grants: GrantSet;
}

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
  #nextId = 1;

  /** Installs the function that turns target references into canonical ids. */
  setResolver(resolver: TargetResolver): void {
    this.#resolver = resolver;
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
    }
    for (const command of commands) {
      // Not spread: a command's JSON Schemas are computed when first listed, not here.
      this.#commands.set(command.name, { command, owner, grants });
    }
    this.events.publish("bus.commands_changed", { owner, added: commands.map((c) => c.name) });
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
    if (removed.length) this.events.publish("bus.commands_changed", { owner, removed });
  }

  /** How many commands are registered (cheap: no specs are built). */
  get size(): number {
    return this.#commands.size;
  }

  /** The cloneable specs of every command, sorted by name. */
  list(): CommandSpec[] {
    return [...this.#commands.values()]
      .map((e) => ({ ...specOf(e.command), owner: e.owner }))
      .sort((a, b) => a.name.localeCompare(b.name));
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

  async #dispatch(name: string, rawInput: unknown, options: CallOptions): Promise<unknown> {
    const { caller } = options;
    const entry = this.#commands.get(name);
    if (!entry) {
      throw new WeftError(
        "NOT_FOUND",
        `Cannot find command "${name}"${didYouMean(name, this.#commands.keys())}`,
        { name },
      );
    }
    const { command } = entry;
    const lacking = missing(command.capabilities, caller.grants);
    if (lacking.length) {
      throw new WeftError(
        "DENIED",
        `Cannot call "${name}": ${describeCaller(caller)} lacks ${lacking.join(", ")}`,
        { missing: lacking },
      );
    }
    if ((caller.chain?.length ?? 0) > MAX_CHAIN) {
      throw new WeftError(
        "DENIED",
        `Cannot call "${name}": call chain is deeper than ${MAX_CHAIN}`,
      );
    }
    let input = parseInput(command, rawInput);
    let target: string | undefined;
    if (command.target) {
      const ref = (input as Record<string, unknown>)[command.target.field];
      if (ref !== undefined && typeof ref !== "string") {
        throw new WeftError(
          "INVALID_INPUT",
          `Cannot call "${name}": ${command.target.field} must be a string`,
        );
      }
      if (!this.#resolver) throw new WeftError("INTERNAL", "Cannot resolve targets: no resolver");
      target = this.#resolver(command.target, ref, caller);
      input = { ...(input as Record<string, unknown>), [command.target.field]: target };
    }
    const requestId = options.requestId ?? `r${this.#nextId++}`;
    const signal = options.signal ?? new AbortController().signal;
    const owner = entry.owner;
    const nested: Caller = {
      kind: owner === "core" ? caller.kind : "plugin",
      id: owner === "core" ? caller.id : owner,
      ...(caller.pane ? { pane: caller.pane } : {}),
      grants: intersect(caller.grants, entry.grants),
      chain: [...(caller.chain ?? []), owner],
    };
    return await command.handler({
      input,
      target,
      caller,
      requestId,
      signal,
      call: (n, i) => this.invoke(n, i, { caller: nested, signal }),
    });
  }
}

/**
 * Runs a command's `parse` and turns a zod failure into `INVALID_INPUT` with the issues; the
 * plugin runtime uses it too, so a Worker plugin's input errors read like the core's.
 *
 * @example
 * ```ts
 * import { z } from "zod";
 * import { parseInput } from "./bus.ts";
 * import { defineCommand } from "./command.ts";
 * const cmd = defineCommand({
 *   name: "demo.echo", title: "Echo", description: "Echoes.", capabilities: [],
 *   input: z.object({ text: z.string() }), handler: ({ input }) => input.text,
 * });
 * try {
 *   parseInput(cmd, { text: 1 });
 * } catch (err) {
 *   console.assert((err as { code: string }).code === "INVALID_INPUT");
 * }
 * ```
 */
export function parseInput(command: Command, raw: unknown): unknown {
  try {
    return command.parse(raw);
  } catch (err) {
    if (err instanceof z.ZodError) {
      const issues = err.issues.map((i) => ({ path: i.path.join("."), message: i.message }));
      const first = issues[0];
      throw new WeftError(
        "INVALID_INPUT",
        `Cannot call "${command.name}": ${
          first ? `${first.path || "input"}: ${first.message}` : "bad input"
        }`,
        { issues },
      );
    }
    throw err;
  }
}

function describeCaller(caller: Caller): string {
  return caller.kind === "plugin"
    ? `plugin "${caller.id}"`
    : `${caller.kind} caller "${caller.id}"`;
}
