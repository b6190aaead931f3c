/**
 * OpenAI Codex CLI (npm `@openai/codex`, whose native build is the same package at a platform
 * version, `0.171.0-linux-x64`). Every fact here was read from Codex CLI 0.171.0 run against
 * weft's mock of the Responses API (`tests/helpers/mock_openai.ts`), at 100 columns; the tests
 * `tests/codex_*_test.ts` run the pinned build, so a version bump that changes its screens or
 * hooks fails loudly there.
 *
 * - Hooks (the best source of its state): `[[hooks.<Event>]]` tables in `config.toml` or a
 *   `hooks.json` beside it, run by `/bin/bash -c` with the event's JSON on standard input. The
 *   input has Claude Code's shape (`hook_event_name`, `session_id`, `transcript_path`, `cwd`,
 *   `source` on SessionStart, `prompt`, `tool_name: "Bash"` and `tool_input.command`,
 *   `stop_hook_active`, SessionEnd's `reason`), so Claude Code's parser reads it. SessionStart
 *   comes with the first prompt, not at start-up. Codex runs a hook only once the user trusted
 *   it: at start-up it shows "Hooks need review" until its `2. Trust all and continue` is
 *   chosen (or `/hooks`), which it records in `config.toml` (`[hooks.state."…"] trusted_hash`).
 * - Screens: `Working (2s • esc to interrupt)` some rows above the prompt (`› `), whose footer
 *   says `? for shortcuts` both idle and working; an approval is `Would you like to run the
 *   following command?` with its reason and `$ command` under it, choices `› 1. Yes, proceed
 *   (y)`, `2. Yes, and don't ask again …`, `3. No, and tell Codex what to do differently (esc)`,
 *   and `Press enter to confirm or esc to cancel`.
 * - Resume: `codex resume <SESSION_ID>` takes the id the hooks name (a UUID, also in its
 *   session file's name under `$CODEX_HOME/sessions/`), with the flags `codex resume --help`
 *   lists (`--worktree` is not one of them).
 * - Transcript (the hooks' `transcript_path`): its rollout,
 *   `$CODEX_HOME/sessions/YYYY/MM/DD/rollout-<time>-<session id>.jsonl`, one JSON object a line
 *   (`testdata/codex_0.171.0_rollout.jsonl`, a trimmed real one); see {@link codexTaken}.
 *
 * @module
 */

import {
  CLAUDE_HOOK_PATH,
  claudeHandover,
  claudeHookEffect,
  HOOK_COMMAND,
  tomlHookBlock,
} from "../hooks/mod.ts";
import { type AgentVendor, defineVendor, flagsOnly, type ResumeTarget } from "./vendor.ts";

/** Flags of `codex` that take a value, take many, or pick a conversation (dropped). */
const FLAGS = {
  value: new Set([
    "-c",
    "--config",
    "--enable",
    "--disable",
    "--remote",
    "--remote-auth-token-env",
    "-m",
    "--model",
    "--local-provider",
    "-p",
    "--profile",
    "-s",
    "--sandbox",
    "-C",
    "--cd",
    "--add-dir",
    "-a",
    "--ask-for-approval",
  ]),
  variadic: new Set(["-i", "--image"]),
  drop: new Set(["--last", "--all", "--include-non-interactive", "--worktree"]),
};

/** `codex resume <id>` (or `resume --last`) with the flags it was started with. */
function resume(args: readonly string[], target: ResumeTarget): string[] | undefined {
  const words = args[0] === "resume" ? args.slice(1) : args;
  // Another subcommand (exec, fork, login, mcp, …) is not a conversation to resume.
  if (words[0] && !words[0].startsWith("-") && args[0] !== "resume") return undefined;
  const pick = "session" in target
    ? ["resume", target.session]
    : "latest" in target
    ? ["resume", "--last"]
    : [];
  return [...pick, ...flagsOnly(words, FLAGS)];
}

/** One `<hook_prompt hook_run_id="…">text</hook_prompt>` of a Stop hook's reason. */
const HOOK_PROMPT = /<hook_prompt\b[^>]*>([\s\S]*?)<\/hook_prompt>/g;

/** The entities Codex 0.171.0 writes in a hook prompt's text (`<`, `>`, `&`; quotes stay). */
const ENTITIES: Record<string, string> = {
  "&lt;": "<",
  "&gt;": ">",
  "&quot;": '"',
  "&apos;": "'",
  "&#39;": "'",
  "&amp;": "&",
};

/**
 * What a line of Codex's rollout says the agent took (0.171.0, read from the rollouts of the
 * tests' runs): the conversation's own items are `response_item` entries; a `message` of role
 * `user` is a submitted prompt (`content`, `input_text` blocks) or, wrapped in `<hook_prompt
 * hook_run_id="stop:…">…</hook_prompt>` with `<`, `>` and `&` escaped, a Stop hook's reason
 * that continued the turn; one of role `developer` is a PostToolUse hook's additionalContext
 * (as it is, after the tool's output). The same texts again in `event_msg` entries (the TUI's
 * `item_completed` of a `UserMessage` or `HookPrompt`) are a record for the screen, not the
 * conversation: they do not count, nor do the agent's own messages (`assistant`).
 *
 * @example
 * ```ts
 * import { codexTaken } from "./codex.ts";
 * const stop = '<hook_prompt hook_run_id="stop:6:x">a &lt;b&gt; &amp; c</hook_prompt>';
 * const entry = (role: string, text: string) => ({
 *   type: "response_item",
 *   payload: { type: "message", role, content: [{ type: "input_text", text }] },
 * });
 * console.assert(codexTaken(entry("user", stop))[0] === "a <b> & c");
 * console.assert(codexTaken(entry("developer", "note"))[0] === "note");
 * console.assert(codexTaken(entry("assistant", "note")).length === 0);
 * ```
 */
