/**
 * Claude Code (npm `@anthropic-ai/claude-code`, or its native install). Screens, prompt and
 * transcript were read from 2.1.330 at 100–120 columns (the tests' screens); the transcript
 * profile is "checked against 2.1.x". The resume flags and the hook events
 * (`protocols/hooks/claude_code.ts`) are as weft's earlier code had them, with no version
 * recorded: check them against `claude --help` when they next change. It also
 * reports its own state through the Program Status Protocol (OSC 7501, `protocols/status/`),
 * which weft answers and takes while Claude Code is in front.
 *
 * @module
 */

import {
  CLAUDE_ENTRIES,
  claudeHandover,
  claudeHookEffect,
  jsonHookFile,
  PERMISSION_HOOK_PATH,
} from "../hooks/mod.ts";
import { type AgentVendor, defineVendor, flagsOnly, type ResumeTarget } from "./vendor.ts";

/** Flags of `claude` that take a value, take many, or pick a conversation (dropped). */
const FLAGS = {
  value: new Set([
    "--agent",
    "--agents",
    "--append-system-prompt",
    "--append-system-prompt-file",
    "--debug",
    "--fallback-model",
    "--file",
    "--input-format",
    "--json-schema",
    "--max-budget-usd",
    "--max-thinking-tokens",
    "--max-turns",
    "--model",
    "--output-format",
    "--permission-mode",
    "--permission-prompt-tool",
    "--plugin-dir",
    "--resume",
    "-r",
    "--session-id",
    "--setting-sources",
    "--settings",
    "--system-prompt",
    "--system-prompt-file",
  ]),
  variadic: new Set([
    "--add-dir",
    "--allowedTools",
    "--allowed-tools",
    "--betas",
    "--disallowedTools",
    "--disallowed-tools",
    "--mcp-config",
    "--tools",
  ]),
  drop: new Set(["--resume", "-r", "--continue", "-c", "--session-id", "--fork-session"]),
};

const PRINT = ["-p", "--print"];

/** `claude --resume <id>` (or `--continue`) with the flags it was started with. */
function resume(args: readonly string[], target: ResumeTarget): string[] | undefined {
  if (args.some((a) => PRINT.includes(a))) return undefined;
  const pick = "session" in target
    ? ["--resume", target.session]
    : "latest" in target
    ? ["--continue"]
    : [];
  return [...pick, ...flagsOnly(args, FLAGS)];
}

/**
 * What a line of its transcript says the agent took (2.1.330, read from its files, the tests'
 * runs): `<config dir>/projects/<project>/<session id>.jsonl`, one JSON object a line. A
 * submitted prompt and a Stop hook's reason (`Stop hook feedback:\n…`, `isMeta`) are `user`
 * entries (`message.content`, a string or blocks); a PostToolUse hook's additionalContext is an
 * `attachment` of type `hook_additional_context` (`content`, strings). The same texts come
 * again in `api-request-blob` and `last-prompt` entries (the latter written later, even after
 * a later prompt's): those do not count.
 */
function taken(entry: Readonly<Record<string, unknown>>): string[] {
  if (entry.type === "user") {
    const content = (entry.message as { content?: unknown } | undefined)?.content;
    return texts(content);
  }
  const attachment = entry.attachment as { type?: unknown; content?: unknown } | undefined;
  if (entry.type === "attachment" && attachment?.type === "hook_additional_context") {
    return texts(attachment.content);
  }
  return [];
}

/** The strings of a message's content: a string, or blocks' text (a tool result's too). */
function texts(content: unknown): string[] {
  if (typeof content === "string") return [content];
  if (!Array.isArray(content)) return [];
  return content.flatMap((b) => {
    if (typeof b === "string") return [b];
    if (typeof b !== "object" || b === null) return [];
    const block = b as { text?: unknown; content?: unknown };
    return typeof block.text === "string" ? [block.text] : texts(block.content);
  });
}

/** Claude Code. */
export const claude: AgentVendor<"claude"> = defineVendor({
  kind: "claude",
  title: "Claude Code",
  readFrom: "Claude Code 2.1.330 (screens, prompt; hook answers that hand messages over); " +
    "resume flags and hooks: version not recorded",
  recognise: {
    packages: [
      /@anthropic-ai\/claude-code/,
      /\/claude\/versions\/[^/]+$/, // the native install: one file per version
    ],
    names: /^claude(-code)?$/,
  },
  print: PRINT,
  state: {
    // "Do you want to proceed?", "Do you want to make this edit to a.ts?", "… create b.ts?"
    dialog: /^\s*Do you want to .+\?\s*$/,
    choice: /^\s*(?:❯\s*)?1\.\s+\S/,
    dialogEnd: /^\s*(?:Esc to cancel|Enter to select)/,
    question: /^\s*Enter to select/,
    working: /esc to interrupt/i,
    idle: /\? for shortcuts/,
  },
  // A `❯` row between two horizontal rules, above the footer. Ctrl-U deletes to the start of
  // the line, Backspace then the line break before it (on an empty prompt both do nothing); a
  // collapsed paste (`[Pasted text #1 +3 lines]`) is one row.
  prompt: {
    bounds: { rule: /^\s*[─━]{8,}\s*$/ },
    marker: /^\s*❯\s?/,
    eraseRow: ["C-u", "Backspace"],
    collapsedPaste: /^\[Pasted text #\d+/,
  },
  // Each message is `● ` and its text, wrapped with a hanging indent of two; tool calls look
  // the same (`● Bash(…)`) with their output under `⎿`. `⏺` is older versions' marker.
  transcript: {
    markers: ["●", "⏺"],
    indent: 2,
    // `Bash(…)`, `Read(…)`, `Web Search(…)`, `weft - list_panes (MCP)(…)`
    toolHeader: /^(?:[A-Z][A-Za-z0-9]*(?: [A-Z][A-Za-z0-9]*)*|\S+ - \S+ \(MCP\))\(/,
    toolOutput: /^\s*⎿/,
  },
  sideband: "screen",
  statusProtocol: true,
  resume,
  hooks: {
    route: "/hooks/claude-code",
    effect: claudeHookEffect,
    handover: claudeHandover,
    holdRoute: PERMISSION_HOOK_PATH,
    transcript: { file: /\/projects\/[^/]+\/[A-Za-z0-9_.-]+\.jsonl$/, taken },
    // Its local (not committed) project settings, then the shared ones; CLAUDE_CONFIG_DIR moves
    // the user's.
    settings: {
      ...jsonHookFile(CLAUDE_ENTRIES),
      project: [".claude/settings.local.json", ".claude/settings.json"],
      user: (env) => `${env("CLAUDE_CONFIG_DIR") ?? `${env("HOME") ?? "~"}/.claude`}/settings.json`,
    },
  },
  // Messages go in at its next tool boundary or stop, through its hooks; typed into its idle
  // prompt only when its hooks are not installed (or it is idle with nothing to hook into).
  deliver: ["hook", "typed"],
});
