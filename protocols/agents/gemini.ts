/**
 * Google Gemini CLI (npm `@google/gemini-cli`). Every fact here was read from 0.61.0, from its
 * package (`bundle/`, its `docs/`) and from runs of it against weft's mock of the Gemini API
 * (`tests/helpers/mock_gemini.ts`, at 100–120 columns); `tests/gemini_state_test.ts` fails
 * when the pinned version's screens or hooks stop matching.
 *
 * - Hooks (`docs/hooks/reference.md`; `settings.json` `hooks`, run by `bash -c` with the event's
 *   JSON on standard input, `session_id` and `transcript_path` in each): `SessionStart` (source
 *   `startup`, `resume`, `clear`), `BeforeAgent` on a prompt, `BeforeTool` / `AfterTool` around
 *   a tool, `Notification` `ToolPermission` when it asks for approval, `AfterAgent` at the end
 *   of a turn, `SessionEnd` (reason `exit`, `clear`, …). A turn cancelled at its approval dialog
 *   ("No, suggest changes") or with Esc ends with no hook at all: the screen's idle prompt then
 *   takes over (core/model's grace for screen heuristics).
 * - Resume (`gemini --help`): `--resume <session id>` (or `latest`, or an index); `-p/--prompt`
 *   runs headless; `--session-id` starts a new conversation with a given id.
 * - Screens: a tool approval is a box `Allow execution of [Shell]?` (or `Apply this change?`,
 *   `Do you want to proceed?`, `Allow execution of MCP tool …`) with `● 1. Allow once`,
 *   `2. Allow for this session`, `3. No, suggest changes (esc)`, a digit choosing at once; the
 *   working footer above the prompt says `(esc to cancel, 2s)`; the idle one `? for shortcuts`
 *   over the prompt `>   Type your message or @path/to/file`.
 * - Transcript (the hooks' `transcript_path`): its chat recording,
 *   `~/.gemini/tmp/<project>/chats/session-<time>-<id>.jsonl`, one JSON object a line (0.61.0
 *   writes JSON lines; an older session's whole-JSON `.json` is turned into a `.jsonl` when it
 *   is resumed): `testdata/gemini_0.61.0_chat.jsonl`, a trimmed real one; see
 *   {@link geminiTaken}.
 * - On GitHub Actions (`GITHUB_SHA` set) it gives its hooks only the variables on its own list,
 *   without weft's pane key: the hooks then say nothing and the screen gives the state.
 *
 * @module
 */

import {
  CLAUDE_HOOK_PATH,
  claudeHookEffect,
  HOOK_COMMAND,
  type HookEffect,
  type HookError,
  jsonHookFile,
} from "../hooks/mod.ts";
import {
  type AgentVendor,
  defineVendor,
  flagsOnly,
  type HookHandover,
  type HookPoint,
  type ResumeTarget,
} from "./vendor.ts";

/** Flags of `gemini` that take a value, take many (yargs arrays), or pick a conversation. */
const FLAGS = {
  value: new Set([
    "-m",
    "--model",
    "-i",
    "--prompt-interactive",
    "-w",
    "--worktree",
    "--approval-mode",
    "-r",
    "--resume",
    "--session-file",
    "--session-id",
    "--delete-session",
    "-o",
    "--output-format",
  ]),
  variadic: new Set([
    "--policy",
    "--admin-policy",
    "--allowed-mcp-server-names",
    "--allowed-tools",
    "-e",
    "--extensions",
    "--include-directories",
  ]),
  // A first prompt (`-i`) is not sent again; a worktree flag would make another worktree.
  drop: new Set([
    "-r",
    "--resume",
    "--session-file",
    "--session-id",
    "-i",
    "--prompt-interactive",
    "-w",
    "--worktree",
  ]),
};

const PRINT = ["-p", "--prompt"];

/** Its subcommands and one-shot flags: no conversation to resume. */
const NOT_A_CONVERSATION = /^(mcp|extensions?|skills?|hooks?|gemma)$/;
const ONE_SHOT = ["--list-sessions", "--delete-session", "-l", "--list-extensions", "-v"];

