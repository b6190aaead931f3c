/**
 * The real Claude Code TUI in a pane of a test server, talking to a mock Messages API.
 *
 * @module
 */

import { join } from "node:path";
import { claudeBinary, claudeEnv } from "./claude_code.ts";
import { waitForText } from "./panes.ts";
import type { ServerFixture } from "./server.ts";
import { weftInProcess } from "./cli.ts";

/** What {@link startClaude} needs. */
export interface StartClaudeOptions {
  /** The mock Messages API's URL. */
  baseUrl: string;
  args?: string[];
  /** Written to the pane's `~/.claude/settings.json`. */
  settings?: unknown;
  /** Typed and submitted once Claude Code takes input. */
  prompt: string;
  env?: Record<string, string>;
  /** How long Claude Code may take to show its prompt (ms). Default 60 s. */
  timeout?: number;
}

/**
 * Starts Claude Code in a new session of `fx` (colours forced on: `FORCE_COLOR=3`, so a
 * machine's `CI` or `NO_COLOR` changes nothing), waits for its prompt, sends `prompt`, and
 * returns its pane.
 */
export async function startClaude(fx: ServerFixture, options: StartClaudeOptions): Promise<string> {
  const env = await claudeEnv({
    baseUrl: options.baseUrl,
    trust: [fx.dir],
    extra: { FORCE_COLOR: "3", ...options.env },
  });
  if (options.settings) {
    await Deno.writeTextFile(
      join(env.HOME!, ".claude", "settings.json"),
      JSON.stringify(options.settings),
    );
  }
  const s = await fx.client.call<{ pane: string }>("session.create", {
    argv: [await claudeBinary(), ...(options.args ?? [])],
    env,
    cwd: fx.dir,
  });
  // The status line under the prompt box: Claude Code takes input from here on.
  await waitForText(fx.client, {
    pane: s.pane,
    match: "for shortcuts",
    timeout: options.timeout ?? 60_000,
  });
  await fx.client.call("pane.write", { pane: s.pane, text: options.prompt, submit: true });
  return s.pane;
}

/**
 * Claude Code in a pane of `fx` with weft's hooks installed in the project (`weft hooks
 * install --agent claude`), asking before each tool (`--permission-mode default`), given
 * `prompt`: the agent the "Needs you" tests answer.
 */
export async function startHookedClaude(
  fx: ServerFixture,
  baseUrl: string,
  prompt: string,
): Promise<string> {
  const installed = await weftInProcess(
    fx.dir,
    "hooks",
    "install",
    "--agent",
    "claude",
    "--dir",
    fx.dir,
  );
  if (installed.code !== 0) throw new Error(`weft hooks install failed: ${installed.err}`);
  return await startClaude(fx, { baseUrl, args: ["--permission-mode", "default"], prompt });
}
