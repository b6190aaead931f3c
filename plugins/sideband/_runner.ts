/**
 * Runs a command found in a pane's output: resolve it by the tag table, check the switches,
 * the rate, the spawn depth and count, call the bus as that pane, log what happened, and answer
 * a query when there is a way to.
 *
 * @module
 */

import { isAbsolute, join } from "node:path";
import { WeftError } from "@weft/weft/plugin";
import {
  encodeOscReply,
  type ResolvedTag,
  resolveTag,
  type SidebandCommand,
  type TagTable,
} from "../../protocols/sideband/mod.ts";
import { TypedEcho } from "./_echo.ts";
import type { LogEntry, SidebandLog } from "./_log.ts";
import type { RateLimiter } from "./_rate.ts";
import { DEPTH_TAG, type Spawns } from "./_spawns.ts";
import type { Options } from "./options.ts";

/** A command as found, with where it came from. */
export interface Found {
  pane: string;
  source: "stream" | "screen";
  command: SidebandCommand;
  /** Set when the finder already knows the command must not run: why (logged, not answered). */
  refuse?: string;
}

/** What a pane looks like to the runner (from `pane.status`). */
export interface PaneFacts {
  id: string;
  session: string;
  cwd: string;
}

/** What the runner needs. */
export interface RunnerDeps {
  options: Options;
  table: TagTable;
  log: SidebandLog;
  spawns: Spawns;
  rate: RateLimiter;
  /** Calls a bus command as the pane's sideband (attribution and rights are the pane's). */
  callAs: <T>(pane: string, name: string, input: unknown) => Promise<T>;
  /** Calls a bus command as the plugin. */
  call: <T>(name: string, input: unknown) => Promise<T>;
  /** Publishes a `sideband.*` event about a pane. */
  publish: (topic: string, data: unknown, pane: string) => void;
}

/** Runs found commands one at a time per pane, in the order found. */
export class Runner {
  #d: RunnerDeps;
  #queues = new Map<string, Promise<unknown>>();
  #echo = new TypedEcho();

  constructor(deps: RunnerDeps) {
    this.#d = deps;
  }

  /** Queues a found command behind the pane's earlier ones; resolves with its log entry. */
  run(found: Found): Promise<LogEntry> {
    return this.#queue(found.pane, () => this.#run(found));
  }

  /** Logs a command that could not be read, in its place among the pane's commands. */
  invalid(pane: string, source: Found["source"], reason: string, raw: string): Promise<LogEntry> {
    return this.#queue(pane, () => this.#record({ pane, source, outcome: "invalid", reason, raw }));
  }

