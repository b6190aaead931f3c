/**
 * Guesses what kind of program a pane runs, so agents get agent treatment (sideband, state).
 *
 * @module
 */

/** The kinds weft knows; `shell` for shells, `program` for anything else. */
export const AGENT_KINDS = ["claude", "codex", "gemini", "aider", "shell", "program"] as const;

/** A pane's agent kind. */
export type AgentKind = typeof AGENT_KINDS[number];

const TABLE: [RegExp, AgentKind][] = [
  [/^claude(-code)?$/, "claude"],
  [/^codex$/, "codex"],
  [/^gemini$/, "gemini"],
  [/^aider$/, "aider"],
  [/^(ba|z|fi|k|tc|c|da|a|nu|x)?sh$/, "shell"],
];

const WRAPPERS = new Set(["env", "npx", "bunx", "pnpm", "exec", "nice", "node", "deno", "nohup"]);

/**
 * The agent kind for an argv: looks past wrappers such as `npx` and `env`.
 *
 * @example
 * ```ts
 * import { guessAgentKind } from "./agent_kind.ts";
 * console.assert(guessAgentKind(["npx", "claude", "--resume"]) === "claude");
 * console.assert(guessAgentKind(["bash"]) === "shell");
 * ```
 */
export function guessAgentKind(argv: readonly string[]): AgentKind {
  for (const arg of argv) {
    if (arg.includes("=") && !arg.includes("/")) continue; // env FOO=bar
    const base = (arg.split("/").pop() ?? arg).replace(/^@anthropic-ai\/claude-code.*$/, "claude");
    for (const [re, kind] of TABLE) if (re.test(base)) return kind;
    if (arg.startsWith("-") || WRAPPERS.has(base)) continue;
    if (/@anthropic-ai\/claude-code/.test(arg)) return "claude";
    return "program";
  }
  return "program";
}
