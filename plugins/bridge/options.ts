/**
 * The bridge's options (`weft.bridge` in `deno.json`, short for `weft.plugins.bridge.options`):
 * its agents and the broker's limits.
 *
 * @module
 */

import { optionsParser, z } from "@weft/weft/plugin";

/** The schema of one agent's settings (also `bridge.add`'s input). */
export const AgentSchema = z.strictObject({
  cwd: z.string().min(1).max(4096).optional(),
  program: z.string().min(1).max(4096).optional(),
  env: z.record(z.string().regex(/^[A-Za-z_][A-Za-z0-9_]*$/), z.string()).optional(),
  model: z.string().min(1).max(200).optional(),
  systemPrompt: z.string().max(100_000).optional(),
  appendSystemPrompt: z.string().max(100_000).optional(),
  allowedTools: z.array(z.string().min(1).max(500)).max(200).optional(),
  disallowedTools: z.array(z.string().min(1).max(500)).max(200).optional(),
  permissionMode: z.enum(["default", "acceptEdits", "bypassPermissions", "plan", "dontAsk"])
    .optional(),
  maxTurns: z.number().int().min(1).max(10_000).optional(),
  timeoutMs: z.number().int().min(100).max(24 * 3600_000).optional(),
  args: z.array(z.string().max(64 * 1024)).max(200).optional(),
  headless: z.boolean().optional(),
  description: z.string().max(2000).optional(),
});

/**
 * One bridge agent's settings: how its `claude -p` turns run. `cwd` is absolute or relative to
 * the project (default: the project); `program` defaults to `claude` on PATH; `maxTurns` is
 * Claude Code's `--max-turns` (unset: no cap); `timeoutMs` ends a longer turn as failed
 * (default 10 minutes); `args` come after the bridge's own; `headless` runs turns without a
 * pane: the bridge runs `claude` from PATH itself (its grant has `run:claude`; another
 * `program` runs only in a pane).
 */
export type AgentSettings = z.output<typeof AgentSchema>;

/** A bridge agent's name: what messages and `bridge.send` address. */
export const AgentName = z.string().regex(
  /^[A-Za-z][A-Za-z0-9_.-]{0,63}$/,
  "an agent name is a letter then up to 63 letters, digits, '_', '.' or '-'",
);

/** Every option of the bridge. */
export interface Options {
  /** Agents by name (more can be added at run time with `bridge.add`). */
  agents: Readonly<Record<string, AgentSettings>>;
  /** Turns running at once, all agents together. */
  concurrency: number;
  /** Tries per message before it goes to the dead letters. */
  maxTries: number;
  /** The first retry's delay; each next one doubles it. */
  backoffMs: number;
  /** Hops a conversation may take before the bridge stops routing its replies. */
  maxHops: number;
  /** The session whose windows (one per agent) show the turns. */
  session: string;
  /** Days finished messages, their turns and their try files are kept. */
  historyDays: number;
  /** Most finished messages kept, whatever their age. */
  historyItems: number;
  /** Most MiB of try files (stream-json transcripts) kept. */
  runsMiB: number;
}

/** The options of a project that sets none. */
export const defaults: Options = {
  agents: {},
  concurrency: 2,
  maxTries: 5,
  backoffMs: 1000,
  maxHops: 20,
  session: "bridge",
  historyDays: 7,
  historyItems: 10_000,
  runsMiB: 256,
};

/**
 * Checks the bridge's options and fills in defaults.
 *
 * @example
 * ```ts
 * import { parseOptions } from "./options.ts";
 * console.assert(parseOptions({}).concurrency === 2);
 * ```
 */
export const parseOptions: (raw: unknown) => Options = optionsParser<Options>("bridge", {
  schema: z.strictObject({
    agents: z.record(AgentName, AgentSchema).optional(),
    concurrency: z.number().int().min(1).max(64).optional(),
    maxTries: z.number().int().min(1).max(100).optional(),
    backoffMs: z.number().int().min(0).max(3_600_000).optional(),
    maxHops: z.number().int().min(1).max(10_000).optional(),
    session: z.string().min(1).max(64).optional(),
    historyDays: z.number().min(0).max(3650).optional(),
    historyItems: z.number().int().min(0).max(10_000_000).optional(),
    runsMiB: z.number().min(0).max(1024 * 1024).optional(),
  }),
  defaults,
});
