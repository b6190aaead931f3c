import { implement } from "./_define.ts";
import { WeftError } from "../../protocols/bus/errors.ts";
import type { Pane } from "../model/mod.ts";
import type { CoreDeps } from "./deps.ts";
import { toLaunch } from "./_launch.ts";
import { waitFor } from "./_wait.ts";
import { ansiCQuote, shellQuote } from "../../protocols/terminal/shell_words.ts";

/** `pane.run`: run a command and return its exit code and output. */
export function paneRun(deps: CoreDeps) {
  return implement(
    "pane.run",
    async ({ input, targets: { pane: shell, window }, caller, signal }) => {
      if ((input.command === undefined) === (input.argv === undefined)) {
        throw new WeftError("INVALID_INPUT", "Cannot run a command: give either command or argv");
      }
      if (shell) {
        const line = input.command ?? input.argv!.map(shellQuote).join(" ");
        return await runInShell(deps, shell, line, signal);
      }
      const launch = toLaunch(
        {
          ...(input.command !== undefined ? { command: input.command } : { argv: input.argv! }),
          ...(input.cwd ? { cwd: input.cwd } : {}),
        },
        deps,
        caller,
      );
      const pane = deps.model.createPane(window.id, launch);
      // A caller that gives up (Ctrl-C on `weft run`, a time-out) ends the command with its pane.
      const exit = await waitFor(pane, () => pane.exit ?? undefined, {
        events: deps.bus.events,
        signal,
        what: "exit",
      }).catch((err) => {
        if (!input.keep && deps.model.panes.has(pane.id)) deps.model.closePane(pane.id);
        throw err;
      });
      await pane.screen.flush();
      const output = trimEnd(pane.screen.read({ mode: "history", joinWrapped: true }).text);
      if (!input.keep) deps.model.closePane(pane.id);
      return {
        pane: pane.id,
        exitCode: exit.code,
        signal: exit.signal,
        output,
        closed: !input.keep,
      };
    },
  );
}

async function runInShell(
  deps: CoreDeps,
  pane: Pane,
  command: string,
  signal: AbortSignal,
) {
  if (pane.exit) {
    throw new WeftError("PANE_EXITED", `Cannot run in pane "${pane.id}": its process has exited`);
  }
  const id = crypto.randomUUID().replaceAll("-", "").slice(0, 12);
  const begin = `__WEFT_B_${id}`;
  const end = new RegExp(`__WEFT_E_${id}:(\\d+)`);
  await pane.screen.flush();
  const since = pane.screen.revision;
  // One typed line. The markers are printed in two halves, so the echoed command line never
  // matches them; a multi-line command goes through eval so no continuation prompts appear.
  const body = command.includes("\n") ? `eval ${ansiCQuote(command)}` : command;
  pane.pty.write(
    `printf '%s%s\\n' __WEFT_B_ ${id}; ${body}; printf '%s%s:%d\\n' __WEFT_E_ ${id} $?\r`,
  );
  const code = await waitFor(pane, () => {
    const m = end.exec(pane.screen.read({ mode: "history", since, joinWrapped: true }).text);
    return m ? Number(m[1]) : undefined;
  }, { signal, events: deps.bus.events, what: "the command's end marker" }).catch((err) => {
    // The caller gave up: interrupt the command as Ctrl-C at that prompt would.
    if (!pane.exit) pane.pty.write("\x03");
    throw err;
  });
  const text = pane.screen.read({ mode: "history", since, joinWrapped: true }).text;
  const lines = text.split("\n");
  const from = lines.findIndex((l) => l.trim() === begin);
  const to = lines.findIndex((l) => end.test(l));
  const output = from >= 0 && to > from ? lines.slice(from + 1, to).join("\n") : "";
  return { pane: pane.id, exitCode: code, signal: null, output: trimEnd(output), closed: false };
}

function trimEnd(text: string): string {
  return text.replace(/\s+$/, "");
}
