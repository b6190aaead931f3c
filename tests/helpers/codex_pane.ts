/**
 * The real Codex CLI TUI in a pane of a test server, talking to a mock Responses API, with or
 * without weft's hooks; and the clean-up of every process Codex started.
 *
 * @module
 */

import { codexHooksToml } from "../../protocols/agents/codex.ts";
import type { WeftClient } from "../../plugins/client/mod.ts";
import { codexBinary, codexEnv } from "./codex.ts";
import { waitForText } from "./panes.ts";
import { eventually } from "./poll.ts";

/** What {@link codexPane} needs. */
export interface CodexPaneOptions {
  /** The mock's URL (with `/v1`). */
  baseUrl: string;
  /** The project directory (trusted). */
  dir: string;
  /** Words after `codex --no-daemon`. */
  args?: string[];
  /**
   * Install weft's hooks in CODEX_HOME and trust them at start-up (default false); a function
   * installs them itself, given Codex's environment (a test of `weft hooks install`).
   */
  hooks?: boolean | ((env: Record<string, string>) => Promise<void>);
  /** Split this pane for it instead of starting a new session. */
  split?: string;
  /** How long Codex may take to show its prompt (ms). Default 60 s. */
  timeout?: number;
}

/** A Codex pane. */
export interface CodexPane {
  pane: string;
  argv: string[];
  env: Record<string, string>;
}

/**
 * Starts Codex (`--no-daemon`: no shared app-server left behind) in a new session, trusts
 * weft's hooks through its start-up review when asked, and waits for its prompt.
 */
export async function codexPane(client: WeftClient, options: CodexPaneOptions): Promise<CodexPane> {
  const env = await codexEnv({
    baseUrl: options.baseUrl,
    trust: [options.dir],
    config: options.hooks === true ? codexHooksToml() : "",
  });
  if (typeof options.hooks === "function") await options.hooks(env);
  const argv = [await codexBinary(), "--no-daemon", ...(options.args ?? [])];
  const where = { argv, env, cwd: options.dir };
  const pane = options.split
    ? (await client.call<{ id: string }>("pane.create", { split: options.split, ...where })).id
    : (await client.call<{ pane: string }>("session.create", where)).pane;
  const timeout = options.timeout ?? 60_000;
  const launch = { argv, env, cwd: options.dir };
  const review = "Trust all and continue";
  if (options.hooks) {
    // "Hooks need review": `2. Trust all and continue`, answered as any dialog is. Codex throws
    // away keys that come while it starts: in a loaded fresh-machine gate the hooks were not
    // trusted after the answer (the first prompt opened Codex's review list of "new" hooks
    // instead of going out). So the answer counts once the prompt shows without the dialog,
    // still a second later, and is given again until it does.
    await codexShows(client, pane, review, launch, timeout);
    const screen = async () => (await client.call("pane.read", { pane })).text;
    const settled = async () => {
      const ready = (s: string) => s.includes("for shortcuts") && !s.includes(review);
      if (!ready(await screen())) return false;
      await new Promise((r) => setTimeout(r, 1000));
      return ready(await screen());
    };
    for (let answer = 1;; answer++) {
      if ((await screen()).includes(review)) {
        await client.call("pane.answer", { pane, choice: 2 }).catch(() => {});
      }
      const ok = await eventually("Codex to take the hooks' trust", settled, {
        timeoutMs: 10_000,
      }).then(() => true, () => false);
      if (ok) break;
      if (answer === 5) throw new Error(`Codex never took "${review}":\n${await screen()}`);
    }
  }
  await codexShows(client, pane, "for shortcuts", launch, timeout);
  return { pane, argv, env };
}

/** What Codex 0.171.0 exits with when it starts too slowly (a CPU shared by parallel tests). */
export const SLOW_START = "timed out discarding buffered terminal input";

/**
 * Waits until Codex in `pane` shows `text` (or `text(screen)` holds). A Codex that gave up at start-up on a machine too
 * busy ({@link SLOW_START}: seen 3 times in 10 runs of every Codex test at once on 2 cores) is
 * started again with `launch`, at most twice.
 */
export async function codexShows(
  client: WeftClient,
  pane: string,
  text: string | ((shown: string) => boolean),
  launch: { argv: string[]; env: Record<string, string>; cwd: string },
  timeout = 60_000,
): Promise<void> {
  const ready = typeof text === "string" ? (shown: string) => shown.includes(text) : text;
  for (let start = 1;; start++) {
    const seen = await eventually(`Codex to show ${text}`, async () => {
      const shown = (await client.call("pane.read", { pane })).text;
      if (ready(shown)) return "shown";
      const { exit } = await client.call("pane.status", { pane });
      return exit && shown.includes(SLOW_START) ? "slow" : undefined;
    }, {
      timeoutMs: timeout,
      detail: async () => (await client.call("pane.read", { pane })).text,
    });
    if (seen === "shown") return;
    if (start === 3) throw new Error(`Codex gave up at start-up three times: ${SLOW_START}`);
    await client.call("pane.respawn", { pane, ...launch });
  }
}

/**
 * Ends, by pid, every process still running with `codexHome` in its environment (what Codex
 * started and left behind), then removes the home. Codex runs with `--no-daemon`, so normally
 * there is none.
 */
export async function cleanCodex(env: Record<string, string>): Promise<void> {
  const home = env.CODEX_HOME;
  if (!home) return;
  for (const entry of Deno.readDirSync("/proc")) {
    if (!/^\d+$/.test(entry.name) || Number(entry.name) === Deno.pid) continue;
    try {
      const environ = Deno.readTextFileSync(`/proc/${entry.name}/environ`);
      if (environ.includes(`CODEX_HOME=${home}\0`)) Deno.kill(Number(entry.name), "SIGKILL");
    } catch { /* gone, or not ours to read */ }
  }
  await Deno.remove(env.HOME ?? home, { recursive: true }).catch(() => {});
}

/**
 * Types `text` into Codex's prompt and presses Enter until `taken()` says Codex sent it (at
 * most five times). Codex 0.171.0 reads keys that come in a burst as a paste, and an Enter
 * within the burst as a new line of the prompt rather than its submission: under load it took
 * `pane.write`'s `submit` so (1 run in 10), so the Enter comes on its own once the text shows.
 */
export async function codexSubmit(
  client: WeftClient,
  pane: string,
  text: string,
  taken: () => boolean,
): Promise<void> {
  await client.call("pane.write", { pane, text });
  await waitForText(client, { pane, match: `› ${text}`, timeout: 60_000 });
  for (let enter = 0; enter < 5 && !taken(); enter++) {
    await client.call("pane.write", { pane, keys: ["Enter"] });
    await eventually("Codex to send the prompt", taken, { timeoutMs: 3000 }).catch(() => {});
  }
  if (!taken()) {
    const { text: shown } = await client.call("pane.read", { pane });
    throw new Error(`Codex did not send "${text}"; the pane shows:\n${shown}`);
  }
}
