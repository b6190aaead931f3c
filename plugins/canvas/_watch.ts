/**
 * Watching one file for changes: its folder is watched (editors replace files by renaming, and
 * a deleted file may come back), events about other entries are ignored, and a burst of
 * events becomes one call after `debounceMs` of quiet.
 *
 * @module
 */

import { basename, dirname } from "node:path";

/**
 * Calls `changed` after the file at `abs` changed (written, replaced, removed or created);
 * returns the function that stops watching.
 *
 * @example
 * ```ts ignore
 * const stop = watchFile("/proj/a.log", () => console.log("changed"), { debounceMs: 15 });
 * stop();
 * ```
 */
export function watchFile(
  abs: string,
  changed: () => void,
  options: { debounceMs: number; onError?: (err: unknown) => void },
): () => void {
  const name = basename(abs);
  const watcher = Deno.watchFs(dirname(abs), { recursive: false });
  let timer: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;
  const fire = () => {
    timer = undefined;
    if (!stopped) changed();
  };
  (async () => {
    for await (const event of watcher) {
      if (!event.paths.some((p) => basename(p) === name && dirname(p) === dirname(abs))) continue;
      if (timer !== undefined) clearTimeout(timer);
      timer = setTimeout(fire, options.debounceMs);
    }
  })().catch((err) => {
    if (!stopped) options.onError?.(err);
  });
  return () => {
    stopped = true;
    if (timer !== undefined) clearTimeout(timer);
    try {
      watcher.close();
    } catch {
      // Already closed.
    }
  };
}
