/**
 * The messaging plugin's options (`weft.plugins.message.options` in the project's `deno.json`).
 *
 * @module
 */

import { optionsParser, z } from "@weft/weft/plugin";

/** How messages reach an agent pane. */
export type DeliverMode = "auto" | "prompt" | "inbox";

/** What the project may set. */
export interface Options {
  /** Longest wait through MCP, in seconds (Claude Code cuts a tool call at about 60 s). */
  mcpWaitCapSeconds: number;
  /** Longest wait through any other door, in seconds. */
  maxWaitSeconds: number;
  /** Longest message content, in bytes (UTF-8). */
  maxContentBytes: number;
  /** Most recipients one send may reach. */
  maxRecipients: number;
  /**
   * Rate limit per sender (a pane, a plugin, or all callers outside panes through one door,
   * whatever names they send as): messages per second, sustained.
   */
  sendsPerSecond: number;
  /** The same limit: how many may go at once before the rate applies. */
  sendBurst: number;
  /** Most names of callers outside panes (`--as NAME`) kept so they can be answered. */
  outsideNames: number;
  /** Days a name outside panes is kept after it last sent or waited. */
  outsideNameDays: number;
  /**
   * Default delivery into agent panes: `auto` takes the best rung the agent's vendor declares
   * (its hooks' answer at its next tool call or stop; typed into its prompt when it is idle by
   * a trusted source: status protocol, hooks), else keeps messages in the inbox; `prompt` is
   * the same (its older name); `inbox` never delivers. A pane's `deliver` meta overrides it.
   */
  deliver: DeliverMode;
  /**
   * How long after Enter a typed message may take to leave the prompt (or the agent to say it
   * took it), in ms; past it, a text still in the prompt is taken back and left undelivered.
   */
  confirmMs: number;
  /** When a typed message not yet taken is reported stalled (and Enter pressed once more), ms. */
  stallMs: number;
  /** The pause between a typed message showing in the prompt and Enter, ms. */
  pauseMs: number;
  /** SQLite's `synchronous`: `normal` survives a killed server, `full` also a power cut. */
  sync: "normal" | "full";
}

/** The defaults. */
export const defaults: Options = {
  mcpWaitCapSeconds: 50,
  maxWaitSeconds: 600,
  maxContentBytes: 64 * 1024,
  maxRecipients: 100,
  sendsPerSecond: 20,
  sendBurst: 200,
  outsideNames: 10_000,
  outsideNameDays: 30,
  deliver: "auto",
  confirmMs: 15_000,
  stallMs: 5_000,
  pauseMs: 150,
  sync: "normal",
};

const seconds = z.number().int().min(1).max(3600);

/** Checks the project's options over the defaults. */
export const parseOptions: (raw: unknown) => Options = optionsParser<Options>("message", {
  schema: z.strictObject({
    mcpWaitCapSeconds: seconds.optional(),
    maxWaitSeconds: seconds.optional(),
    maxContentBytes: z.number().int().min(1).max(16 * 1024 * 1024).optional(),
    maxRecipients: z.number().int().min(1).max(100_000).optional(),
    sendsPerSecond: z.number().positive().max(1_000_000).optional(),
    sendBurst: z.number().int().min(1).max(10_000_000).optional(),
    outsideNames: z.number().int().min(1).max(1_000_000).optional(),
    outsideNameDays: z.number().positive().max(3650).optional(),
    deliver: z.enum(["auto", "prompt", "inbox"]).optional(),
    confirmMs: z.number().int().min(100).max(600_000).optional(),
    stallMs: z.number().int().min(100).max(600_000).optional(),
    pauseMs: z.number().int().min(0).max(60_000).optional(),
    sync: z.enum(["normal", "full"]).optional(),
  }),
  defaults,
});
