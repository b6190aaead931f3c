/**
 * The outer terminal of `weft attach` end-to-end tests: a real tmux server of the test's own.
 *
 * @module
 */

import { join } from "node:path";
import { eventually } from "./poll.ts";

const ROOT = new URL("../../", import.meta.url).pathname;

/** How long a test waits for a screen. */
export const WAIT_MS = 20_000;

/**
 * A private tmux server that `weft attach` runs in, driven with send-keys and read back with
 * capture-pane.
 */
export class OuterTmux {
  readonly name = `weft-tui-${Deno.pid}-${Math.random().toString(36).slice(2, 8)}`;

  async run(...args: string[]): Promise<string> {
    const out = await new Deno.Command("tmux", {
      args: ["-L", this.name, "-f", "/dev/null", ...args],
    }).output();
    if (!out.success) {
      throw new Error(`tmux ${args.join(" ")}: ${new TextDecoder().decode(out.stderr)}`);
    }
    return new TextDecoder().decode(out.stdout);
  }

  /** A tmux session running a plain shell of `cols`×`rows` in `cwd`. */
  async shell(session: string, cols: number, rows: number, cwd: string): Promise<void> {
    const args = ["-d", "-s", session, "-x", String(cols), "-y", String(rows), "-c", cwd];
    await this.run("new-session", ...args, "env PS1='$ ' bash --norc --noprofile");
  }

  /** Sends raw bytes to the session's pane, as its terminal would (mouse reports). */
  async bytes(session: string, data: string): Promise<void> {
    const hex = [...new TextEncoder().encode(data)].map((b) => b.toString(16).padStart(2, "0"));
    await this.run("send-keys", "-t", session, "-H", ...hex);
  }

  /** Types `weft attach` into the session's shell. */
  async attach(session: string, extra = "", env = ""): Promise<void> {
    const cmd = `${env ? `env ${env} ` : ""}` +
      `${Deno.execPath()} run -A --unstable-worker-options --config ${join(ROOT, "deno.json")} ` +
      `${join(ROOT, "main.ts")} attach ${extra}`;
    await this.keys(session, "-l", cmd);
    await this.keys(session, "Enter");
  }

  keys(session: string, ...keys: string[]): Promise<string> {
    return this.run("send-keys", "-t", session, ...keys);
  }

  screen(session: string): Promise<string> {
    return this.run("capture-pane", "-p", "-t", session);
  }

  /** Waits until the screen matches; returns it (tmux has no event to wait on). */
  async until(session: string, test: RegExp | ((screen: string) => boolean)): Promise<string> {
    let last = "";
    return await eventually(`the screen of ${session} to match ${test}`, async () => {
      last = await this.screen(session);
      return (typeof test === "function" ? test(last) : test.test(last)) ? last : undefined;
    }, { timeoutMs: WAIT_MS, detail: () => `--- screen of ${session} ---\n${last}` });
  }

  /** Waits until the terminal's modes are back to {@link SANE}. */
  async sane(session: string): Promise<void> {
    await eventually(
      `the terminal modes of ${session} to be sane again`,
      async () => JSON.stringify(await this.flags(session)) === JSON.stringify(SANE),
      { timeoutMs: WAIT_MS },
    );
  }

  /** The pane's terminal modes, as tmux sees them. */
  async flags(session: string): Promise<Record<string, string>> {
    const names = [
      "alternate_on",
      "cursor_flag",
      "mouse_any_flag",
      "mouse_sgr_flag",
      "mouse_standard_flag",
    ];
    const out = await this.run(
      "display",
      "-p",
      "-t",
      session,
      names.map((n) => `#{${n}}`).join(" "),
    );
    const values = out.trim().split(" ");
    return Object.fromEntries(names.map((n, i) => [n, values[i]!]));
  }

  async kill(): Promise<void> {
    await this.run("kill-server").catch(() => {});
  }
}

export const SANE = {
  alternate_on: "0",
  cursor_flag: "1",
  mouse_any_flag: "0",
  mouse_sgr_flag: "0",
  mouse_standard_flag: "0",
};
