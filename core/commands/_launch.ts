/**
 * The input fields every pane-creating command shares, and how they become a launch.
 *
 * @module
 */

import { z } from "zod";
import type { Caller } from "../bus/mod.ts";
import { WeftError } from "../../protocols/bus/errors.ts";
import { AGENT_KINDS, type LaunchRequest } from "../model/mod.ts";
import { shellArgv } from "../pty/mod.ts";
import type { CoreDeps } from "./deps.ts";

/** Fields that describe a pane's process. */
export const launchFields = {
  command: z.string().min(1).max(64 * 1024).optional().describe(
    "Shell command line to run (run by the configured shell with -c). Default: an interactive shell.",
  ),
  argv: z.array(z.string().max(64 * 1024)).min(1).max(1024).optional().describe(
    "Program and arguments, run directly without a shell. Use instead of command.",
  ),
  cwd: z.string().min(1).optional().describe(
    "Working directory. Default: the calling pane's directory, else the project directory.",
  ),
  env: z.record(z.string().regex(/^[A-Za-z_][A-Za-z0-9_]*$/), z.string()).optional().describe(
    "Extra environment variables.",
  ),
  name: z.string().min(1).max(64).optional().describe("A unique name to refer to the pane by."),
  agent: z.enum(AGENT_KINDS).optional().describe(
    `What runs in the pane (${AGENT_KINDS.join(", ")}). Default: guessed.`,
  ),
  tags: z.array(z.string().max(64)).max(32).optional().describe("Free-form tags."),
};

const LaunchObject = z.object(launchFields);

/** Turns launch fields into a model launch request. */
export function toLaunch(
  input: z.infer<typeof LaunchObject>,
  deps: CoreDeps,
  caller: Caller,
): LaunchRequest {
  if (input.command && input.argv) {
    throw new WeftError(
      "INVALID_INPUT",
      "Cannot start a pane with both command and argv: pick one",
    );
  }
  const shell = deps.config.shell;
  const argv = input.argv ?? shellArgv(shell, input.command);
  const command = input.command ?? (input.argv ?? shell).join(" ");
  const callerPane = caller.pane ? deps.model.panes.get(caller.pane) : undefined;
  const cwd = input.cwd ?? callerPane?.screen.cwd ?? callerPane?.launch.cwd ??
    deps.config.projectDir;
  return {
    argv,
    command,
    cwd,
    ...(input.env ? { env: input.env } : {}),
    ...(input.name ? { name: input.name } : {}),
    ...(input.agent ? { agent: input.agent } : {}),
    ...(input.tags ? { tags: input.tags } : {}),
    createdBy: caller.pane ?? `${caller.kind}:${caller.id}`,
  };
}
