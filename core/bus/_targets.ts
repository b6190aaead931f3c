/**
 * Resolving a command's declared targets before its handler runs, like tmux's dispatcher does
 * for a `cmd_entry`: each field in order, through the resolver the bus's owner installed.
 *
 * @module
 */

import { WeftError } from "../../protocols/bus/errors.ts";
import type {
  Caller,
  CommandSpec,
  TargetKind,
  TargetSpec,
} from "../../protocols/bus/command_spec.ts";

/** An object a reference resolved to: its canonical id and what the handler is handed. */
export interface ResolvedTarget {
  id: string;
  object: unknown;
}

/** What a resolver knows besides the reference. */
export interface ResolveContext {
  caller: Caller;
  /** With no reference: the earlier target named by the spec's `from`, to derive from. */
  from?: { kind: TargetKind; id: string };
}

/**
 * Resolves a reference (id or name; absent: from `context.from`, else the spec's `"caller"` or
 * `"focused"` fallback) to an object; throws `TARGET_NOT_FOUND` when there is none. The bus
 * handles `"required"` and `"none"` itself.
 */
export type TargetResolver = (
  spec: TargetSpec,
  ref: string | undefined,
  context: ResolveContext,
) => ResolvedTarget;

/** Throws a `TypeError` for targets that cannot work: a field twice, a `from` not declared earlier. */
export function checkTargets(command: Pick<CommandSpec, "name" | "targets">): void {
  const seen = new Set<string>();
  for (const t of command.targets ?? []) {
    if (seen.has(t.field)) {
      throw new TypeError(
        `Cannot register "${command.name}": target "${t.field}" is declared twice`,
      );
    }
    if (t.from !== undefined && !seen.has(t.from)) {
      throw new TypeError(
        `Cannot register "${command.name}": target "${t.field}" derives from "${t.from}", ` +
          "which is not declared before it",
      );
    }
    seen.add(t.field);
  }
}

/**
 * The input with each target field holding its canonical id, and the resolved objects by field
 * (`undefined` for an absent `"none"` target).
 */
export function resolveTargets(
  command: Pick<CommandSpec, "name" | "targets">,
  input: unknown,
  caller: Caller,
  resolver: TargetResolver | undefined,
): { input: unknown; targets: Record<string, unknown> } {
  const specs = command.targets ?? [];
  const targets: Record<string, unknown> = {};
  if (!specs.length) return { input, targets };
  if (!resolver) throw new WeftError("INTERNAL", "Cannot resolve targets: no resolver");
  let out = { ...(input as Record<string, unknown>) };
  const ids = new Map<string, { kind: TargetKind; id: string }>();
  for (const spec of specs) {
    const ref = out[spec.field];
    if (ref !== undefined && typeof ref !== "string") {
      throw new WeftError(
        "INVALID_INPUT",
        `Cannot call "${command.name}": ${spec.field} must be a ${spec.kind} id or name`,
      );
    }
    const from = ref === undefined && spec.from !== undefined ? ids.get(spec.from) : undefined;
    if (ref === undefined && !from && (spec.fallback === "none" || spec.fallback === "required")) {
      if (spec.fallback === "required") {
        throw new WeftError(
          "INVALID_INPUT",
          `Cannot call "${command.name}": give "${spec.field}" (a ${spec.kind} id or name)`,
        );
      }
      targets[spec.field] = undefined;
      continue;
    }
    const resolved = resolver(spec, ref, { caller, ...(from ? { from } : {}) });
    targets[spec.field] = resolved.object;
    ids.set(spec.field, { kind: spec.kind, id: resolved.id });
    out = { ...out, [spec.field]: resolved.id };
  }
  return { input: out, targets };
}

/**
 * The canonical ids of a call's resolved targets, read back from its input (where the bus put
 * them): what crosses to a plugin's Worker.
 *
 * @example
 * ```ts
 * import { targetIds } from "./_targets.ts";
 * const spec = { name: "x.y", targets: [{ kind: "pane", field: "pane", fallback: "none" }] as const };
 * console.assert(targetIds(spec, { pane: "p2" }).pane === "p2");
 * console.assert(!("pane" in targetIds(spec, {})));
 * ```
 */
export function targetIds(
  command: Pick<CommandSpec, "targets">,
  input: unknown,
): Record<string, string> {
  const ids: Record<string, string> = {};
  const fields = (input ?? {}) as Record<string, unknown>;
  for (const { field } of command.targets ?? []) {
    const id = fields[field];
    if (typeof id === "string") ids[field] = id;
  }
  return ids;
}
