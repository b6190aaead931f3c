/**
 * The command line of one turn: `claude -p --session-id|--resume ID --output-format stream-json
 * --verbose` and the agent's settings; the text goes to its stdin (any length, and a text that
 * starts with "-" is not a flag; nor does `ps` show it). No `--max-turns 1`: a turn that uses a
 * tool takes several model steps (the agent's `maxTurns` caps them when set).
 *
 * @module
 */

import type { AgentSettings } from "./options.ts";

/** What a turn needs to know about its session. */
export interface TurnSession {
  id: string;
  /** The session exists already: `--resume` it; else create it with `--session-id`. */
  started: boolean;
}

/**
 * The argv (program first) for one turn.
 *
 * @example
 * ```ts
 * import { turnArgv } from "./_argv.ts";
 * const argv = turnArgv({ model: "m" }, { id: "abc", started: true });
 * console.assert(argv.join(" ") === "claude -p --resume abc --output-format stream-json --verbose --model m");
 * ```
 */
export function turnArgv(agent: AgentSettings, session: TurnSession): string[] {
  const argv = [agent.program ?? "claude", "-p"];
  argv.push(session.started ? "--resume" : "--session-id", session.id);
  argv.push("--output-format", "stream-json", "--verbose");
  const value = (flag: string, v: string | number | undefined) => {
    if (v !== undefined) argv.push(flag, String(v));
  };
  value("--model", agent.model);
  value("--system-prompt", agent.systemPrompt);
  value("--append-system-prompt", agent.appendSystemPrompt);
  value("--permission-mode", agent.permissionMode);
  value("--max-turns", agent.maxTurns);
  if (agent.allowedTools?.length) argv.push("--allowedTools", agent.allowedTools.join(","));
  if (agent.disallowedTools?.length) {
    argv.push("--disallowedTools", agent.disallowedTools.join(","));
  }
  argv.push(...(agent.args ?? []));
  return argv;
}