  #queue(pane: string, task: () => LogEntry | Promise<LogEntry>): Promise<LogEntry> {
    const previous = this.#queues.get(pane) ?? Promise.resolve();
    const next = previous.then(task);
    this.#queues.set(pane, next.catch(() => {}));
    return next;
  }

  async #run(found: Found): Promise<LogEntry> {
    const { command, pane } = found;
    const base = { pane, source: found.source, form: command.form, raw: command.raw };
    const resolved = resolveTag(command, this.#d.table, pane);
    const refuse = (reason: string, extra: object = {}) => {
      const entry = this.#record({
        ...base,
        tag: resolved.tag,
        outcome: "refused",
        reason,
        ...extra,
      });
      this.#answer(found, resolved, { ok: false, code: "DENIED", message: reason });
      return entry;
    };
    if (command.form === "osc" && command.name === "result") {
      // The echo of an answer weft wrote to this pane: not a command.
      return this.#record({
        ...base,
        tag: "result",
        outcome: "refused",
        reason: "an answer, not a command",
      });
    }
    if (found.refuse !== undefined) {
      // Not answered, even a query: an answer typed back for text the agent merely showed
      // would make it write again.
      return this.#record({ ...base, tag: resolved.tag, outcome: "refused", reason: found.refuse });
    }
    if (found.source === "stream" && this.#echo.isEcho(pane, command.raw)) {
      return refuse("the echo of text weft typed into this pane");
    }
    if (!resolved.ok) return refuse(resolved.reason);
    const switched = this.#switchedOff(resolved.tag);
    if (switched) return refuse(`turned off in the config (commands.${switched})`);
    if (!this.#d.rate.take(pane)) {
      const { perSecond, burst } = this.#d.options.rate;
      return refuse(`more than ${perSecond} commands a second (burst ${burst}) from this pane`);
    }
    let input = resolved.input;
    let spawn: { session: string; depth: number } | undefined;
    const call = { command: resolved.command, input };
    try {
      if (resolved.command === "pane.create") {
        const checked = await this.#checkSpawn(pane, input);
        if (typeof checked === "string") return refuse(checked, call);
        ({ input, spawn } = checked);
      }
      if (resolved.command === "pane.write") this.#noteTyped(input.pane, input);
      const value = await this.#d.callAs<unknown>(pane, resolved.command, input);
      if (resolved.command === "pane.write") {
        this.#noteTyped((value as { pane?: unknown })?.pane, input);
      }
      if (spawn) this.#noteSpawn(value, spawn);
      const entry = this.#record({
        ...base,
        tag: resolved.tag,
        outcome: "ran",
        command: resolved.command,
        input,
        value: resolved.spec.query ? value : summary(value),
      });
      if (resolved.spec.query) this.#answer(found, resolved, { ok: true, value });
      return entry;
    } catch (err) {
      const error = err instanceof WeftError ? err : new WeftError("INTERNAL", String(err));
      this.#answer(found, resolved, { ok: false, code: error.code, message: error.message });
      return this.#record({
        ...base,
        tag: resolved.tag,
        outcome: "failed",
        command: resolved.command,
        input,
        code: error.code,
        reason: error.message,
      });
    }
  }

  #switchedOff(tag: string): string | undefined {
    const commands = this.#d.options.commands;
    const base = tag.split(":")[0]!;
    if (commands[base] === false) return base;
    return commands[tag] === false ? tag : undefined;
  }

  /** The depth and count limits, and the spawn's cwd and depth tag; a string is a refusal. */
  async #checkSpawn(
    pane: string,
    input: Record<string, unknown>,
  ): Promise<
    string | { input: Record<string, unknown>; spawn: { session: string; depth: number } }
  > {
    const { maxDepth, maxSpawned } = this.#d.options;
    const writer = await this.#d.call<PaneFacts>("pane.status", { pane });
    const depth = this.#d.spawns.depth(pane) + 1;
    if (depth > maxDepth) {
      return `spawn depth ${depth} is more than ${maxDepth} (panes spawned by sideband from panes spawned by sideband)`;
    }
    if (this.#d.spawns.count(writer.session) >= maxSpawned) {
      return `session ${writer.session} already has ${maxSpawned} panes spawned by sideband`;
    }
    // `cmd` runs in the writer's directory; a relative `cwd` is taken from there too.
    const cwd = typeof input.cwd === "string" ? input.cwd : undefined;
    const dir = cwd === undefined ? writer.cwd : isAbsolute(cwd) ? cwd : join(writer.cwd, cwd);
    return {
      input: { ...input, cwd: dir, tags: [`${DEPTH_TAG}${depth}`] },
      spawn: { session: writer.session, depth },
    };
  }

  /** Text typed into a pane is remembered under the name it was given by, then its id. */
  #noteTyped(pane: unknown, input: Record<string, unknown>): void {
    const text = typeof input.text === "string" ? input.text : "";
    if (text && typeof pane === "string") this.#echo.note(pane, text);
  }

  #noteSpawn(value: unknown, spawn: { session: string; depth: number }): void {
    const id = (value as { id?: unknown } | null)?.id;
    if (typeof id === "string") this.#d.spawns.add(id, spawn.session, spawn.depth);
  }

  /** Answers a query: in the OSC form on the program's input, in the XML form when opted in. */
  #answer(
    found: Found,
    resolved: ResolvedTag,
    reply: { ok: true; value: unknown } | { ok: false; code: string; message: string },
  ): void {
    if (!resolved.ok || !resolved.spec.query) return;
    const { pane, command } = found;
    const id = resolved.id === undefined ? {} : { id: resolved.id };
    let write: Record<string, unknown> | undefined;
    if (command.form === "osc") {
      write = { pane, text: encodeOscReply({ tag: resolved.tag, ...id, ...reply }), paste: false };
    } else if (this.#d.options.replyQueries) {
      // No `<` in the answer, so the pane's echo of it cannot hold a tag.
      const body = reply.ok
        ? JSON.stringify(reply.value).replaceAll("<", "\\u003c")
        : `${reply.code}: ${reply.message}`;
      const text = `weft ${resolved.tag}${resolved.id ? ` ${resolved.id}` : ""}: ${body}`;
      write = { pane, text: text.replaceAll("<", "‹"), submit: true };
    }
    if (!write) return;
    this.#echo.note(pane, String(write.text));
    this.#d.call("pane.write", write).catch((err) => {
      this.#record({
        pane,
        source: found.source,
        outcome: "failed",
        tag: resolved.tag,
        command: "pane.write",
        reason: `Cannot answer the query: ${(err as Error).message}`,
        raw: command.raw,
      });
    });
  }

  #record(entry: Omit<LogEntry, "seq" | "time">): LogEntry {
    const full = this.#d.log.add(entry);
    this.#d.publish(`sideband.${entry.outcome}`, full, entry.pane);
    return full;
  }
}

/** What to keep of a command's result in the log: a pane's id and name, else nothing big. */
function summary(value: unknown): unknown {
  if (value === null || typeof value !== "object") return value;
  const v = value as Record<string, unknown>;
  if (typeof v.id === "string") return { id: v.id, ...(v.name ? { name: v.name } : {}) };
  const json = JSON.stringify(value);
  return json.length <= 200 ? value : undefined;
}
