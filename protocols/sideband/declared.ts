/**
 * The tags commands declare in their own specs, as a tag table: each calls the command that
 * declares it. A declared tag never takes a name that is already taken (the built-in tags, the
 * project's own, or an earlier command's).
 *
 * @module
 */

import type { CommandTagSpec, TagSpec } from "./tags.ts";

/**
 * The table of the tags `commands` declare, and the names skipped because they were taken.
 *
 * @example
 * ```ts
 * import { declaredTags } from "./declared.ts";
 * const { table, skipped } = declaredTags([
 *   { name: "demo.show", sideband: { tag: "show", summary: "show", attrs: {} } },
 *   { name: "demo.spawn", sideband: { tag: "spawn", summary: "no", attrs: {} } },
 * ], new Set(["spawn"]));
 * console.assert(table.show?.command === "demo.show" && skipped[0] === "spawn (demo.spawn)");
 * ```
 */
export function declaredTags(
  commands: readonly { name: string; sideband?: CommandTagSpec | undefined }[],
  taken: ReadonlySet<string>,
): { table: Record<string, TagSpec>; skipped: string[] } {
  const table: Record<string, TagSpec> = {};
  const skipped: string[] = [];
  for (const { name, sideband } of commands) {
    if (!sideband) continue;
    const { tag, ...spec } = sideband;
    if (taken.has(tag) || Object.hasOwn(table, tag)) {
      skipped.push(`${tag} (${name})`);
      continue;
    }
    table[tag] = { ...spec, command: name };
  }
  return { table, skipped };
}
