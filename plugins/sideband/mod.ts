/**
 * `sideband`: commands an agent writes in its own output (ccmux ADR-002, fugue FEAT-019), run
 * as the pane that wrote them, with no configuration at all.
 *
 * - Claude Code panes are read on their screen: XML tags in the agent's own messages count,
 *   never those in tool output, in the user's prompt or drawn as code; each runs once however
 *   often the message is redrawn. Plain programs and `claude -p` are read as a byte stream;
 *   the OSC form (`ESC ] 9338 ; …`) is read wherever parsing is on, and runs only with the
 *   pane's key (`WEFT_SIDEBAND_KEY`, checked by the core). The grammar is in
 *   `protocols/sideband/`.
 * - Limits: spawn depth (5), panes spawned per session (50), inputs into other panes per
 *   session (1000), commands per second per pane (10, burst 20); a switch per tag and for the
 *   plugin; every value checked before anything runs. Each pane's sideband log (`weft sideband
 *   log PANE`, `sideband.log`, and the events `sideband.ran|refused|failed|invalid`) says what
 *   ran, what was refused and why; `sideband.scanned` tells of each look at a pane.
 * - Commands: `sideband.log`, `sideband.set` (a pane's mode: auto, off, osc, stream, screen),
 *   `sideband.status`.
 *
 * @example
 * ```ts
 * import sideband from "./mod.ts";
 * console.assert(sideband.manifest.commands.some((c) => c.name === "sideband.log"));
 * ```
 *
 * @module
 */

import { definePlugin, type PluginContext, type WeftEvent, withState, z } from "@weft/weft/plugin";
import {
  declaredTags,
  limitsOf,
  OSC_NUMBER,
  TAGS,
  type TagSpec,
  type TagTable,
  type TagVariants,
} from "../../protocols/sideband/mod.ts";
import { SidebandLog } from "./_log.ts";
import { modeOf } from "./_mode.ts";
import { RateLimiter } from "@weft/weft/plugin";
import { PaneReader } from "./_reader.ts";
import { Runner } from "./_runner.ts";
import { Spawns } from "./_spawns.ts";
import { type Mode, MODES, type Options, parseOptions } from "./options.ts";
import type { CoreEvents, PaneInfo } from "@weft/weft/plugin";

export { defaults, parseOptions } from "./options.ts";
export type { Mode, Options } from "./options.ts";

/** The plugin's state in its Worker, once set up: what every handler receives. */
class Sideband {
  readonly options: Options;
  readonly log: SidebandLog;
  #ctx: PluginContext;
  #runner: Runner;
  #spawns = new Spawns();
  #rate: RateLimiter;
  #readers = new Map<string, PaneReader>();
  #panes = new Map<string, PaneInfo>();
  #overrides = new Map<string, Mode>();
  #mcp = false;
  /** The runner's table: built-in and configured tags, then those commands declare. */
  #table: Record<string, TagSpec | TagVariants>;
  #declared = new Set<string>();
  #skipped = new Set<string>();

