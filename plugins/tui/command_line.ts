/**
 * What the `prefix :` prompt and user key bindings run: a bus command (`pane.write p2
 * {"text":"ls"}`), a tmux command line (`split-window -h`, through the tmux shim's own parser
 * and handlers in the server), or one of the client's own tmux commands (`copy-mode`,
 * `choose-tree`, `detach-client`, …). Replies come back as one readable line.
 *
 * @module
 */

import type { WeftClient } from "../client/mod.ts";
import { shellWords } from "../../protocols/terminal/shell_words.ts";
import { TMUX_COMMANDS } from "../../protocols/tmux/mod.ts";
import type { Action } from "./bindings.ts";
import { parseCommandLine } from "./prompt.ts";

/** tmux commands the client carries out itself (they are about the client, not the server). */
export const CLIENT_COMMANDS: Readonly<Record<string, [Action, string | number | undefined]>> = {
  "copy-mode": ["copy-mode", undefined],
  "choose-tree": ["choose-tree", "windows"],
  "choose-window": ["choose-tree", "windows"],
  "choose-session": ["choose-tree", "sessions"],
  "detach-client": ["detach", undefined],
  detach: ["detach", undefined],
  "command-prompt": ["prompt", undefined],
  "list-keys": ["help", undefined],
  "last-window": ["window-last", undefined],
  "last-pane": ["pane-last", undefined],
  "next-window": ["window-next", undefined],
  "previous-window": ["window-previous", undefined],
  "rename-window": ["rename-window", undefined],
  "rename-session": ["rename-session", undefined],
  "refresh-client": ["redraw", undefined],
  "send-prefix": ["send-prefix", undefined],
};

/** What running a line needs. */
export interface CommandLineContext {
  client: WeftClient;
  /** The focused pane: tmux commands run as if typed in it (their default target). */
  pane: string | undefined;
  /** Runs one of the client's own actions. */
  action: (action: Action, arg: string | number | undefined) => unknown;
}

/** A reply for the status bar. */
export interface Reply {
  text: string;
  error?: boolean;
}

/**
 * Runs one line and says what came of it.
 *
 * @example
 * ```ts ignore
 * const reply = await runCommandLine("split-window -h", { client, pane: "p1", action });
 * ```
 */
export async function runCommandLine(line: string, ctx: CommandLineContext): Promise<Reply> {
  const text = line.trim();
  if (!text) return { text: "" };
  if (/^[a-z][a-z0-9_]*\.[a-z]/.test(text)) {
    const { name, params } = parseCommandLine(text);
    try {
      return { text: `${name}: ${summary(await ctx.client.call(name, params))}` };
    } catch (err) {
      return { text: (err as Error).message, error: true };
    }
  }
  const words = shellWords(text) ?? text.split(/\s+/);
  const own = CLIENT_COMMANDS[words[0]!];
  if (own) {
    await ctx.action(own[0], own[1]);
    return { text: "" };
  }
  try {
    const r = await ctx.client.call<{ code: number; out: string; err: string }>("tmux.exec", {
      argv: words,
      ...(ctx.pane ? { pane: ctx.pane } : {}),
    });
    if (r.code !== 0) return { text: firstLines(r.err) || `${words[0]}: failed`, error: true };
    return { text: firstLines(r.out) || `${words[0]}: done` };
  } catch (err) {
    return { text: (err as Error).message, error: true };
  }
}

/** A bus reply as a short line: its plain fields, counts of its lists. */
export function summary(value: unknown): string {
  if (value === null || typeof value !== "object") return String(value ?? "done");
  const parts: string[] = [];
  for (const [k, v] of Object.entries(value)) {
    if (Array.isArray(v)) parts.push(`${v.length} ${k}`);
    else if (v === null || typeof v !== "object") parts.push(`${k} ${v}`);
    if (parts.length === 5) break;
  }
  return parts.join(", ") || "done";
}

function firstLines(text: string): string {
  return text.trim().split("\n").slice(0, 3).join(" · ");
}

/** Everything the first word may be: bus commands, tmux commands, the client's own. */
export function commandNames(busCommands: readonly string[]): string[] {
  return [
    ...new Set([...busCommands, ...Object.keys(TMUX_COMMANDS), ...Object.keys(CLIENT_COMMANDS)]),
  ]
    .sort();
}

/**
 * Completes the word before the cursor: command names first, then targets after `-t`/`-s` or
 * in a bus command's target place, and a tmux command's flags after `-`. Returns the new line
 * and the candidates when more than one fits.
 *
 * @example
 * ```ts
 * import { complete } from "./command_line.ts";
 * const r = complete("split-w", { commands: ["split-window", "select-pane"], targets: [] });
 * console.assert(r.line === "split-window ");
 * ```
 */
export function complete(
  line: string,
  sources: { commands: readonly string[]; targets: readonly string[] },
): { line: string; candidates: string[] } {
  const words = line.split(" ");
  const word = words.at(-1)!;
  const before = words.slice(0, -1);
  let pool: readonly string[];
  if (before.length === 0) pool = sources.commands;
  else if (word.startsWith("-") && TMUX_COMMANDS[before[0]!]) {
    pool = [...TMUX_COMMANDS[before[0]!]!.flags.replace(/:/g, "")].map((f) => `-${f}`);
  } else if (
    ["-t", "-s"].includes(before.at(-1)!) || (before.length === 1 && before[0]!.includes("."))
  ) {
    pool = sources.targets;
  } else pool = [];
  const hits = pool.filter((c) => c.startsWith(word));
  if (!hits.length) return { line, candidates: [] };
  let common = hits[0]!;
  for (const h of hits) while (!h.startsWith(common)) common = common.slice(0, -1);
  const done = hits.length === 1 ? `${common} ` : common;
  return { line: [...before, done].join(" "), candidates: hits.length > 1 ? hits : [] };
}
