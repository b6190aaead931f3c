/**
 * `prefix b` in `weft attach`: the next agent that needs you (`pane.needs`: blocked on a
 * permission, a question or auth, or in error; longest wait first), and the line the status
 * bar shows for it: who, what it asks, its choices, how to answer from a shell.
 *
 * @module
 */

import type { Need } from "../../protocols/bus/records.ts";

/**
 * The need to jump to from `focused`: the one after it in the list (longest wait first),
 * round to the first; the first when the focused pane needs nothing.
 *
 * @example
 * ```ts
 * import { nextNeed } from "./next_need.ts";
 * const needs = [{ pane: "p4" }, { pane: "p2" }];
 * console.assert(nextNeed(needs, "p1")?.pane === "p4");
 * console.assert(nextNeed(needs, "p4")?.pane === "p2");
 * console.assert(nextNeed(needs, "p2")?.pane === "p4");
 * ```
 */
export function nextNeed<T extends Pick<Need, "pane">>(
  needs: readonly T[],
  focused: string | null | undefined,
): T | undefined {
  const at = needs.findIndex((n) => n.pane === focused);
  return needs[(at + 1) % needs.length];
}

/**
 * The status bar's line for `need`.
 *
 * @example
 * ```ts
 * import { needLine } from "./next_need.ts";
 * const line = needLine({
 *   pane: "p3", name: null, agent: "claude", question: "Bash: rm -rf build",
 *   choices: [{ n: 1, label: "Yes" }, { n: 2, label: "No" }],
 * });
 * console.assert(line === "p3 claude: Bash: rm -rf build · 1 Yes · 2 No · weft approve p3");
 * ```
 */
export function needLine(
  need: Pick<Need, "pane" | "name" | "agent" | "question" | "choices">,
): string {
  const who = need.name ? `${need.pane}:${need.name}` : need.pane;
  const choices = need.choices.map((c) => ` · ${c.n} ${cut(c.label, 24)}`).join("");
  const how = need.choices.length ? ` · weft approve ${need.pane}` : "";
  return `${who} ${need.agent}: ${need.question ?? "needs you"}${choices}${how}`;
}

function cut(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}
