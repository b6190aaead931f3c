/**
 * The sideband plugin's options (`weft.plugins.sideband.options` in `deno.json`) and defaults.
 *
 * @module
 */

import { z } from "zod";
import { optionsParser, WeftError } from "@weft/weft/plugin";
import { LIMIT_KINDS, limitsOf, TAGS } from "../../protocols/sideband/mod.ts";
import { VENDORS } from "../../protocols/agents/mod.ts";

/** How a pane's output is read for commands. */
export const MODES = ["off", "osc", "stream", "screen"] as const;

/**
 * - `off`: not read.
 * - `osc`: only OSC-form commands in the byte stream (unambiguous; for programs and scripts).
 * - `stream`: XML tags and OSC in the byte stream (plain programs, `claude -p`).
 * - `screen`: XML tags in the agent's own messages as its TUI draws them, plus OSC in the
 *   stream (Claude Code).
 */
export type Mode = typeof MODES[number];

const Mode = z.enum(MODES);

/** The default mode of each agent kind: its vendor's (`protocols/agents/`), else off. */
export const KIND_MODES: Readonly<Record<string, Mode>> = {
  ...Object.fromEntries(VENDORS.map((v) => [v.kind, v.sideband])),
  shell: "off",
  program: "off",
};
const AttrSchema = z.strictObject({
  kind: z.union([
    z.enum(["string", "pane", "bool", "ratio", "int", "count", "words"]),
    z.array(z.string()).min(1),
  ]),
  field: z.string().optional(),
  required: z.boolean().optional(),
  max: z.number().int().positive().optional(),
});
const TagSchema = z.strictObject({
  command: z.string().regex(/^[a-z][a-z0-9_]*\.[a-z][a-z0-9_.]*$/),
  summary: z.string().default(""),
  attrs: z.record(z.string(), AttrSchema).default({}),
  content: z.string().optional(),
  self: z.string().optional(),
  fixed: z.record(z.string(), z.unknown()).optional(),
  query: z.boolean().optional(),
  /** The limits its calls count against; default: those of the built-in tag with its command. */
  limits: z.enum(LIMIT_KINDS).optional(),
});

/** The options, validated, with defaults. */
export const OptionsSchema = z.strictObject({
  /** The whole plugin: false parses nothing. */
  enabled: z.boolean().default(true),
  /** The XML namespace: `<weft:spawn …/>`. */
  namespace: z.string().regex(/^[a-z][a-z0-9_-]{0,31}$/).default("weft"),
  /**
   * How panes are read, by agent kind, over the defaults (each vendor's `sideband` in
   * `protocols/agents/`, others off); `claude -p` counts as a plain program: `stream`.
   */
  kinds: z.record(z.string(), Mode).default({}).transform((kinds) => ({ ...KIND_MODES, ...kinds })),
  /** How panes are read, by pane name or id; wins over `kinds`. */
  panes: z.record(z.string(), Mode).default({}),
  /** Each tag on or off: `{"spawn": false}`; a control action by `"control:close"`. */
  commands: z.record(z.string(), z.boolean()).default({}),
  /** More tags, by name: a bus command and how attributes fill its input. */
  tags: z.record(z.string().regex(/^[a-z][a-z0-9_-]*$/), TagSchema).default({}),
  /** Hide recognised commands from what a plain-stream pane shows (agent TUIs keep theirs). */
  strip: z.boolean().default(true),
  /** Type the answer of a query (`list`, `read`) back into the agent's input. */
  replyQueries: z.boolean().default(false),
  /** ADR-002: when the MCP plugin runs too, `mcp` stops XML parsing in agent panes. */
  prefer: z.enum(["mcp", "sideband"]).default("mcp"),
  /** A pane spawned by sideband from a pane spawned by sideband … at most this deep. */
  maxDepth: z.number().int().min(0).max(100).default(5),
  /** At most this many panes spawned by sideband per session. */
  maxSpawned: z.number().int().min(0).max(10_000).default(50),
  /** At most this many inputs typed by sideband into another pane than the writer, per session. */
  maxInputs: z.number().int().min(0).max(1_000_000).default(1000),
  /** Commands per second per pane, and the burst allowed above it. */
  rate: z.strictObject({
    perSecond: z.number().positive().max(1000).default(10),
    burst: z.number().int().min(1).max(10_000).default(20),
  }).default({ perSecond: 10, burst: 20 }),
  /** Largest tag, in UTF-8 bytes. */
  maxTagBytes: z.number().int().min(64).max(16 * 1024 * 1024).default(64 * 1024),
  /** How long an unfinished command in the byte stream is held before it is let go. */
  holdMs: z.number().int().min(10).max(60_000).default(1000),
  /** The shortest time between two reads of an agent's screen. */
  scanMs: z.number().int().min(20).max(10_000).default(200),
  /** Entries kept in each pane's sideband log. */
  logSize: z.number().int().min(1).max(100_000).default(500),
});

/** Validated options. */
export type Options = z.infer<typeof OptionsSchema>;

/** The defaults, as a project would write them. */
export const defaults: Options = OptionsSchema.parse({});

/**
 * Validates the plugin's options over {@link defaults}; unknown keys are errors that name the key.
 *
 * @example
 * ```ts
 * import { parseOptions } from "./options.ts";
 * const options = parseOptions({ commands: { spawn: false } });
 * console.assert(options.maxDepth === 5 && options.commands.spawn === false);
 * ```
 */
export function parseOptions(raw: unknown): Options {
  const options = parse(raw);
  for (const [name, tag] of Object.entries(options.tags)) {
    if (Object.hasOwn(TAGS, name)) {
      throw new WeftError(
        "INVALID_INPUT",
        `Cannot start plugin "sideband": tag "${name}" is built in`,
      );
    }
    // A tag that spawns or types counts against the limits however it is named.
    const limits = limitsOf(tag);
    if (limits) tag.limits = limits;
  }
  return options;
}

const parse = optionsParser<Options>("sideband", { schema: OptionsSchema, defaults });
