/**
 * The pane a client runs in, as its `server.hello` claims it: `WEFT_PANE` with that pane's own
 * key (`WEFT_SIDEBAND_KEY`), which the server checks. A claim without the key is not believed:
 * the client then acts as no pane.
 *
 * @module
 */

import { SIDEBAND_KEY_ENV } from "../../protocols/sideband/key.ts";
import type { HelloOptions } from "./client.ts";

/**
 * The `pane` and `key` of a hello from an environment (none outside panes).
 *
 * @example
 * ```ts
 * import { paneHello } from "./pane_hello.ts";
 * const env: Record<string, string> = { WEFT_PANE: "p2", WEFT_SIDEBAND_KEY: "5f1c" };
 * console.assert(paneHello((name) => env[name]).key === "5f1c");
 * console.assert(paneHello(() => undefined).pane === undefined);
 * ```
 */
export function paneHello(
  env: (name: string) => string | undefined,
): Pick<HelloOptions, "pane" | "key"> {
  const pane = env("WEFT_PANE");
  if (!pane) return {};
  const key = env(SIDEBAND_KEY_ENV);
  return key ? { pane, key } : { pane };
}

/** Why the server did not believe the client's pane (`server.hello`'s `paneRefused`), if so. */
export function paneRefused(hello: Record<string, unknown>): string | undefined {
  return typeof hello.paneRefused === "string" ? hello.paneRefused : undefined;
}
