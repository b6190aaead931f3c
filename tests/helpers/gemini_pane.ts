/**
 * The real Gemini CLI TUI in a pane of a test server, talking to a mock Gemini API, with weft's
 * hooks in its settings (they post to the server's HTTP door).
 *
 * @module
 */

import { join } from "node:path";
import { geminiHooks } from "../../protocols/agents/gemini.ts";
import { geminiCommand, geminiEnv } from "./gemini.ts";
import { eventually } from "./poll.ts";
import type { ServerFixture } from "./server.ts";
import type { WeftClient } from "../../plugins/client/mod.ts";

/** How long the CLI may take to start (a loaded machine takes its time loading 20 MB of JS). */
export const GEMINI_START_MS = 90_000;

/** The settings that send every hook event weft reads to the pane's server. */
export function hookSettings(): Record<string, unknown> {
  // The CLI shows "Executing Hook: weft" over its prompt while one runs, whatever
  // hooksConfig.notifications says (0.61.0 has a second indicator that ignores it).
  return { hooks: geminiHooks() };
}

/** What {@link startGemini} needs. */
export interface StartGeminiOptions {
  /** The mock Gemini API's URL. */
  baseUrl: string;
  args?: string[];
  /** Without weft's hooks (the state then comes from the screen). */
  noHooks?: boolean;
  env?: Record<string, string>;
  /**
   * Installs weft's hooks itself instead (a test of `weft hooks install`), given the CLI's
   * environment, before the CLI starts.
   */
  install?: (env: Record<string, string>) => Promise<void>;
}

/**
 * Starts the Gemini CLI in a new session of `fx` (its HOME in the project, removed with it) and
 * waits until it takes input (its prompt
 * shows and, with hooks, its SessionStart named the session). Returns its pane and session id.
 */
export async function startGemini(
  fx: ServerFixture,
  options: StartGeminiOptions,
): Promise<{ pane: string; session: string | null }> {
  const home = join(fx.dir, ".home");
  await Deno.mkdir(home, { recursive: true });
  const env = await geminiEnv({
    home,
    baseUrl: options.baseUrl,
    trust: [fx.dir],
    settings: options.noHooks || options.install ? {} : hookSettings(),
    extra: options.env ?? {},
  });
  await options.install?.(env);
  const { pane } = await fx.client.call<{ pane: string }>("session.create", {
    argv: [...await geminiCommand(), ...(options.args ?? [])],
    env,
    cwd: fx.dir,
  });
  const session = await untilPrompt(fx.client, pane, !options.noHooks);
  return { pane, session };
}

/**
 * Waits until the Gemini CLI in `pane` shows its empty prompt and, with `hooked`, has said which
 * session it runs (SessionStart); returns that session's id. On a time-out the error shows the
 * screen.
 */
export async function untilPrompt(
  client: WeftClient,
  pane: string,
  hooked: boolean,
): Promise<string | null> {
  let session: string | null = null;
  await eventually("the Gemini CLI's prompt", async () => {
    const s = await client.call<{ agentSession: { id: string } | null }>("pane.status", { pane });
    session = s.agentSession?.id ?? null;
    const { text } = await client.call<{ text: string }>("pane.read", { pane });
    return text.includes("Type your message") && (!hooked || session !== null);
  }, {
    timeoutMs: GEMINI_START_MS,
    intervalMs: 200,
    detail: async () => (await client.call<{ text: string }>("pane.read", { pane })).text,
  });
  return session;
}

/**
 * Types `text` into the CLI's prompt and submits it once the prompt shows it, then waits until
 * the prompt no longer shows it. The CLI may drop keys that come while it is still loading (a
 * resumed conversation especially): the text is typed again when the prompt stays empty. An Enter
 * that came while its completion menu (`/quit`) was being drawn only completes: Enter is pressed
 * again when the prompt still shows the text after 5 s.
 */
export async function submitPrompt(client: WeftClient, pane: string, text: string) {
  const read = async () =>
    (await client.call<{ text: string }>("pane.read", { pane })).text.split("\n");
  // The input row: the last `> ` row (`* ` in YOLO mode) over the status rows (`workspace (/directory)`); null
  // when there is none (a dialog, or the CLI has left).
  const prompt = async () => {
    const rows = await read();
    const status = rows.findLastIndex((r) => r.includes("workspace (/directory)"));
    const input = rows.slice(Math.max(0, status - 4), Math.max(0, status))
      .findLast((r) => /^\s*[>*]\s/.test(r));
    return input?.trim().replace(/^[>*]\s*/, "") ?? null;
  };
  const detail = async () => (await read()).join("\n");
  // Keys typed while it initializes show late ("Initializing... Prompts will be queued."), or
  // never: typed again only when the prompt is still empty 10 s later.
  // Something else in the prompt, unchanged for a look (under load, the tail of a late answer
  // to its terminal query: "1;2c"), is erased (Ctrl+U) and the text typed again.
  let looks = 0;
  let before: string | null = null;
  await eventually("the prompt to take the text", async () => {
    const shown = await prompt();
    if (shown?.startsWith(text)) return true;
    if (shown?.startsWith("Type your message")) {
      if (looks++ % 20 === 0) await client.call("pane.write", { pane, text });
    } else if (shown && shown === before) {
      await client.call("pane.write", { pane, keys: ["C-u"] });
      looks = 0;
    }
    before = shown;
    return false;
  }, { timeoutMs: GEMINI_START_MS, intervalMs: 500, detail });
  let pressed = 0;
  await eventually("the prompt to be submitted", async () => {
    if (!(await prompt())?.startsWith(text)) return true;
    if (pressed++ % 10 === 0) await client.call("pane.write", { pane, keys: ["Enter"] });
    return false;
  }, { timeoutMs: GEMINI_START_MS, intervalMs: 500, detail });
}
