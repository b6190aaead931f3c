import { WeftError } from "../bus/errors.ts";
import { didYouMean } from "../bus/suggest.ts";

/**
 * Finds a preset the way tmux finds layouts: by exact name, then by a prefix that only one
 * name starts with. An unknown name is `NOT_FOUND` with a did-you-mean, an ambiguous prefix
 * `INVALID_INPUT` listing the names it could mean.
 *
 * @example
 * ```ts
 * import { findPreset } from "./find_preset.ts";
 * const presets = [{ name: "tiled" }, { name: "main_left" }, { name: "main_top" }];
 * console.assert(findPreset(presets, "ti").name === "tiled");
 * ```
 */
export function findPreset<T extends { name: string }>(presets: readonly T[], name: string): T {
  const exact = presets.find((p) => p.name === name);
  if (exact) return exact;
  const matches = presets.filter((p) => p.name.startsWith(name));
  if (matches.length === 1) return matches[0]!;
  if (matches.length > 1) {
    throw new WeftError(
      "INVALID_INPUT",
      `Cannot find preset "${name}": it could be ${matches.map((p) => `"${p.name}"`).join(", ")}`,
      { matches: matches.map((p) => p.name) },
    );
  }
  const names = presets.map((p) => p.name);
  throw new WeftError(
    "NOT_FOUND",
    `Cannot find preset "${name}"${didYouMean(name, names)}; presets: ${names.join(", ")}`,
    { presets: names },
  );
}
