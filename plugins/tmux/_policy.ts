/**
 * The tmux plugin's options: where Claude Code's teammates run. Off by default (every teammate
 * in its lead's window, as in tmux); `teammates` sends those whose name matches a rule to
 * another host of the fabric:
 *
 * ```jsonc
 * "tmux": { "options": { "teammates": { "host": "buildbox" } } }
 * "tmux": { "options": { "teammates": [
 *   { "agent": "review*", "host": "buildbox", "cwd": "/srv/project" },
 *   { "agent": "*", "host": "gpu", "fallback": "fail" }
 * ] } }
 * ```
 *
 * @module
 */

import { optionsParser, z } from "@weft/weft/plugin";
import { isHostName } from "../../protocols/bus/host_id.ts";

/** One rule: teammates whose name matches `agent` run on `host`. */
export interface TeammateRule {
  /** The teammate's name (`--agent-name`), `*` and `?` as in a shell pattern; default `*`. */
  agent: string;
  /** The fabric host the teammate's pane opens on. */
  host: string;
  /** Its working directory there; default: the lead's (the same path on that host). */
  cwd?: string;
  /**
   * When that host refuses or cannot be reached: `local` (default) starts the teammate in its
   * pane here, as without the rule; `fail` fails the `respawn-pane` with the host's error.
   */
  fallback: "local" | "fail";
}

/** Every option of the tmux plugin. */
export interface TmuxOptions {
  /** Rules, first match wins; none: every teammate here. */
  teammates: TeammateRule[];
}

const Rule = z.strictObject({
  agent: z.string().min(1).max(128).optional(),
  host: z.string().refine(isHostName, "is not a host name"),
  cwd: z.string().startsWith("/", "write an absolute path").optional(),
  fallback: z.enum(["local", "fail"]).optional(),
});

type RawRule = z.infer<typeof Rule>;

// One rule alone is a list of one (so a wrong field is named by its path, not "Invalid input").
const Rules = z.preprocess(
  (v) => v === undefined || Array.isArray(v) ? v : [v],
  z.array(Rule).max(64),
);

const parse = optionsParser<{ teammates: RawRule[] }>("tmux", {
  schema: z.strictObject({ teammates: Rules.optional() }),
  defaults: { teammates: [] },
});

/** Validates the project's options (a wrong key is named) and fills in the defaults. */
export function parseOptions(raw: unknown): TmuxOptions {
  return {
    teammates: parse(raw).teammates.map((r) => ({
      agent: r.agent ?? "*",
      host: r.host,
      ...(r.cwd ? { cwd: r.cwd } : {}),
      fallback: r.fallback ?? "local",
    })),
  };
}

/** Whether `name` matches a shell pattern of `*` and `?`. */
function matches(pattern: string, name: string): boolean {
  const re = pattern.replace(/[.+^${}()|[\]\\]/g, "\\$&").replaceAll("*", ".*").replaceAll(
    "?",
    ".",
  );
  return new RegExp(`^${re}$`).test(name);
}

/**
 * The first rule for a teammate named `name`, if any.
 *
 * @example
 * ```ts
 * import { ruleFor } from "./_policy.ts";
 * const rules = [{ agent: "rev*", host: "buildbox", fallback: "local" as const }];
 * console.assert(ruleFor(rules, "reviewer")?.host === "buildbox");
 * console.assert(ruleFor(rules, "coder") === undefined);
 * ```
 */
export function ruleFor(rules: readonly TeammateRule[], name: string): TeammateRule | undefined {
  return rules.find((r) => matches(r.agent, name));
}
