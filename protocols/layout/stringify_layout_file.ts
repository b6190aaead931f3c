import type { LayoutFile, LayoutSpec, PaneSpec } from "./types.ts";

/**
 * Writes a layout file as TOML that reads well: one `[[window]]` per window, the layout's keys
 * right in it, children as `[[window.splits]]` (nested: `[[window.splits.splits]]`), each pane
 * as an inline table. {@link parseLayoutFile} reads it back to the same value.
 *
 * @example
 * ```ts
 * import { stringifyLayoutFile } from "./stringify_layout_file.ts";
 * const toml = stringifyLayoutFile({
 *   windows: [{ name: "dev", layout: { pane: { command: "vim" } } }],
 * });
 * console.assert(toml.includes('pane = { command = "vim" }'));
 * ```
 */
export function stringifyLayoutFile(file: LayoutFile): string {
  const head: string[] = [];
  if (file.description !== undefined) head.push(`description = ${value(file.description)}`);
  if (file.session !== undefined) head.push(`session = ${value(file.session)}`);
  const blocks = head.length ? [head.join("\n")] : [];
  for (const window of file.windows) {
    const lines = ["[[window]]"];
    if (window.name !== undefined) lines.push(`name = ${value(window.name)}`);
    blocks.push(...node(window.layout, "window", lines));
  }
  return blocks.join("\n\n") + "\n";
}

/** The blocks for `spec` in the table `table`, whose first block starts with `lines`. */
function node(spec: LayoutSpec, table: string, lines: string[]): string[] {
  if ("pane" in spec) {
    lines.push(`pane = ${pane(spec.pane)}`);
    return [lines.join("\n")];
  }
  if ("splits" in spec) {
    lines.push(`direction = ${value(spec.direction)}`);
    const blocks = [lines.join("\n")];
    for (const child of spec.splits) {
      const head = [`[[${table}.splits]]`, `ratio = ${value(child.ratio)}`];
      blocks.push(...node(child.layout, `${table}.splits`, head));
    }
    return blocks;
  }
  lines.push(`preset = ${value(spec.preset)}`);
  if (spec.main_ratio !== undefined) lines.push(`main_ratio = ${value(spec.main_ratio)}`);
  if (spec.panes.every((p) => Object.keys(p).length === 1 && p.command !== undefined)) {
    lines.push(`pane_commands = [${spec.panes.map((p) => value(p.command!)).join(", ")}]`);
    return [lines.join("\n")];
  }
  lines.push("panes = [");
  for (const p of spec.panes) lines.push(`  ${pane(p)},`);
  lines.push("]");
  return [lines.join("\n")];
}

function pane(spec: PaneSpec): string {
  const order: (keyof PaneSpec)[] = ["name", "command", "argv", "cwd", "env"];
  const parts = order.filter((k) => spec[k] !== undefined).map((k) => `${k} = ${value(spec[k]!)}`);
  return parts.length ? `{ ${parts.join(", ")} }` : "{}";
}

function value(v: string | number | string[] | Record<string, string>): string {
  if (typeof v === "number") return String(v);
  if (typeof v === "string") return quote(v);
  if (Array.isArray(v)) return `[${v.map(quote).join(", ")}]`;
  const parts = Object.entries(v).map(([k, s]) => `${key(k)} = ${quote(s)}`);
  return parts.length ? `{ ${parts.join(", ")} }` : "{}";
}

function key(k: string): string {
  return /^[A-Za-z0-9_-]+$/.test(k) ? k : quote(k);
}

const ESCAPES: Record<string, string> = {
  "\\": "\\\\",
  '"': '\\"',
  "\b": "\\b",
  "\t": "\\t",
  "\n": "\\n",
  "\f": "\\f",
  "\r": "\\r",
};

/** A TOML basic string: JSON-like escapes, other control characters as `\uXXXX`. */
function quote(s: string): string {
  const escaped = s.replace(
    // deno-lint-ignore no-control-regex
    /[\\"\u0000-\u001f\u007f]/g,
    (c) => ESCAPES[c] ?? `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`,
  );
  return `"${escaped}"`;
}
