/**
 * `weft tmux …`: tmux's command line, answered by this project's weft server. Inside weft panes
 * the `tmux` on `PATH` (the shim) reaches the same code through `tmux.exec`.
 *
 * @module
 */

import { WeftClient } from "../client/mod.ts";
import type { CliIo, Subcommand } from "../cli/io.ts";
import { execTmux } from "./run.ts";

/** Connects as the calling pane: `WEFT_SOCKET` in a pane, else the project around `cwd`. */
async function connect(io: CliIo) {
  const pane = io.env("WEFT_PANE");
  const hello = { client: "cli" as const, ...(pane ? { pane } : {}) };
  const socket = io.env("WEFT_SOCKET");
  const client =
    await (socket ? WeftClient.connect(socket, hello) : WeftClient.find(io.cwd, hello));
  return {
    call: <T>(method: string, params: unknown) => client.call<T>(method, params),
    close: () => client.close(),
  };
}

/** Runs `weft tmux ARGS…` with this I/O; the exit code. */
export function runTmux(args: readonly string[], io: CliIo): Promise<number> {
  return execTmux(args, {
    out: io.out,
    err: io.err,
    caller: io.env("TMUX_PANE") ?? io.env("WEFT_PANE"),
    connect: () => connect(io),
  });
}

/** The `tmux` subcommand. */
export const tmux: Subcommand = {
  usage: "weft tmux [-L NAME] [-S PATH] COMMAND [FLAGS] [ARGS]",
  summary: "tmux's commands (split-window, send-keys, list-panes, display-message, …) on weft's " +
    "panes, with tmux's output and exit codes",
  run: (args, io) => runTmux(args, io),
};
