/**
 * Pipes from panes to shell commands (tmux's `pipe-pane`): each pane's output, as it arrives,
 * goes to the standard input of a command started with the project's shell; at most one pipe
 * per pane; the pipe closes when the pane does, or when asked.
 *
 * @module
 */

import type { EventHub } from "../bus/mod.ts";
import { shellArgv } from "../pty/mod.ts";

interface Pipe {
  close: () => void;
}

/** The pipes of one server, by pane id. */
export class PanePipes {
  #pipes = new Map<string, Pipe>();
  #events: EventHub;
  #shell: string[];

  constructor(events: EventHub, shell: string[]) {
    this.#events = events;
    this.#shell = shell;
  }

  /** Whether the pane has a pipe. */
  has(pane: string): boolean {
    return this.#pipes.has(pane);
  }

  /** Closes the pane's pipe, if any (its command sees the end of its input). */
  close(pane: string): void {
    this.#pipes.get(pane)?.close();
  }

  /** Starts `command` in `cwd` with the pane's output as its input. */
  open(pane: string, command: string, cwd: string): void {
    this.close(pane);
    const [program, ...args] = shellArgv(this.#shell, command);
    const child = new Deno.Command(program!, {
      args,
      cwd,
      stdin: "piped",
      stdout: "null",
      stderr: "null",
    }).spawn();
    const writer = child.stdin.getWriter();
    const encoder = new TextEncoder();
    let chain = Promise.resolve();
    const write = (text: string) => {
      // A command that stops reading (or ends) only loses the output.
      chain = chain.then(() => writer.write(encoder.encode(text))).catch(() => {});
    };
    const off = this.#events.subscribe(
      { topics: ["pane.output", "pane.closed", "pane.exited"], panes: [pane] },
      (event) => {
        if (event.topic === "pane.output") write(String((event.data as { data: string }).data));
        else pipe.close();
      },
    );
    const pipe: Pipe = {
      close: () => {
        if (this.#pipes.get(pane) !== pipe) return;
        this.#pipes.delete(pane);
        off();
        chain = chain.then(() => writer.close()).catch(() => {});
      },
    };
    this.#pipes.set(pane, pipe);
    void child.status.then(() => pipe.close());
  }
}
