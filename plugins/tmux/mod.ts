/**
 * The tmux plugin: `tmux.exec {argv, pane?}` runs one tmux command line on weft's panes in the
 * server, so the `tmux` shim inside panes is a tiny client (one socket round trip) rather than
 * a Deno start per call. Unknown tmux commands are logged, so we learn what people use.
 *
 * @module
 */

import { definePlugin, withState, z } from "@weft/weft/plugin";
import { execTmux } from "./run.ts";
import { type Exit, onPaneExited } from "./_remain.ts";
import { type TmuxShared, tmuxShared } from "./_shared.ts";
import { parseOptions, type TeammateRule } from "./_policy.ts";

interface TmuxState {
  log: (line: string) => void;
  /** Paste buffers and global options: tmux keeps them in its server, so do we. */
  shared: TmuxShared;
  /** Publishes `tmux.clipboard` (what `load-buffer -w` copied) for attached clients. */
  clipboard: (text: string, pane: string | undefined) => void;
  /** Where Claude Code's teammates run (the `teammates` option): none, here. */
  teammates: readonly TeammateRule[];
}

const { defineCommand } = withState<TmuxState>();

const exec = defineCommand({
  name: "tmux.exec",
  title: "Run a tmux command",
  description: "Run one tmux command line (argv without `tmux`) on weft's panes, the way the " +
    "tmux shim in panes does; returns tmux's exit code and what it would print. Each tmux " +
    "command needs the rights of what it does (reads pane:read, send-keys and buffers " +
    "pane:write, load-buffer -w and global options session:admin, …).",
  capabilities: ["pane:read"],
  mcp: { expose: false },
  input: z.object({
    argv: z.array(z.string().max(64 * 1024)).max(1024),
    pane: z.string().optional().describe(
      "The calling pane (`%N` or a weft id); default: the caller's.",
    ),
    stdin: z.string().max(16 * 1024 * 1024).optional().describe(
      "The client's stdin, for `load-buffer -`.",
    ),
    shell: z.string().max(4096).optional().describe("The client's `$SHELL` (`default-shell`)."),
  }),
  output: z.object({ code: z.number(), out: z.string(), err: z.string() }),
  handler: async ({ input, caller, call, state }) => {
    let out = "";
    let err = "";
    const code = await execTmux(input.argv, {
      out: (t) => void (out += t),
      err: (t) => void (err += t),
      caller: input.pane ?? caller.pane,
      grants: caller.grants,
      connect: () =>
        Promise.resolve({ call: <T>(m: string, p: unknown) => call<T>(m, p), close: () => {} }),
      unknown: (line) => state.log(`unknown tmux command: tmux ${line}`),
      log: state.log,
      teammates: state.teammates,
      shared: state.shared,
      clipboard: (text) => state.clipboard(text, input.pane ?? caller.pane),
      ...(input.stdin === undefined ? {} : { stdin: input.stdin }),
      ...(input.shell === undefined ? {} : { shell: input.shell }),
    });
    return { code, out, err };
  },
});

export default definePlugin({
  name: "tmux",
  version: "0.1.0",
  description: "tmux compatibility: tmux's commands on weft's panes (what the in-pane shim calls).",
  capabilities: [
    "pane:read",
    "pane:write",
    "pane:spawn",
    "pane:control",
    "layout:write",
    "session:admin",
  ],
  commands: [exec],
  options: parseOptions,
  setup: (ctx): TmuxState => {
    const log = (line: string) => ctx.log(line);
    const call = <T>(name: string, input: unknown) => ctx.call<T>(name, input);
    ctx.subscribe(
      { topics: ["pane.exited"] },
      (event) => void onPaneExited({ call, log }, event.data as Exit & { pane: string }),
    );
    const shared = tmuxShared();
    // A program's OSC 52 copy becomes a paste buffer, as with tmux's `set-clipboard on`.
    ctx.subscribe({ topics: ["pane.clipboard"] }, (event) => {
      const { text, buffer } = event.data as { text: string; buffer: boolean };
      if (buffer) shared.buffers.set(undefined, text);
    });
    const clipboard = (text: string, pane: string | undefined) =>
      ctx.publish("tmux.clipboard", { text, pane: pane ?? null });
    return { log, shared, clipboard, teammates: ctx.options.teammates };
  },
});
