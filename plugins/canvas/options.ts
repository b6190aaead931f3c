/**
 * The canvas plugin's options (`weft.plugins.canvas.options` in `deno.json`) and defaults.
 *
 * @module
 */

import { optionsParser, z } from "@weft/weft/plugin";

/** Every option of the canvas plugin. */
export interface Options {
  /** Most bytes read of a file (its head; a log's tail); the rest is not shown. */
  maxBytes: number;
  /** Most bytes read of a log's end. */
  tailBytes: number;
  /** How long file changes settle before a redraw (ms). */
  debounceMs: number;
  /** How often an agents board redraws to keep its ages current (ms; 0: only on changes). */
  agentsTickMs: number;
  /** How long `git diff` may run for a `diff` canvas of a git range (ms). */
  gitTimeoutMs: number;
}

/** The options of a project that sets none. */
export const defaults: Options = {
  maxBytes: 1024 * 1024,
  tailBytes: 256 * 1024,
  debounceMs: 15,
  agentsTickMs: 5000,
  gitTimeoutMs: 10_000,
};

/**
 * Checks the plugin's options and fills in the defaults; an unknown key is an error.
 *
 * @example
 * ```ts
 * import { parseOptions } from "./options.ts";
 * console.assert(parseOptions({ debounceMs: 5 }).debounceMs === 5);
 * ```
 */
export const parseOptions: (raw: unknown) => Options = optionsParser<Options>("canvas", {
  schema: z.strictObject({
    maxBytes: z.number().int().min(1024).max(64 * 1024 * 1024).optional(),
    tailBytes: z.number().int().min(1024).max(64 * 1024 * 1024).optional(),
    debounceMs: z.number().int().min(0).max(10_000).optional(),
    agentsTickMs: z.number().int().min(0).max(3_600_000).optional(),
    gitTimeoutMs: z.number().int().min(100).max(600_000).optional(),
  }),
  defaults,
});
