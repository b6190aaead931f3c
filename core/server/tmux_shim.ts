/**
 * Installs the `tmux` shim in the project's `.weft/bin/` and gives each pane the environment
 * that points tmux clients at it (protocols/tmux/shim.ts has the files and the variables).
 *
 * @module
 */

import { join } from "node:path";
import { TMUX_SHIM_FILES, tmuxPaneEnv } from "../../protocols/tmux/shim.ts";

/** Writes the shim into `dir/bin` and returns the model's `paneEnv` for it. */
export async function tmuxShim(
  dir: string,
  socket: string,
): Promise<
  (ids: { pane: string; session: string }, env: Record<string, string>) => Record<string, string>
> {
  const binDir = join(dir, "bin");
  await Deno.mkdir(binDir, { recursive: true, mode: 0o700 });
  for (const [name, text] of Object.entries(TMUX_SHIM_FILES)) {
    await Deno.writeTextFile(join(binDir, name), text, { mode: 0o755 });
    await Deno.chmod(join(binDir, name), 0o755);
  }
  return (ids, env) =>
    tmuxPaneEnv({
      binDir,
      socket,
      pid: Deno.pid,
      pane: ids.pane,
      session: ids.session,
      path: env.PATH,
    });
}
