/**
 * The `mcp` plugin's options, as a project writes them under `weft.plugins.mcp.options`.
 *
 * @module
 */

import { optionsParser, z } from "@weft/weft/plugin";
import { checkProfile, type ToolFilter } from "../../protocols/mcp/mod.ts";

/** Every option of the `mcp` plugin. */
export interface Options extends ToolFilter {
  /** HTTP port on 127.0.0.1; 0 picks a free one (written to `.weft/server.json`). */
  port: number;
  /** Serve pane screens as resources `weft://pane/{id}`. */
  resources: boolean;
  /** Most resource-updated notifications per pane per second. */
  updatesPerSecond: number;
  /**
   * Test only, never for real use: accept HTTP requests without the bearer token (the MCP
   * conformance runner sends none) and serve the suite's two fixture resources. Host and
   * Origin are still checked.
   */
  unsafeConformanceMode: boolean;
}

/** The options of a project that sets none. */
export const defaults: Options = {
  // An agent's context pays for each tool listed: a dozen, compact (protocols/mcp/profiles.ts).
  tools: "agent",
  port: 0,
  resources: true,
  updatesPerSecond: 10,
  unsafeConformanceMode: false,
};

const Schema = z.strictObject({
  port: z.number().int().min(0).max(65535).optional(),
  tools: z.union([
    z.string().superRefine((name, ctx) => {
      try {
        checkProfile(name);
      } catch (err) {
        ctx.addIssue({ code: "custom", message: (err as Error).message });
      }
    }),
    z.array(z.string().min(1)),
  ]).optional(),
  hide: z.array(z.string().min(1)).optional(),
  readOnly: z.boolean().optional(),
  resources: z.boolean().optional(),
  updatesPerSecond: z.number().min(0.1).max(1000).optional(),
  unsafeConformanceMode: z.boolean().optional(),
});

/**
 * Validates the plugin's options and fills in the defaults; a wrong key is named.
 *
 * @example
 * ```ts
 * import { parseOptions } from "./options.ts";
 * const options = parseOptions({ readOnly: true });
 * console.assert(options.readOnly === true && options.port === 0);
 * ```
 */
export const parseOptions: (raw: unknown) => Options = optionsParser<Options>("mcp", {
  schema: Schema,
  defaults,
});
