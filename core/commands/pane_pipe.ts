import { z } from "zod";
import { defineCommand } from "./_define.ts";
import type { CoreDeps } from "./deps.ts";
import { PanePipes } from "./_pipes.ts";
import { PipedOut } from "../../protocols/bus/record_schemas.ts";

/**
 * `pane.pipe`: a pane's output, as it comes, into a shell command's input (tmux's
 * `pipe-pane`), or the pipe closed.
 */
export function panePipe(deps: CoreDeps) {
  // Made on first use: the factories must not touch deps (`weft help` lists specs without a server).
  let made: PanePipes | undefined;
  const pipesOf = () => made ??= new PanePipes(deps.bus.events, deps.config.shell);
  return defineCommand({
    name: "pane.pipe",
    title: "Pipe pane output",
    description: "Send a pane's output, from now on, to the standard input of a shell command " +
      "(tmux's `pipe-pane`), e.g. `cat >> pane.log`; one pipe per pane, a new one replaces the " +
      "old. Without `command` the pipe closes. `toggle`: close the pipe if there is one, else " +
      "open it (tmux's -o). Returns whether the pane is piped now.",
    capabilities: ["pane:read", "pane:spawn"],
    mcp: { expose: false },
    targets: [{ kind: "pane", field: "pane", fallback: "caller" }],
    input: z.object({
      pane: z.string().optional().describe("Pane id or name. Default: the caller's pane."),
      command: z.string().min(1).max(64 * 1024).optional().describe("Shell command to pipe to."),
      toggle: z.boolean().optional().describe("Close an open pipe instead of replacing it."),
    }),
    output: PipedOut,
    handler: ({ input, targets: { pane } }) => {
      const pipes = pipesOf();
      const had = pipes.has(pane.id);
      pipes.close(pane.id);
      if (input.command && !(input.toggle && had)) {
        pipes.open(pane.id, input.command, pane.screen.cwd ?? pane.launch.cwd);
      }
      return { pane: pane.id, piped: pipes.has(pane.id) };
    },
  });
}