/** `gemini --resume <id>` (or `--resume latest`) with the flags it was started with. */
function resume(args: readonly string[], target: ResumeTarget): string[] | undefined {
  if (args.some((a) => PRINT.includes(a) || ONE_SHOT.includes(a) || a === "--version")) {
    return undefined;
  }
  if (args[0] !== undefined && NOT_A_CONVERSATION.test(args[0])) return undefined;
  const pick = "session" in target
    ? ["--resume", target.session]
    : "latest" in target
    ? ["--resume", "latest"]
    : [];
  return [...pick, ...flagsOnly(args, FLAGS)];
}

/** The path, on weft's HTTP door, that takes the Gemini CLI's hook events. */
export const GEMINI_HOOK_PATH = "/hooks/gemini-cli";

/** The events weft's Gemini CLI hook listens to. */
export const GEMINI_HOOK_EVENTS = [
  "SessionStart",
  "BeforeAgent",
  "BeforeTool",
  "AfterTool",
  "Notification",
  "AfterAgent",
  "SessionEnd",
] as const;

/**
 * weft's hook command for the Gemini CLI: the one Claude Code runs (it posts the event's JSON to
 * the pane's HTTP door with the pane's key, prints nothing, always exits 0), to this vendor's
 * path.
 */
export const GEMINI_HOOK_COMMAND = HOOK_COMMAND.replaceAll(CLAUDE_HOOK_PATH, GEMINI_HOOK_PATH);

/**
 * The `hooks` of a Gemini CLI `settings.json` (`~/.gemini/` or a project's `.gemini/`) that send
 * every event in {@link GEMINI_HOOK_EVENTS} to weft. Its timeouts are in milliseconds.
 *
 * @example
 * ```ts
 * import { geminiHooks } from "./gemini.ts";
 * console.assert(geminiHooks().AfterAgent?.[0]?.hooks[0]?.name === "weft");
 * ```
 */
export function geminiHooks(): Record<string, { hooks: Record<string, unknown>[] }[]> {
  const entry = { type: "command", name: "weft", command: GEMINI_HOOK_COMMAND, timeout: 5000 };
  return Object.fromEntries(GEMINI_HOOK_EVENTS.map((e) => [e, [{ hooks: [{ ...entry }] }]]));
}

/** Its events as the Claude Code events that mean the same for a pane. */
const AS_CLAUDE: Record<string, string> = {
  BeforeAgent: "UserPromptSubmit",
  BeforeTool: "PreToolUse",
  AfterTool: "PostToolUse",
  AfterAgent: "Stop",
};

/**
 * A Gemini CLI hook input (parsed JSON) as its effect on the pane, read as the Claude Code event
 * that means the same ({@link claudeHookEffect}): SessionStart records the session; BeforeAgent,
 * BeforeTool and AfterTool mean working; a ToolPermission notification blocked (permission);
 * AfterAgent idle; SessionEnd exited, except a `/clear`, which starts another session at once.
 *
 * @example
 * ```ts
 * import { geminiHookEffect } from "./gemini.ts";
 * const e = geminiHookEffect({
 *   hook_event_name: "Notification", session_id: "s1", notification_type: "ToolPermission",
 *   message: "Tool Confirm Shell Command requires execution",
 *   details: { title: "Confirm Shell Command", command: "touch a.txt" },
 * });
 * console.assert("state" in e && e.state === "blocked" && e.message === "Shell: touch a.txt");
 * ```
 */
export function geminiHookEffect(input: unknown): HookEffect | HookError {
  if (typeof input !== "object" || input === null || Array.isArray(input)) {
    return claudeHookEffect(input);
  }
  const o = input as Record<string, unknown>;
  const event = o.hook_event_name;
  let same: Record<string, unknown> = { ...o, hook_event_name: AS_CLAUDE[String(event)] ?? event };
  if (event === "Notification") {
    same = o.notification_type === "ToolPermission"
      ? { ...same, notification_type: "permission_prompt", message: permission(o) }
      : { ...same, notification_type: "other" };
  }
  // A /clear ends one session and starts the next at once: the pane goes on.
  if (event === "SessionEnd" && o.reason === "clear") same.hook_event_name = "SessionCleared";
  const effect = claudeHookEffect(same);
  return "error" in effect ? effect : { ...effect, event: String(event) };
}

