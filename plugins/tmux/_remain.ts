/**
 * tmux's `remain-on-exit` for the panes the shim made (tagged `tmux`): when their program ends
 * the pane closes, as a tmux pane does, unless the option says to keep it (`on`, or `failed`
 * and the program failed). Panes made otherwise stay as weft keeps them.
 *
 * @module
 */

import type { BusCall } from "@weft/weft/plugin";

/** The tag the shim puts on the panes it starts. */
export const TMUX_TAG = "tmux";

/** How a pane's program ended (the `pane.exited` event). */
export interface Exit {
  code: number | null;
  signal: string | null;
}

/**
 * Whether a shim-made pane whose program ended stays, per its `remain-on-exit` value.
 *
 * @example
 * ```ts
 * import { remains } from "./_remain.ts";
 * remains(undefined, { code: 0, signal: null }); // false
 * remains("failed", { code: 1, signal: null }); // true
 * ```
 */
export function remains(option: string | undefined, exit: Exit): boolean {
  const value = option ?? "off";
  if (value === "on") return true;
  if (value === "failed") return exit.code !== 0 || exit.signal !== null;
  return false;
}

/** What closing needs: the bus and a log. */
export interface RemainDeps {
  call: BusCall;
  log: (line: string) => void;
}

/** Handles one `pane.exited`: closes the pane when it is the shim's and does not remain. */
export async function onPaneExited(deps: RemainDeps, data: Exit & { pane: string }) {
  try {
    const p = await deps.call(
      "pane.status",
      { pane: data.pane },
    );
    if (!p.tags.includes(TMUX_TAG) || remains(p.meta["tmux.remain-on-exit"], data)) return;
    await deps.call("pane.close", { pane: data.pane });
  } catch (err) {
    // The pane went already (closed by someone else): nothing to do.
    if ((err as { code?: string }).code !== "TARGET_NOT_FOUND") deps.log(String(err));
  }
}
