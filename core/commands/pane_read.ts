import { z } from "zod";
import { defineCommand } from "./_define.ts";
import type { CoreDeps } from "./deps.ts";
import { ReadOut } from "../../protocols/bus/record_schemas.ts";

/** The read options shared by `pane.read` and the commands that wait on a screen. */
export const readFields = {
  mode: z.enum(["visible", "recent", "history"]).optional().describe(
    "visible: the screen as shown (default); recent: the last `lines` lines including " +
      "scrollback; history: everything kept.",
  ),
  lines: z.number().int().min(1).max(1_000_000).optional().describe("How many lines for recent."),
  ansi: z.boolean().optional().describe("Keep colours and attributes as ANSI escapes."),
  joinWrapped: z.boolean().optional().describe("Join lines the terminal soft-wrapped."),
  since: z.number().int().min(0).optional().describe(
    "Only lines changed after this revision (from an earlier read).",
  ),
};

/** `pane.read`: a pane's screen or history. */
export function paneRead(_deps: CoreDeps) {
  return defineCommand({
    name: "pane.read",
    title: "Read pane",
    description:
      "Read what a pane shows: the visible screen, the most recent N lines, or the whole " +
      "history, as plain text or with ANSI. Every read returns a `revision`; pass it back as " +
      "`since` to get only what changed. With `ansi`, also the input modes the program set " +
      "(bracketed paste, mouse reports, application keys, alternate screen).",
    capabilities: ["pane:read"],
    mcp: { readOnly: true },
    targets: [{ kind: "pane", field: "pane", fallback: "caller" }],
    output: ReadOut,
    input: z.object({
      pane: z.string().optional().describe("Pane id or name. Default: the caller's pane."),
      ...readFields,
    }),
    handler: async ({ input, targets: { pane } }) => {
      await pane.screen.flush();
      const { pane: _p, ...given } = input;
      const options = Object.fromEntries(Object.entries(given).filter(([, v]) => v !== undefined));
      const read = pane.screen.read({ mode: "visible", ...options });
      // A reader that rebuilds the screen (ANSI) also needs the modes its input depends on.
      const modes = input.ansi ? { modes: pane.screen.modes } : {};
      return { pane: pane.id, state: pane.state, exit: pane.exit, ...read, ...modes };
    },
  });
}
