/**
 * The header every kind of mine starts with: a bold title, dim facts after it, a rule below.
 *
 * @module
 */

import { fit, paint, STYLE } from "./_text.ts";

/**
 * Two header lines for `width` cells: the title (the input's title, else its path, else
 * `fallback`) with `facts` after it, and a rule.
 *
 * @example
 * ```ts
 * import { header } from "./_header.ts";
 * console.assert(header({ width: 10 }, "JSON", []).length === 2);
 * ```
 */
export function header(
  input: { width: number; title?: string | undefined; path?: string | undefined },
  fallback: string,
  facts: readonly string[],
): string[] {
  const title = paint([STYLE.bold, STYLE.cyan], input.title ?? input.path ?? fallback);
  const rest = facts.length ? "  " + paint(STYLE.gray, facts.join(" · ")) : "";
  return [fit(title + rest, input.width), paint(STYLE.gray, "─".repeat(input.width))];
}
