/**
 * `canvas`: panes drawn from data (diff, test results, markdown, JSON, logs, tables, a board
 * of agents) beside the terminals, in the same layout, updating live, readable by agents.
 *
 * - `canvas.open {kind, path | content, title?, name?, split?, direction?, window?, options?}`
 *   (MCP `open_canvas`, tag `<weft:canvas kind="json" path="…"/>` or with content),
 *   `canvas.update`, `canvas.close` (or `pane.close`), `canvas.kinds`.
 * - Sources: `content`, or a `path` inside the project (the plugin may read the project folder
 *   and nothing else), watched and drawn again on change; a huge file shows its head (a log its
 *   end) at once. A path outside the project, a missing file or one its kind cannot parse is
 *   returned as the error, and its pane closed.
 * - In the pane: arrows or j/k, PgUp/PgDn or space/b, g/G, `/` to search (n/N next), q closes.
 *   Resizes draw again at the new size.
 * - After a server restart the store brings canvas panes back (their last frame); the plugin
 *   draws again those it can rebuild from their pane's meta (a path, or the agents board) and
 *   closes those whose content was not kept.
 *
 * @example
 * ```ts
 * import canvas from "./mod.ts";
 * console.assert(canvas.manifest.commands.some((c) => c.name === "canvas.open"));
 * ```
 *
 * @module
 */

import { definePlugin } from "@weft/weft/plugin";
import { Canvases } from "./_canvases.ts";
import { close } from "./commands/close.ts";
import { kinds } from "./commands/kinds.ts";
import { open } from "./commands/open.ts";
import { update } from "./commands/update.ts";
import { parseOptions } from "./options.ts";

export { defaults, parseOptions } from "./options.ts";
export type { Options } from "./options.ts";

export default definePlugin({
  name: "canvas",
  version: "0.1.0",
  description: "Panes drawn from data: diff, tests, markdown, JSON, logs, tables, agents.",
  // read:. is the project folder (paths are resolved against it), and nothing else; run:git
  // is `git diff` of a range in the project (a `diff` canvas with options.range), no other program.
  // message:read: an agents board across hosts lists the fabric's agents (fabric.agents).
  capabilities: ["canvas:draw", "pane:read", "pane:control", "read:.", "run:git", "message:read"],
  commands: [open, update, close, kinds],
  options: parseOptions,
  setup: async (ctx) => {
    const { projectDir } = await ctx.call("server.status", {});
    const canvases = new Canvases(ctx, projectDir);
    await canvases.start();
    return canvases;
  },
});
