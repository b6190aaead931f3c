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

/** What happens when a target field is left out, by fallback. */
const FALLBACK_TEXT: Readonly<Record<TargetSpec["fallback"], (kind: string) => string>> = {
  caller: (kind) =>
    `Leave it out to mean your own ${kind} (the one you run in), else the focused one.`,
  focused: (kind) => `Leave it out to mean the focused ${kind}.`,
  required: () => "It is required.",
  none: () => "It may be left out.",
};

/** How a derived target reads: a pane of a window is its focused one, else its container. */
function fromText(kind: string, from: TargetSpec): string {
  const what = kind === "pane"
    ? `the focused pane of "${from.field}"`
    : `the ${kind} of "${from.field}"`;
  return `Left out while "${from.field}" is given, it means ${what}. `;
}

/**
 * The description of the tool for a command: its own text, then one sentence per target
 * on how it is named and what leaving it out means.
 *
 * @example
 * ```ts
 * import { describeTool } from "./describe_tool.ts";
 * const text = describeTool({
 *   description: "Close a pane.",
 *   targets: [{ kind: "pane", field: "pane", fallback: "required" }],
 * });
 * console.assert(text.includes('"pane"') && text.includes("required"));
 * ```
 */
export function describeTool(spec: Pick<CommandSpec, "description" | "targets">): string {
  const base = spec.description.trim();
  const targets = spec.targets ?? [];
  if (!targets.length) return base;
  const lines = targets.map((target) => {
    const { kind, field, fallback } = target;
    const from = targets.find((t) => t.field === target.from);
    return `"${field}" names a ${kind} by id (e.g. ${EXAMPLE_ID[kind]}) or by its unique name. ` +
      (from ? fromText(kind, from) : "") + FALLBACK_TEXT[fallback](kind);
  });
  return `${base}\n\n${lines.join("\n")}`;
}
