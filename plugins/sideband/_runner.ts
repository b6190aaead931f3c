/**
 * Runs a command found in a pane's output: check the OSC form's key, resolve it by the tag
 * table, check the switches and the rate, then the limits its tag counts against (a table by
 * kind, `_limits.ts`), call the bus as that pane, log what happened, and answer a query when
 * there is a way to.
 *
 * @module
 */

import { WeftError } from "@weft/weft/plugin";
import {
  encodeOscReply,
  OSC_KEY_ATTR,
  OSC_REPLY,
  redactKeys,
  type ResolvedTag,
  resolveTag,
  type SidebandCommand,
  type TagTable,
} from "../../protocols/sideband/mod.ts";
import { TypedEcho } from "./_echo.ts";
import { Counter, type LimitDeps, LIMITS } from "./_limits.ts";
import type { LogEntry, SidebandLog } from "./_log.ts";
import type { RateLimiter } from "@weft/weft/plugin";
import type { Spawns } from "./_spawns.ts";
import type { Options } from "./options.ts";

export type { PaneFacts } from "./_limits.ts";

/** A command as found, with where it came from. */
export interface Found {
  pane: string;
  source: "stream" | "screen";
  command: SidebandCommand;
  /** Set when the finder already knows the command must not run: why (logged, not answered). */
  refuse?: string;
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
  /**
   * Whether `key` is the key the core gave `pane` (its `WEFT_SIDEBAND_KEY`). The core compares;
   * the plugin never holds a pane's key (see `pane.check_key`).
   */
  checkKey: (pane: string, key: string) => Promise<boolean>;
  /** Publishes a `sideband.*` event about a pane. */
  publish: (topic: string, data: unknown, pane: string) => void;
}

type Resolved = Extract<ResolvedTag, { ok: true }>;
type Reply = { ok: true; value: unknown } | { ok: false; code: string; message: string };
type Base = Pick<LogEntry, "pane" | "source" | "form" | "raw">;

/** Runs found commands one at a time per pane, in the order found. */
export class Runner {
  #d: RunnerDeps;
  #queues = new Map<string, Promise<unknown>>();
  #echo = new TypedEcho();
  #limits: LimitDeps;

  constructor(deps: RunnerDeps) {
    this.#d = deps;
    this.#limits = {
      options: deps.options,
      spawns: deps.spawns,
      inputs: new Counter(),
      echo: this.#echo,
      call: deps.call,
    };
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
    const base: Base = { pane, source: found.source, form: command.form, raw: command.raw };
    if (command.form === "osc" && command.name === OSC_REPLY) {
      // The echo of an answer weft wrote to this pane: not a command.
      return this.#record({
        ...base,
        tag: OSC_REPLY,
        outcome: "refused",
        reason: "an answer, not a command",
      });
    }
    // Refused without an answer, even a query: an answer typed back for text the agent merely
    // showed would make it write again.
    let silent = found.refuse;
    let unlocked = command;
    if (silent === undefined && command.form === "osc") {
      const keyed = await this.#unlock(pane, command);
      if (typeof keyed === "string") silent = keyed;
      else unlocked = keyed;
    }
    const resolved = resolveTag(unlocked, this.#d.table, pane);
    if (silent !== undefined) {
      return this.#record({ ...base, tag: resolved.tag, outcome: "refused", reason: silent });
    }
    const reason = this.#refusal(found, resolved);
    if (reason !== undefined) return this.#refuse(found, base, resolved, reason);
    return await this.#call(found, base, resolved as Resolved);
  }

  /**
   * The OSC command without its key, or why it is refused: a program's own OSC carries its
   * pane's key; bytes it merely shows (a `cat` of a file) cannot know it.
   */
  async #unlock(pane: string, command: SidebandCommand): Promise<SidebandCommand | string> {
    const { [OSC_KEY_ATTR]: key, ...attrs } = command.attrs;
    const how = `the OSC form needs ${OSC_KEY_ATTR}=$WEFT_SIDEBAND_KEY of the pane that writes it`;
    if (key === undefined) return `no key: ${how}`;
    const valid = await this.#d.checkKey(pane, key).catch(() => false);
    return valid ? { ...command, attrs } : `wrong key: ${how}`;
  }

  /** Why a command must not run before anything is called, or undefined. */
  #refusal(found: Found, resolved: ResolvedTag): string | undefined {
    if (found.source === "stream" && this.#echo.isEcho(found.pane, found.command.raw)) {
      return "the echo of text weft typed into this pane";
    }
    if (!resolved.ok) return resolved.reason;
    const switched = this.#switchedOff(resolved.tag);
    if (switched) return `turned off in the config (commands.${switched})`;
    if (!this.#d.rate.take(found.pane)) {
      const { perSecond, burst } = this.#d.options.rate;
      return `more than ${perSecond} commands a second (burst ${burst}) from this pane`;
    }
    return undefined;
  }

  #refuse(found: Found, base: Base, resolved: ResolvedTag, reason: string, extra = {}): LogEntry {
    const entry = this.#record({
      ...base,
      tag: resolved.tag,
      outcome: "refused",
      reason,
      ...extra,
    });
    this.#answer(found, resolved, { ok: false, code: "DENIED", message: reason });
    return entry;
  }

  /** Checks the limits the tag counts against, calls the bus as the pane, and logs the outcome. */
  async #call(found: Found, base: Base, resolved: Resolved): Promise<LogEntry> {
    const { pane } = found;
    const { command, spec } = resolved;
    let input = resolved.input;
    try {
      let ran: ((value: unknown) => void) | undefined;
      if (spec.limits) {
        const checked = await LIMITS[spec.limits]({ pane, input }, this.#limits);
        if ("refuse" in checked) {
          return this.#refuse(found, base, resolved, checked.refuse, { command, input });
        }
        ({ input, ran } = checked);
      }
      const value = await this.#d.callAs<unknown>(pane, command, input);
      ran?.(value);
      const entry = this.#record({
        ...base,
        tag: resolved.tag,
        outcome: "ran",
        command,
        input,
        value: spec.query ? value : summary(value),
      });
      if (spec.query) this.#answer(found, resolved, { ok: true, value });
      return entry;
    } catch (err) {
      const error = err instanceof WeftError ? err : new WeftError("INTERNAL", String(err));
      this.#answer(found, resolved, { ok: false, code: error.code, message: error.message });
      return this.#record({
        ...base,
        tag: resolved.tag,
        outcome: "failed",
        command,
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

  /** Answers a query: in the OSC form on the program's input, in the XML form when opted in. */
  #answer(found: Found, resolved: ResolvedTag, reply: Reply): void {
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

  /** Logs and publishes an entry; a pane's key never reaches either. */
  #record(entry: Omit<LogEntry, "seq" | "time">): LogEntry {
    const full = this.#d.log.add({ ...entry, raw: redactKeys(entry.raw) });
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
