/**
 * The limits a command counts against, by the kind its tag names ({@link LimitKind}): a table,
 * so the runner has no branch per command. Each check runs after the switches and the rate,
 * right before the call; it refuses with a reason, or gives the input to call with and what to
 * note once the call has run.
 *
 * @module
 */

import { isAbsolute, join } from "node:path";
import type { LimitKind } from "../../protocols/sideband/mod.ts";
import type { TypedEcho } from "./_echo.ts";
import { DEPTH_TAG, type Spawns } from "./_spawns.ts";
import type { Options } from "./options.ts";
import type { BusCall } from "@weft/weft/plugin";

/** What a pane looks like to the limits (from `pane.status`). */
export interface PaneFacts {
  id: string;
  session: string;
  cwd: string;
}

/** What the checks need. */
export interface LimitDeps {
  options: Options;
  spawns: Spawns;
  /** Inputs typed into other panes, per session. */
  inputs: Counter;
  echo: TypedEcho;
  /** Calls a bus command as the plugin. */
  call: BusCall;
}

/** A refusal, or the input to call with and what to note once the call ran. */
export type LimitOutcome =
  | { refuse: string }
  | { input: Record<string, unknown>; ran: (value: unknown) => void };

/** Checks one call by `pane` with `input` against a kind of limit. */
export type LimitCheck = (
  call: { pane: string; input: Record<string, unknown> },
  deps: LimitDeps,
) => Promise<LimitOutcome>;

/** Counts by key (a session). */
export class Counter {
  #counts = new Map<string, number>();

  count(key: string): number {
    return this.#counts.get(key) ?? 0;
  }

  add(key: string): void {
    this.#counts.set(key, this.count(key) + 1);
  }
}

/**
 * Spawn depth and panes per session; `cmd` runs in the writer's directory, a relative `cwd` is
 * taken from there; the new pane carries its depth as a tag.
 */
async function checkSpawn(
  { pane, input }: { pane: string; input: Record<string, unknown> },
  deps: LimitDeps,
): Promise<LimitOutcome> {
  const { maxDepth, maxSpawned } = deps.options;
  const writer = await deps.call("pane.status", { pane });
  const depth = deps.spawns.depth(pane) + 1;
  if (depth > maxDepth) {
    return {
      refuse:
        `spawn depth ${depth} is more than ${maxDepth} (panes spawned by sideband from panes spawned by sideband)`,
    };
  }
  if (deps.spawns.count(writer.session) >= maxSpawned) {
    return {
      refuse: `session ${writer.session} already has ${maxSpawned} panes spawned by sideband`,
    };
  }
  const cwd = typeof input.cwd === "string" ? input.cwd : undefined;
  const dir = cwd === undefined ? writer.cwd : isAbsolute(cwd) ? cwd : join(writer.cwd, cwd);
  return {
    input: { ...input, cwd: dir, tags: [`${DEPTH_TAG}${depth}`] },
    ran: (value) => {
      const id = (value as { id?: unknown } | null)?.id;
      if (typeof id === "string") deps.spawns.add(id, writer.session, depth);
    },
  };
}

/**
 * Inputs into another pane than the writer, per session; the text is noted under the target's
 * id before it is typed, so its echo in that pane never runs again.
 */
async function checkInput(
  { pane, input }: { pane: string; input: Record<string, unknown> },
  deps: LimitDeps,
): Promise<LimitOutcome> {
  const target = await deps.call(
    "pane.status",
    typeof input.pane === "string" ? { pane: input.pane } : {},
  );
  const text = typeof input.text === "string" ? input.text : "";
  const note = () => {
    if (text) deps.echo.note(target.id, text);
  };
  if (target.id === pane) {
    note();
    return { input, ran: () => {} };
  }
  const { maxInputs } = deps.options;
  const writer = await deps.call("pane.status", { pane });
  if (deps.inputs.count(writer.session) >= maxInputs) {
    return {
      refuse:
        `session ${writer.session} already had ${maxInputs} inputs into other panes by sideband`,
    };
  }
  note();
  return { input, ran: () => deps.inputs.add(writer.session) };
}

/** The check of each kind of limit. */
export const LIMITS: Readonly<Record<LimitKind, LimitCheck>> = {
  spawn: checkSpawn,
  input: checkInput,
};
