/**
 * What each saved pane starts as when it comes back: shells in their last directory, programs
 * with their command, agents inside their conversation, and a shell where a program had
 * already ended (a finished command is not run twice).
 *
 * @module
 */

import type { LaunchRequest } from "../model/mod.ts";
import { guessAgentKind } from "../../protocols/agents/mod.ts";
import { shellQuote } from "../../protocols/terminal/shell_words.ts";
import { resumable, resumeArgv, type ResumeTarget } from "./resume.ts";
import type { SavedPane } from "./saved.ts";

/** `"all"`: panes start their programs again; `"layout"`: shells only; `"off"`: nothing. */
export type RestoreMode = "all" | "layout" | "off";

/** Restore modes, for config validation. */
export const RESTORE_MODES = ["all", "layout", "off"] as const;

/** How a pane comes back. */
export interface PanePlan {
  /** What to start, best first: the plan, then shells in directories that may still exist. */
  launches: LaunchRequest[];
  /** One line for the pane's marker and `weft saved`: what it runs again and why. */
  note: string;
  /** Not started until allowed: see {@link PlanContext.held}. */
  held?: boolean;
}

/** What a plan needs to know about the whole restore. */
export interface PlanContext {
  mode: Exclude<RestoreMode, "off">;
  /** The configured shell, for panes that come back as a shell. */
  shell: readonly string[];
  projectDir: string;
  /**
   * Directories where an agent already resumes its latest conversation: a second agent there
   * without its own conversation id starts a new one rather than take over the same.
   */
  latestTaken: Set<string>;
  /**
   * Panes this user's weft did not record here (no valid seal): their program is shown and
   * held, not started, until allowed (`server.allow`).
   */
  held?: ReadonlySet<string>;
}

/**
 * The plan for one pane.
 *
 * @example
 * ```ts
 * import { planPane } from "./plan.ts";
 * const plan = planPane({
 *   id: "p1", session: "s1", window: "w1", name: null, argv: ["claude"], command: "claude",
 *   cwd: "/p", lastCwd: "/p", env: {}, agent: "claude", agentExplicit: false,
 *   agentSession: "abc", tags: [], meta: {}, createdBy: null, exit: null,
 * }, { mode: "all", shell: ["bash"], projectDir: "/p", latestTaken: new Set() });
 * console.assert(plan.launches[0]!.argv.join(" ") === "claude --resume abc");
 * ```
 */
export function planPane(saved: SavedPane, context: PlanContext): PanePlan {
  if (saved.canvas) {
    // A canvas has no process: a plugin's comes back as a canvas of the same plugin, showing
    // its last frame until the plugin draws it again (the canvas plugin redraws those it can
    // rebuild from their pane's meta and closes the others). A client's (`kind:id`) owner is
    // gone with its connection: nothing would ever draw it, so it is left out.
    if (saved.canvas.includes(":")) {
      return { launches: [], note: `not restored: a canvas of ${saved.canvas}, which is gone` };
    }
    const launch = { ...launchOf(saved, [], saved.cwd), canvas: saved.canvas };
    return { launches: [launch], note: `canvas of ${saved.canvas}` };
  }
  const shell = isShell(saved) ? saved.argv : [...context.shell];
  const { argv, cwd, note } = choose(saved, shell, context);
  if (context.held?.has(saved.id)) return heldPlan(saved, launchOf(saved, argv, cwd));
  const launches = [launchOf(saved, argv, cwd)];
  for (const dir of [saved.lastCwd, saved.cwd, context.projectDir]) {
    if (launches.some((l) => l.argv === shell && l.cwd === dir)) continue;
    launches.push(launchOf(saved, shell, dir));
  }
  return { launches, note };
}

/**
 * A pane from a store this user's weft did not record: its one launch, labelled with exactly
 * what it would run (a stored label may say anything), and no shell to fall back to in a
 * stored directory with stored variables.
 */
function heldPlan(saved: SavedPane, launch: LaunchRequest): PanePlan {
  const shown = launch.argv.map(shellQuote).join(" ");
  const env = Object.keys(saved.env);
  return {
    launches: [{ ...launch, command: shown }],
    note: `held, not started (a store weft did not record for you here): it would run ${shown} ` +
      `in ${launch.cwd}${env.length ? ` with ${env.join(", ")} set` : ""}; ` +
      `\`weft allow ${saved.id}\` starts it`,
    held: true,
  };
}

function choose(
  saved: SavedPane,
  shell: string[],
  context: PlanContext,
): { argv: string[]; cwd: string; note: string } {
  const inShell = (note: string) => ({ argv: shell, cwd: saved.lastCwd, note });
  const where = `in ${saved.lastCwd}`;
  if (isShell(saved)) return inShell(`shell ${where}`);
  if (context.mode === "layout") {
    return inShell(`a shell ${where} (restore is "layout": "${saved.command}" not started)`);
  }
  if (saved.exit) {
    const how = saved.exit.signal ?? `code ${saved.exit.code}`;
    return inShell(`a shell ${where}: "${saved.command}" had ended (${how})`);
  }
  const kind = guessAgentKind(saved.command.split(/\s+/));
  if (!resumable(kind)) {
    return { argv: saved.argv, cwd: saved.cwd, note: `"${saved.command}" started again` };
  }
  const target: ResumeTarget = saved.agentSession
    ? { session: saved.agentSession }
    : context.latestTaken.has(saved.cwd)
    ? { none: true }
    : { latest: true };
  const argv = resumeArgv(saved.argv, target);
  if (!argv) {
    return { argv: saved.argv, cwd: saved.cwd, note: `${kind} started again as it was` };
  }
  if ("latest" in target) context.latestTaken.add(saved.cwd);
  const note = "session" in target
    ? `${kind} resumed (conversation ${target.session})`
    : "latest" in target
    ? `${kind} resumed (its latest conversation here)`
    : `${kind} started again (a new conversation: another pane resumes the latest here)`;
  return { argv, cwd: saved.cwd, note };
}

function isShell(saved: SavedPane): boolean {
  return guessAgentKind(saved.command.split(/\s+/)) === "shell" &&
    !(saved.argv.length >= 2 && saved.argv.at(-2) === "-c");
}

function launchOf(saved: SavedPane, argv: string[], cwd: string): LaunchRequest {
  return {
    argv,
    command: argv === saved.argv
      ? saved.command
      : argv.length >= 3 && argv.at(-2) === "-c"
      ? argv.at(-1)!
      : argv.join(" "),
    cwd,
    ...(Object.keys(saved.env).length ? { env: { ...saved.env } } : {}),
    ...(saved.name ? { name: saved.name } : {}),
    ...(saved.agentExplicit ? { agent: saved.agent } : {}),
    tags: [...saved.tags],
    meta: { ...saved.meta },
    ...(saved.createdBy ? { createdBy: saved.createdBy } : {}),
  };
}
