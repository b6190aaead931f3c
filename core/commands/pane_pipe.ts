import { implement } from "./_define.ts";
import type { CoreDeps } from "./deps.ts";
import { PanePipes } from "./_pipes.ts";

/**
 * `pane.pipe`: a pane's output, as it comes, into a shell command's input (tmux's
 * `pipe-pane`), or the pipe closed.
 */
export function panePipe(deps: CoreDeps) {
  // Made on first use: the factories must not touch deps (`weft help` lists specs without a server).
  let made: PanePipes | undefined;
  const pipesOf = () => made ??= new PanePipes(deps.bus.events, deps.config.shell);
  return implement("pane.pipe", ({ input, targets: { pane } }) => {
    const pipes = pipesOf();
    const had = pipes.has(pane.id);
    pipes.close(pane.id);
    if (input.command && !(input.toggle && had)) {
      pipes.open(pane.id, input.command, pane.screen.cwd ?? pane.launch.cwd);
    }
    return { pane: pane.id, piped: pipes.has(pane.id) };
  });
}
