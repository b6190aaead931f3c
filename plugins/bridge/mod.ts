/**
 * `bridge`: a durable broker for headless Claude Code turns (cc-bridge's job, without losing
 * a message). Each bridge agent is a resumable Claude Code session; a message for it becomes
 * one `claude -p … --output-format stream-json` turn, run in the agent's own pane (a readable
 * transcript a human can watch) or headless, `--session-id` on the first turn and `--resume`
 * after. Queues live in the plugin's SQLite file; a turn is done only once its reply is stored.
 *
 * - `bridge.add`, `bridge.remove`, `bridge.list`: agents (also from the project's
 *   `weft.bridge.agents`, short for
 *   `weft.plugins.bridge.options.agents`).
 * - `bridge.send {to, text, from?, max_hops?, priority?}`, `bridge.inject {as, to, text}`.
 * - `bridge.dead`, `bridge.retry {id}`, `bridge.tail {agent}`, `bridge.replies`.
 * - Event `bridge.turn` (`state`: started, finished, failed).
 *
 * @example
 * ```ts
 * import bridge from "./mod.ts";
 * console.assert(bridge.manifest.commands.some((c) => c.name === "bridge.send"));
 * ```
 *
 * @module
 */

import { definePlugin } from "@weft/weft/plugin";
import { setupBridge } from "./_setup.ts";
import { parseOptions } from "./options.ts";
import { add } from "./commands/add.ts";
import { remove } from "./commands/remove.ts";
import { list } from "./commands/list.ts";
import { send } from "./commands/send.ts";
import { inject } from "./commands/inject.ts";
import { dead } from "./commands/dead.ts";
import { retry } from "./commands/retry.ts";
import { tail } from "./commands/tail.ts";
import { replies } from "./commands/replies.ts";

export { defaults, parseOptions } from "./options.ts";
export type { AgentSettings, Options } from "./options.ts";

export default definePlugin({
  name: "bridge",
  version: "0.1.0",
  description: "A durable broker for headless Claude Code turns between named agents.",
  capabilities: [
    "data",
    "pane:read",
    "pane:spawn",
    "pane:control",
    "session:admin",
    "message:send",
    "message:read",
    // Headless turns run `claude` from PATH as a child of the plugin (other programs run in
    // panes, which the core starts).
    "run:claude",
    // To tell a missing agent directory at `bridge.add` (directories outside the project are
    // found out at the turn).
    "read:.",
  ],
  commands: [add, remove, list, send, inject, dead, retry, tail, replies],
  options: parseOptions,
  setup: setupBridge,
});
