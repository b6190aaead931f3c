/**
 * The `web` plugin's options, as a project writes them under `weft.plugins.web.options`.
 *
 * @module
 */

import { optionsParser, z } from "@weft/weft/plugin";

/** Every option of the `web` plugin. */
export interface Options {
  /** HTTP port on 127.0.0.1; 0 picks a free one (written to `.weft/server.json`). */
  port: number;
  /** Serve only views that cannot type, split or close. */
  readOnly: boolean;
  /**
   * Bytes of one pane's output in flight to a page (sent and not yet drawn) past which that
   * pane's output is dropped and it is resynced from snapshots.
   */
  maxBufferedBytes: number;
  /** A page's login ends after this long without a request (ms; default 12 h). */
  sessionIdleMs: number;
  /** A page's login ends this long after it began, used or not (ms; default 7 days). */
  sessionMaxMs: number;
  /**
   * Host names besides loopback the page answers to: your own reverse proxy's (Tailscale
   * serve, a tunnel) in front of the loopback port. The Host header must be exactly the name
   * and Origin, when sent, `https://` or `http://` on it. Empty: loopback only.
   */
  allowedHosts: string[];
}

/** The options of a project that sets none. */
export const defaults: Options = {
  port: 0,
  readOnly: false,
  maxBufferedBytes: 64 * 1024,
  sessionIdleMs: 12 * 3600_000,
  sessionMaxMs: 7 * 24 * 3600_000,
  allowedHosts: [],
};

const Schema = z.strictObject({
  port: z.number().int().min(0).max(65535).optional(),
  readOnly: z.boolean().optional(),
  maxBufferedBytes: z.number().int().min(1024).optional(),
  sessionIdleMs: z.number().int().min(1000).optional(),
  sessionMaxMs: z.number().int().min(1000).optional(),
  allowedHosts: z.array(
    z.string().max(253).regex(/^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*$/, {
      message: "a host name in lower case (letters, digits, dots, dashes), without a port",
    }),
  ).max(16).optional(),
});

/**
 * Validates the plugin's options and fills in the defaults; a wrong key is named.
 *
 * @example
 * ```ts
 * import { parseOptions } from "./options.ts";
 * console.assert(parseOptions({ readOnly: true }).port === 0);
 * ```
 */
export const parseOptions: (raw: unknown) => Options = optionsParser<Options>("web", {
  schema: Schema,
  defaults,
});
