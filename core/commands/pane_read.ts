import { implement } from "./_define.ts";
import type { CoreDeps } from "./deps.ts";

/** `pane.read`: a pane's screen or history. */
export function paneRead(_deps: CoreDeps) {
  return implement("pane.read", async ({ input, targets: { pane } }) => {
    await pane.screen.flush();
    const { pane: _p, ...given } = input;
    const options = Object.fromEntries(Object.entries(given).filter(([, v]) => v !== undefined));
    const read = pane.screen.read({ mode: "visible", ...options });
    // A reader that rebuilds the screen (ANSI) also needs the modes its input depends on.
    const modes = input.ansi ? { modes: pane.screen.modes } : {};
    return { pane: pane.id, state: pane.state, exit: pane.exit, ...read, ...modes };
  });
}
