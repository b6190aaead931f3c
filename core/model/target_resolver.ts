/**
 * How the bus's targets resolve against the model: a reference (id or unique name) or a
 * fallback becomes the live object a core handler acts on.
 *
 * @module
 */

import { WeftError } from "../../protocols/bus/errors.ts";
import type { TargetKind } from "../../protocols/bus/command_spec.ts";
import type { TargetResolver } from "../bus/mod.ts";
import type { Model } from "./model.ts";
import type { Pane } from "./pane.ts";
import type { SessionRecord, WindowRecord } from "./records.ts";

/** What core handlers are handed for each target kind. */
export type ModelTargets = {
  readonly pane: Pane;
  readonly window: WindowRecord;
  readonly session: SessionRecord;
};

/**
 * The bus's target resolver for `model`: a reference by id or name; with none, the object
 * derived from an earlier target (`from`: a window's focused pane, a pane's window, …), else
 * the caller's own (fallback `"caller"`) or the focused one.
 *
 * @example
 * ```ts ignore
 * bus.setResolver(targetResolver(model));
 * ```
 */
export function targetResolver(model: Model): TargetResolver {
  return (spec, ref, { caller, from }) => {
    const id = ref !== undefined
      ? model.resolve(spec.kind, ref)
      : from
      ? derive(model, spec.kind, from)
      : model.resolve(spec.kind, undefined, caller.pane, spec.fallback === "caller");
    const object = spec.kind === "pane"
      ? model.pane(id)
      : spec.kind === "window"
      ? model.window(id)
      : model.session(id);
    return { id, object };
  };
}

/** The `kind` object where `from` is: itself, what contains it, or what it shows. */
function derive(model: Model, kind: TargetKind, from: { kind: TargetKind; id: string }): string {
  const at: Partial<Record<TargetKind, string | null>> = { [from.kind]: from.id };
  if (from.kind === "session") at.window = model.session(from.id).currentWindow;
  if (from.kind === "pane") {
    const pane = model.pane(from.id);
    Object.assign(at, { window: pane.window, session: pane.session });
  }
  if (at.window && from.kind !== "pane") {
    const window = model.window(at.window);
    Object.assign(at, { pane: window.focused, session: window.session });
  }
  const id = at[kind];
  if (!id) {
    throw new WeftError(
      "TARGET_NOT_FOUND",
      `Cannot find a ${kind} in ${from.kind} "${from.id}": it has none`,
    );
  }
  return id;
}