/** `Shell: touch a.txt`: what a ToolPermission notification asks to run. */
function permission(o: Record<string, unknown>): unknown {
  const details = typeof o.details === "object" && o.details !== null
    ? o.details as Record<string, unknown>
    : {};
  const what = ["command", "file_path", "fileName", "url", "toolName"]
    .map((k) => details[k])
    .find((v) => typeof v === "string" && v.trim());
  if (typeof what !== "string") return o.message;
  const title = typeof details.title === "string" ? details.title : "Tool";
  return `${title.replace(/^Confirm /, "").replace(/ Command$/, "")}: ${what}`.slice(0, 1000);
}

/**
 * Where a Gemini CLI hook event stands in its loop, for handing a message over (its hooks
 * reference): after a tool (`AfterTool`: `hookSpecificOutput.additionalContext` is appended to
 * the tool's result for the model), at the end of a turn (`AfterAgent`: `decision: "deny"` with
 * a `reason` sends the reason to the agent as a new prompt; `stop_hook_active` marks the turn
 * such an answer started, which gets none, so two agents cannot keep each other going), and
 * when a prompt was submitted (`BeforeAgent`, its `prompt`).
 *
 * @example
 * ```ts
 * import { geminiHookPoint } from "./gemini.ts";
 * console.assert(geminiHookPoint({ hook_event_name: "AfterTool" })?.point === "tool");
 * console.assert(geminiHookPoint({ hook_event_name: "AfterAgent", stop_hook_active: true }) === undefined);
 * ```
 */
export function geminiHookPoint(event: Readonly<Record<string, unknown>>): HookPoint | undefined {
  switch (event.hook_event_name) {
    case "AfterTool":
      return { point: "tool", event: "AfterTool" };
    case "AfterAgent":
      return event.stop_hook_active === true ? undefined : { point: "stop" };
    case "BeforeAgent":
      return typeof event.prompt === "string"
        ? { point: "prompt", prompt: event.prompt }
        : undefined;
    default:
      return undefined;
  }
}

/** The Gemini CLI's hand-over: its hook outputs that carry a message to the agent. */
const handover: HookHandover = {
  point: geminiHookPoint,
  answer: (at, text) =>
    at.point === "stop"
      ? { decision: "deny", reason: text }
      : { hookSpecificOutput: { hookEventName: at.event, additionalContext: text } },
};

/** What its AfterTool hook's additionalContext becomes, after the tool's output. */
const HOOK_CONTEXT = /<hook_context>([\s\S]*?)<\/hook_context>/g;

/**
 * What a line of the Gemini CLI's chat recording says the agent took (0.61.0, read from the
 * recordings of the tests' runs): a message is a line with its `id` and `type` (a message
 * rewritten is appended again with the same id); a `user` message's `content` parts are a
 * submitted prompt (`text`: typed, or the reason of an AfterAgent hook's `deny`, which goes to
 * the agent as a new prompt) or a tool's result (`functionResponse.response.output`), which
 * takes an AfterTool hook's additionalContext as `<hook_context>…</hook_context>` after the
 * tool's output (only that part counts: the tool's output is not something handed over). The
 * same texts in `gemini` messages (a tool call's result again), in a `warning` (`Agent execution
 * blocked: …`, for the screen) or in a `$set` of the whole history (on start or resume) do not
 * count.
 *
 * @example
 * ```ts
 * import { geminiTaken } from "./gemini.ts";
 * const output = "<untrusted_context>\nOutput: ok\n</untrusted_context>\n\n<hook_context>b.ts</hook_context>";
 * const result = { functionResponse: { name: "run_shell_command", response: { output } } };
 * console.assert(geminiTaken({ id: "1", type: "user", content: [result] })[0] === "b.ts");
 * console.assert(geminiTaken({ id: "2", type: "user", content: [{ text: "hi" }] })[0] === "hi");
 * console.assert(geminiTaken({ id: "3", type: "warning", content: "hi" }).length === 0);
 * ```
 */
