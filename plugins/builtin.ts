/**
 * The built-in plugins: where each module is, and whether it is on when a project does not
 * mention it. Each is granted what its own manifest asks for (`grant: "asked"`), so its
 * capability list is written once, in its `definePlugin`; a project's `deno.json` can narrow
 * that with an explicit `grant`. The composition root hands this table to the config loader;
 * the core itself knows no plugin.
 *
 * `lazy`: the plugin does nothing unasked, so its process starts at its first use (a command
 * called, one of its topics subscribed to, a pane it drew or made restored, its data folder
 * holding an earlier run's state), not with the server; its commands are on the bus from the
 * start all the same; `wakeOn` topics start it too, and what comes of them while it starts
 * is held for it. The sideband reads agent panes only (shells and programs are off unless
 * tagged `sideband:<mode>`), so it wakes when the first such pane is created or becomes one (a
 * shell where someone typed `claude`), or is there when the server starts; that pane's output
 * meanwhile is held for it.
 *
 * @module
 */

import type { BuiltinPlugin, WeftConfig } from "../core/sdk/config.ts";
import { joinedFabric } from "./fabric/joined.ts";
import { AGENTS } from "../protocols/agents/mod.ts";

/** Built-in plugins (folders under `plugins/`) and their defaults. */
export const BUILTIN_PLUGINS: Readonly<Record<string, BuiltinPlugin>> = {
  // On by default: it arranges panes, starts the panes a layout names, closes them again when
  // a layout fails half-way, and may create the session a layout file names.
  layout: {
    from: new URL("./layout/mod.ts", import.meta.url).href,
    enabled: true,
    grant: "asked",
    options: {},
    lazy: true,
  },
  // On by default: agents drive weft with no configuration by writing tags in their output.
  // It reads agent panes, spawns/types/controls panes as the pane that wrote the tag (within
  // its limits) and writes a query's answer back to a program that asked in the OSC form.
  sideband: {
    from: new URL("./sideband/mod.ts", import.meta.url).href,
    enabled: true,
    grant: "asked",
    options: {},
    lazy: true,
    wakeOn: ["pane.created", "pane.changed"].map((topic) => ({
      topic,
      where: { agent: [...AGENTS], tags: ["sideband:*"] },
      hold: ["pane.output"],
    })),
  },
  // On by default: the `tmux` shim inside panes calls its `tmux.exec`, so programs that speak
  // tmux (Claude Code's agent teams, scripts) split, type into and list weft's panes.
  tmux: {
    from: new URL("./tmux/mod.ts", import.meta.url).href,
    enabled: true,
    grant: "asked",
    options: {},
    lazy: true,
    // A program's OSC 52 copy becomes a paste buffer even while the plugin is idle.
    wakeOn: ["pane.clipboard"],
  },
  // On by default: agents, scripts and humans message each other. It keeps messages in its
  // own SQLite file, reads panes (who is who, who is idle) and types a message into an idle
  // agent's prompt.
  message: {
    from: new URL("./messaging/mod.ts", import.meta.url).href,
    enabled: true,
    grant: "asked",
    options: {},
    lazy: true,
  },
  // On by default: it does nothing until the project names agents (or `bridge.add` adds one);
  // then it runs their `claude -p` turns in panes of its own session, keeps its queues in its
  // data folder, and takes and sends messages for its agents.
  bridge: {
    from: new URL("./bridge/mod.ts", import.meta.url).href,
    enabled: true,
    grant: "asked",
    options: {},
    lazy: true,
  },
  // On by default: agents open canvases (diff, tests, JSON, logs, …) beside their terminals,
  // by MCP or by a `<weft:canvas …/>` tag. It draws only canvas panes it made, reads the
  // project folder and nothing else, and closes its canvases on `q`.
  canvas: {
    from: new URL("./canvas/mod.ts", import.meta.url).href,
    enabled: true,
    grant: "asked",
    options: {},
    lazy: true,
  },
  // Off until the project enables it; then it may forward every bus right to its MCP
  // clients (read-only mode narrows that), listen on loopback and keep its token in .weft/.
  mcp: {
    from: new URL("./mcp/mod.ts", import.meta.url).href,
    enabled: false,
    grant: "asked",
    options: {},
  },
  // Off until the project enables it (or `weft web` turns it on): a page on loopback for
  // humans, which reads, types into, splits and closes panes for whoever holds a login code.
  web: {
    from: new URL("./web/mod.ts", import.meta.url).href,
    enabled: false,
    grant: "asked",
    options: {},
  },
  // Off until the project joins a fabric (`weft fabric join`, or options in its config): then
  // it starts this host's nats-server, carries calls for other hosts' panes (`buildbox/p3`) and
  // serves the calls of the hosts the project grants rights to. Never joined: never loaded.
  fabric: {
    from: new URL("./fabric/mod.ts", import.meta.url).href,
    enabled: false,
    grant: "asked",
    options: {},
  },
};

/**
 * `config` with the `fabric` plugin on when the project joined a fabric with
 * `weft fabric join` and left it dormant in its config (a project that switched it off keeps
 * it off; one that configured it has it on already).
 */
export async function withJoined(config: WeftConfig): Promise<WeftConfig> {
  const dormant = config.dormant?.find((p) => p.name === "fabric");
  if (!dormant || !(await joinedFabric(config.projectDir))) return config;
  return {
    ...config,
    plugins: [...config.plugins, dormant],
    dormant: config.dormant!.filter((p) => p !== dormant),
  };
}
