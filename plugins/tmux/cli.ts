/**
 * `weft tmux …`: tmux's command line, answered by this project's weft server. Inside weft panes
 * the `tmux` on `PATH` forwards here.
 *
 * @module
 */

import type { Subcommand } from "../cli/io.ts";
import { runTmux } from "./run.ts";

/** The `tmux` subcommand. */
export const tmux: Subcommand = {
  usage: "weft tmux [-L NAME] [-S PATH] COMMAND [FLAGS] [ARGS]",
  summary: "tmux's commands (split-window, send-keys, list-panes, display-message, …) on weft's " +
    "panes, with tmux's output and exit codes",
  run: (args, io) => runTmux(args, io),
};