export function geminiTaken(entry: Readonly<Record<string, unknown>>): string[] {
  if (entry.type !== "user" || typeof entry.id !== "string") return [];
  const content = entry.content;
  if (typeof content === "string") return [content];
  if (!Array.isArray(content)) return [];
  return content.flatMap((part) => {
    if (typeof part !== "object" || part === null) return [];
    const p = part as { text?: unknown; functionResponse?: { response?: { output?: unknown } } };
    if (typeof p.text === "string") return [p.text];
    const output = p.functionResponse?.response?.output;
    return typeof output === "string" ? [...output.matchAll(HOOK_CONTEXT)].map((m) => m[1]!) : [];
  });
}

/** Gemini CLI. */
export const gemini: AgentVendor<"gemini"> = defineVendor({
  kind: "gemini",
  title: "Gemini CLI",
  readFrom: "Gemini CLI 0.61.0 (screens, hooks, resume, transcript; tests/gemini_state_test.ts)",
  recognise: { packages: [/@google\/gemini-cli/], names: /^gemini(-cli)?$/ },
  print: PRINT,
  state: {
    // Inside its box (`│ … │`, taken off first): "Allow execution of [Shell]?", …
    dialog:
      /^\s*(?:Allow execution of .+\?|Apply this change\?|Do you want to proceed\?|Ready to start implementation\?)\s*$/,
    choice: /^\s*(?:●\s*)?1\.\s+\S/,
    framed: true,
    // Seen under load: a second "1", typed while the first was still being taken, went into
    // the prompt once the dialog closed.
    answerOnce: true,
    working: /\(esc to cancel, \d/,
    idle: /\? for shortcuts|Type your message or @path\/to\/file/,
    // The working footer sits over its rule, a hint row, the prompt box (three rows at least,
    // more with a draft of several lines) and two status rows: the 8th row from the bottom in
    // a pane at 120x40; a few more leave room for a taller prompt or hint.
    footerRows: 12,
  },
  // Its prompt box in a truecolor terminal (weft's panes say COLORTERM=truecolor): a row of
  // lower half blocks, ` > ` (` * ` in YOLO mode) and the draft, a row of upper half blocks;
  // empty, it shows its placeholder. Ctrl+U deletes to the start of the line
  // (edit.deleteLeftAll in its keyboard reference), Backspace then joins the row above.
  prompt: {
    bounds: { rule: /^[▄▀]{8,}\s*$/ },
    marker: /^\s*[>*!]\s/,
    eraseRow: ["C-u", "Backspace"],
    placeholder: /^Type your message or @path\/to\/file$/,
  },
  sideband: "osc",
  resume,
  hooks: {
    route: GEMINI_HOOK_PATH,
    effect: geminiHookEffect,
    handover,
    transcript: {
      // `<home>/.gemini/tmp/<project>/chats/` (GEMINI_CLI_HOME moves the home; its macOS sandbox
      // uses `<home>/.cache/.gemini/`); a subagent's is in a folder named after its parent.
      file: /\/\.gemini\/tmp\/[^/]+\/chats\/(?:[A-Za-z0-9_.-]+\/)?[A-Za-z0-9_.-]+\.jsonl$/,
      taken: geminiTaken,
    },
    // weft's entry on each event of geminiHooks(), merged like Claude Code's (the same shape).
    settings: {
      ...jsonHookFile(
        Object.fromEntries(Object.entries(geminiHooks()).map(([e, g]) => [e, g[0]!.hooks[0]!])),
      ),
      project: [".gemini/settings.json"],
      user: (env) => `${env("HOME") ?? "~"}/.gemini/settings.json`,
    },
  },
  // Messages are handed over through its hooks, else typed into its idle prompt.
  deliver: ["hook", "typed"],
});