export function codexTaken(entry: Readonly<Record<string, unknown>>): string[] {
  if (entry.type !== "response_item") return [];
  const item = entry.payload as { type?: unknown; role?: unknown; content?: unknown } | undefined;
  if (item?.type !== "message" || (item.role !== "user" && item.role !== "developer")) return [];
  if (!Array.isArray(item.content)) return [];
  return item.content.flatMap((block) => {
    const text = (block as { text?: unknown } | null)?.text;
    if (typeof text !== "string") return [];
    const hooked = [...text.matchAll(HOOK_PROMPT)];
    if (!hooked.length) return [text];
    return hooked.map((m) => m[1]!.replace(/&(?:lt|gt|quot|apos|#39|amp);/g, (e) => ENTITIES[e]!));
  });
}

/** The path, on the HTTP door, that takes Codex's hook events. */
export const CODEX_HOOK_PATH = "/hooks/codex";

/** The hook events weft takes from Codex (0.171.0 also has SubagentStart/Stop, PreCompact, …). */
export const CODEX_HOOK_EVENTS = [
  "SessionStart",
  "UserPromptSubmit",
  "PreToolUse",
  "PermissionRequest",
  "PostToolUse",
  "Stop",
  "SessionEnd",
] as const;

/** Codex CLI. */
export const codex: AgentVendor<"codex"> = defineVendor({
  kind: "codex",
  title: "Codex CLI",
  readFrom: "Codex CLI 0.171.0 (screens, hooks, resume, transcript; run against weft's mock)",
  recognise: { packages: [/@openai\/codex/], names: /^codex$/ },
  state: {
    dialog: /^\s*(?:Would you like to .+\?|Hooks need review)\s*$/,
    choice: /^\s*(?:›\s*)?1\.\s+\S/,
    dialogEnd: /^\s*(?:Press enter to confirm|enter confirm)/,
    detailBelow: true,
    working: /esc to interrupt\)/,
    idle: /\? for shortcuts/,
    // The working line sits above the prompt, a blank row and the footer's two rows.
    footerRows: 8,
  },
  // No rules: `› ` and the draft (its further rows indented by two), a blank row, then its
  // status row (`  gpt-5.1-codex default · /the/project`). Empty, it shows one of its
  // placeholders (codex-rs/tui's PLACEHOLDERS). Ctrl+U deletes to the start of the line
  // (a wrapped line whole), Backspace then joins the row above.
  prompt: {
    bounds: { under: /^ {2}\S.*\s·\s+[~/]/ },
    marker: /^›(?:\s|$)/,
    eraseRow: ["C-u", "Backspace"],
    placeholder: new RegExp(
      "^(?:Ask Codex to do anything|Explain this codebase|Summarize recent commits|" +
        "Implement \\{feature\\}|(?:Find and fix a bug in|Write tests for|" +
        "Improve documentation in) @filename|Run /review on my current changes|" +
        "Use /skills to list available skills)$",
    ),
  },
  sideband: "osc",
  resume,
  // Codex 0.171.0's hook input is Claude Code's, and so are the answers of PostToolUse
  // (`hookSpecificOutput.additionalContext`) and Stop (`decision: "block"`, `reason`) that
  // hand a message over (its hook output schemas; see above).
  hooks: {
    route: CODEX_HOOK_PATH,
    effect: claudeHookEffect,
    handover: claudeHandover,
    transcript: {
      file: /\/sessions\/\d{4}\/\d{2}\/\d{2}\/rollout-[A-Za-z0-9_.-]+\.jsonl$/,
      taken: codexTaken,
    },
    // `config.toml`: a trusted project's `.codex/config.toml` (ignored in an untrusted one), or
    // the user's in CODEX_HOME (default ~/.codex). weft's tables go in one delimited block.
    settings: {
      ...tomlHookBlock(codexHooksToml()),
      project: [".codex/config.toml"],
      user: (env) => `${env("CODEX_HOME") ?? `${env("HOME") ?? "~"}/.codex`}/config.toml`,
      review: "Codex runs new or changed hooks only once you trust them: at its next start it " +
        'shows "Hooks need review"; choose "Trust all and continue" (or review them in /hooks). ' +
        "A project's .codex/config.toml counts only in a project Codex trusts.",
    },
  },
  // Messages are handed over through its hooks, else typed into its idle prompt.
  deliver: ["hook", "typed"],
});

/**
 * weft's hooks as `config.toml` tables (for `$CODEX_HOME/config.toml` or a project's
 * `.codex/config.toml`): on each event, weft's hook command (the one Claude Code runs, see
 * `protocols/hooks/`) posting to {@link CODEX_HOOK_PATH}. It does nothing outside a weft pane
 * and always exits 0. Codex runs it once the user trusted it (see above).
 *
 * @example
 * ```ts
 * import { codexHooksToml } from "./codex.ts";
 * console.assert(codexHooksToml().includes("[[hooks.PermissionRequest.hooks]]"));
 * console.assert(codexHooksToml().includes("/hooks/codex"));
 * ```
 */
export function codexHooksToml(): string {
  const command = HOOK_COMMAND.replaceAll(CLAUDE_HOOK_PATH, CODEX_HOOK_PATH);
  return CODEX_HOOK_EVENTS.map((event) =>
    `[[hooks.${event}]]\n[[hooks.${event}.hooks]]\ntype = "command"\n` +
    `command = ${JSON.stringify(command)}\ntimeout = 5\n`
  ).join("\n");
}