  constructor(ctx: PluginContext, options: Options) {
    this.#ctx = ctx;
    this.options = options;
    this.log = new SidebandLog(options.logSize);
    this.#rate = new RateLimiter(options.rate);
    // zod leaves optional keys out rather than undefined, which is what TagTable means.
    this.#table = { ...TAGS, ...(options.tags as TagTable) };
    this.#runner = new Runner({
      options,
      table: this.#table,
      log: this.log,
      spawns: this.#spawns,
      rate: this.#rate,
      callAs: (pane, name, input) =>
        ctx.call(name, input, { onBehalf: { kind: "sideband", id: pane, pane } }),
      call: (name, input) => ctx.call(name, input),
      checkKey: (pane, key) => ctx.call("pane.check_key", { pane, key }).then((r) => r.valid),
      publish: (topic, data, pane) => ctx.publish(topic, data, pane),
    });
  }

  async start(): Promise<void> {
    const status = await this.#ctx.call(
      "server.status",
      {},
    );
    this.#mcp = status.plugins?.some((p) => p.name === "mcp" && p.state === "running") ?? false;
    this.#ctx.subscribe({ topics: ["bus.commands_changed"] }, () => void this.#learnTags());
    await this.#learnTags();
    this.#ctx.subscribe(
      {
        topics: [
          "pane.created",
          "pane.closed",
          "pane.changed",
          "pane.current",
          "plugin.started",
          "plugin.stopped",
          "plugin.crashed",
          "plugin.failed",
        ],
      },
      (event) => this.#event(event),
    );
    const { panes } = await this.#ctx.call("pane.list", {});
    for (const pane of panes) {
      this.#spawns.learn(pane);
      this.#panes.set(pane.id, pane);
      this.#apply(pane.id, true);
    }
  }

  /** A pane's mode, as read now. */
  mode(pane: string): Mode {
    return this.#readers.get(pane)?.mode ?? "off";
  }

  /**
   * Overrides a pane's mode (`auto` goes back to the rules). The reader it starts is the
   * plugin's own work and outlives the command that asked for it, hence `detached`.
   */
  set(pane: string, mode: Mode | "auto"): Mode {
    if (mode === "auto") this.#overrides.delete(pane);
    else this.#overrides.set(pane, mode);
    this.#ctx.detached(() => this.#apply(pane, true));
    return this.mode(pane);
  }

  /** Every pane known, with its mode. */
  panes(): { pane: string; mode: Mode; agent: string }[] {
    return [...this.#panes.values()].map((p) => ({
      pane: p.id,
      mode: this.mode(p.id),
      agent: p.agent,
    }));
  }

  get mcp(): boolean {
    return this.#mcp;
  }

  #event(event: WeftEvent): void {
    const data = event.data as Record<string, unknown>;
    if (event.topic === "pane.created") {
      const pane = data as unknown as PaneInfo;
      // Created again under its id (respawned): a new program, so a new reader.
      this.#readers.get(pane.id)?.stop();
      this.#readers.delete(pane.id);
      this.#panes.set(pane.id, pane);
      this.#apply(pane.id, false);
    } else if (event.topic === "pane.changed" || event.topic === "pane.current") {
      // The agent kind follows the program in front (a shell where someone typed `claude`).
      const change = data as Partial<CoreEvents["pane.changed"] & CoreEvents["pane.current"]>;
      const pane = this.#panes.get(String(change.pane));
      if (!pane) return;
      if (change.agent !== undefined) pane.agent = change.agent;
      if (change.current !== undefined) pane.current = change.current;
      this.#apply(pane.id, true);
    } else if (event.topic === "pane.closed") {
      const id = String(data.pane);
      this.#readers.get(id)?.stop();
      this.#readers.delete(id);
      this.#panes.delete(id);
      this.#overrides.delete(id);
      this.#rate.forget(id);
    } else if (data.name === "mcp") {
      const running = event.topic === "plugin.started";
      if (running === this.#mcp) return;
      this.#mcp = running;
      for (const id of this.#panes.keys()) this.#apply(id, true);
    }
  }

  /**
   * Takes the tags that commands declare in their specs into the table (kept in place: the
   * runner holds it), so a plugin's tag works without editing a table here.
   */
  async #learnTags(): Promise<void> {
    const { commands } = await this.#ctx.call("server.commands", { tagged: true }).catch(() => ({
      commands: [],
    }));
    for (const name of this.#declared) delete this.#table[name];
    const taken = new Set(Object.keys(this.#table));
    const { table, skipped } = declaredTags(commands, taken);
    for (const name of skipped.filter((n) => !this.#skipped.has(n))) {
      this.#skipped.add(name);
      this.#ctx.log(`tag ${name} is taken; skipped`);
    }
    this.#declared = new Set(Object.keys(table));
    for (const [name, spec] of Object.entries(table) as [string, TagSpec][]) {
      const limits = limitsOf(spec);
      this.#table[name] = limits ? { ...spec, limits } : spec;
    }
  }

  #apply(id: string, prime: boolean): void {
    const pane = this.#panes.get(id);
    if (!pane) return;
    const mode = modeOf(pane, this.options, { mcp: this.#mcp, override: this.#overrides.get(id) });
    const current = this.#readers.get(id);
    if (current?.mode === mode) return;
    current?.stop();
    this.#readers.delete(id);
    const strip = mode === "stream" && this.options.strip;
    if (strip || current?.mode === "stream") {
      this.#ctx.call("pane.set", { pane: id, displayFilter: strip ? "sideband" : null })
        .catch((err) =>
          this.#ctx.log(`Cannot set the display filter of pane "${id}": ${err.message}`)
        );
    }
    if (mode === "off") return;
    const reader = new PaneReader(id, mode, {
      options: this.options,
      subscribe: (filter, listener) => this.#ctx.subscribe(filter, listener),
      readScreen: (pane) => this.#ctx.call("pane.read", { pane, mode: "history", ansi: true }),
      found: (found) => void this.#runner.run(found),
      invalid: (pane, source, error) =>
        void this.#runner.invalid(pane, source, error.reason, error.raw),
      scanned: (report) => this.#ctx.publish("sideband.scanned", report, id),
      warn: (message) => this.#ctx.log(message),
    }, { prime });
    this.#readers.set(id, reader);
    reader.start();
  }
}

const { defineCommand } = withState<Sideband>();

const log = defineCommand({
  name: "sideband.log",
  title: "Sideband log",
  description: "What a pane's sideband did: every command found in its output with what became " +
    "of it (ran, refused, failed, invalid), the reason, and a query's answer. Oldest first.",
  capabilities: ["pane:read"],
  mcp: { readOnly: true, name: "sideband_log" },
  targets: [{ kind: "pane", field: "pane", fallback: "caller" }],
  input: z.object({
    pane: z.string().optional().describe("Pane id or name. Default: the caller's pane."),
    limit: z.number().int().min(1).max(100_000).optional().describe("Only the last N entries."),
    since: z.number().int().min(0).optional().describe("Only entries after this seq."),
  }),
  handler: ({ input, targets: { pane }, state: s }) => {
    const pick = {
      ...(input.limit === undefined ? {} : { limit: input.limit }),
      ...(input.since === undefined ? {} : { since: input.since }),
    };
    return { pane, mode: s.mode(pane), entries: s.log.entries(pane, pick) };
  },
});

const set = defineCommand({
  name: "sideband.set",
  title: "Set a pane's sideband mode",
  description: "How a pane's output is read for commands: off, osc (OSC form only), stream " +
    "(XML and OSC in the byte stream: plain programs, claude -p), screen (the agent's messages " +
    "as its TUI draws them: Claude Code), or auto (by its agent kind and the config).",
  capabilities: ["pane:control"],
  targets: [{ kind: "pane", field: "pane", fallback: "caller" }],
  input: z.object({
    pane: z.string().optional().describe("Pane id or name. Default: the caller's pane."),
    mode: z.enum(["auto", ...MODES]),
  }),
  handler: ({ input, targets: { pane }, state }) => ({ pane, mode: state.set(pane, input.mode) }),
});

const status = defineCommand({
  name: "sideband.status",
  title: "Sideband status",
  description:
    "Whether sideband parsing is on, its namespace and limits, and how each pane is read.",
  capabilities: ["pane:read"],
  mcp: { readOnly: true, name: "sideband_status" },
  input: z.object({}),
  handler: ({ state: s }) => {
    const { enabled, namespace, prefer, maxDepth, maxSpawned, rate, replyQueries } = s.options;
    return {
      enabled,
      namespace,
      prefer,
      mcp: s.mcp,
      maxDepth,
      maxSpawned,
      rate,
      replyQueries,
      panes: s.panes(),
    };
  },
});

export default definePlugin({
  name: "sideband",
  version: "1.0.0",
  description:
    `Commands agents write in their own output (<weft:spawn …/>, OSC ${OSC_NUMBER}), run as their pane.`,
  // canvas:draw: an agent's `<weft:canvas …/>` opens a canvas beside it (issue 15);
  // message:send: its `<weft:send to=…>` sends a message as the pane (issue 13).
  capabilities: [
    "pane:read",
    "pane:write",
    "pane:spawn",
    "pane:control",
    "layout:write",
    "canvas:draw",
    "message:send",
  ],
  commands: [log, set, status],
  options: parseOptions,
  setup: async (ctx) => {
    const sideband = new Sideband(ctx, ctx.options);
    await sideband.start();
    return sideband;
  },
});
