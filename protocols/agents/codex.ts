/**
 * OpenAI Codex CLI (npm `@openai/codex`). Its resume command (`codex resume <id>`, `--last`)
 * and flags are as weft's earlier code had them (no version recorded); its screens follow its
 * documented TUI and are best effort (not checked against a live run).
 *
 * @module
 */

import { type AgentVendor, defineVendor, flagsOnly, type ResumeTarget } from "./vendor.ts";

/** Flags of `codex` that take a value, or pick a conversation (dropped). */
const FLAGS = {
  value: new Set([
    "-m",
    "--model",
    "-p",
    "--profile",
    "-c",
    "--config",
    "-s",
    "--sandbox",
    "-a",
    "--ask-for-approval",
    "-C",
    "--cd",
    "-i",
    "--image",
    "--add-dir",
    "--local-provider",
  ]),
  variadic: new Set<string>(),
  drop: new Set(["--last", "--all"]),
};

/** `codex resume <id>` (or `resume --last`) with the flags it was started with. */
function resume(args: readonly string[], target: ResumeTarget): string[] | undefined {
  const words = args[0] === "resume" ? args.slice(1) : args;
  // Another subcommand (exec, login, mcp, …) is not a conversation to resume.
  if (words[0] && !words[0].startsWith("-") && args[0] !== "resume") return undefined;
  const pick = "session" in target
    ? ["resume", target.session]
    : "latest" in target
    ? ["resume", "--last"]
    : [];
  return [...pick, ...flagsOnly(words, FLAGS)];
}

/** Codex CLI. */
export const codex: AgentVendor<"codex"> = defineVendor({
  kind: "codex",
  title: "Codex CLI",
  readFrom: "Codex CLI: version not recorded (resume); screens from its docs, best effort",
  recognise: { packages: [/@openai\/codex/], names: /^codex$/ },
  state: {
    dialog: /^\s*(?:Would you like to .+\?|Allow (?:command|Codex) .*\?)\s*$/i,
    choice: /^\s*(?:[›>❯]\s*)?1\.\s+\S/,
    working: /esc to interrupt/i,
    idle: /(?:⏎ send|\? for shortcuts)/,
  },
  sideband: "osc",
  resume,
});
