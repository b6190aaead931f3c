/**
 * How the launch fields every pane-creating command shares (`protocols/bus/contract/fields.ts`)
 * become a launch.
 *
 * @module
 */

import type { z } from "zod";
import type { Caller } from "../bus/mod.ts";
import { WeftError } from "../../protocols/bus/errors.ts";
import type { LaunchRequest } from "../model/mod.ts";
import type { LaunchFields } from "../../protocols/bus/contract/fields.ts";
import { shellArgv } from "../pty/mod.ts";
import type { CoreDeps } from "./deps.ts";

/** Turns launch fields into a model launch request. */
export function toLaunch(
  input: z.infer<typeof LaunchFields>,
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
