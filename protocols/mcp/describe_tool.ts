/**
 * A tool's description as a model reads it: the command's own description (what it does, when
 * to use it, what it returns), then how its target is chosen when the model names none.
 *
 * @module
 */

import type { CommandSpec, TargetSpec } from "../bus/mod.ts";

const EXAMPLE_ID: Readonly<Record<TargetSpec["kind"], string>> = {
  pane: "p3",
  window: "w2",
  session: "s1",
};

/** What happens when the target field is left out, by fallback. */
const FALLBACK_TEXT: Readonly<Record<TargetSpec["fallback"], (kind: string) => string>> = {
  caller: (kind) =>
    `Leave it out to mean your own ${kind} (the one you run in), else the focused one.`,
  focused: (kind) => `Leave it out to mean the focused ${kind}.`,
  required: () => "It is required.",
};

/**
 * The description of the tool for a command.
 *
 * @example
 * ```ts
 * import { describeTool } from "./describe_tool.ts";
 * const text = describeTool({
 *   description: "Close a pane.",
 *   target: { kind: "pane", field: "pane", fallback: "required" },
 * });
 * console.assert(text.includes('"pane"') && text.includes("required"));
 * ```
 */
export function describeTool(spec: Pick<CommandSpec, "description" | "target">): string {
  const base = spec.description.trim();
  const target = spec.target;
  if (!target) return base;
  const { kind, field, fallback } = target;
  return `${base}\n\n"${field}" names a ${kind} by id (e.g. ${EXAMPLE_ID[kind]}) or by its ` +
    `unique name. ${FALLBACK_TEXT[fallback](kind)}`;
}
