/**
 * The help overlay (`prefix ?`): every binding, drawn from the binding tables themselves.
 *
 * @module
 */

import { type Binding, PREFIX_BINDINGS } from "./bindings.ts";
import { COPY_HELP, type CopyCommand } from "./copy_keys.ts";
import { ATTR, type CellGrid, palette, type Style } from "./cells.ts";
import { textWidth, truncate } from "./width.ts";

const BOX: Style = { fg: palette(15), bg: palette(4), attrs: 0 };
const HEAD: Style = { fg: palette(11), bg: palette(4), attrs: ATTR.bold };
const KEY: Style = { fg: palette(14), bg: palette(4), attrs: ATTR.bold };

/** The help text as (keys, what they do) rows with headings; keys of one action are joined. */
export function helpLines(
  prefix: string,
  copyKeys: Readonly<Record<string, CopyCommand>> = {},
): { keys: string; help: string; heading?: boolean }[] {
  const rows: { keys: string; help: string; heading?: boolean }[] = [
    { keys: `Prefix ${prefix}, then:`, help: "", heading: true },
  ];
  const merged = new Map<string, { keys: string[]; help: string }>();
  const group = (b: Binding) => (b.action === "window-select" ? "window-select" : b.help);
  for (const b of PREFIX_BINDINGS) {
    const entry = merged.get(group(b));
    if (entry) entry.keys.push(b.key);
    else {merged.set(group(b), {
        keys: [b.key],
        help: b.action === "window-select" ? "select window 0–9" : b.help,
      });}
  }
  for (const { keys, help } of merged.values()) {
    rows.push({ keys: keys.length > 3 ? `${keys[0]}–${keys.at(-1)}` : keys.join(" "), help });
  }
  rows.push({ keys: prefix, help: `send ${prefix} to the pane` });
  rows.push({ keys: "Copy mode:", help: "", heading: true });
  const copy = new Map<string, string[]>();
  for (const [key, command] of Object.entries(copyKeys)) {
    const help = COPY_HELP[command];
    if (help) copy.set(help, [...(copy.get(help) ?? []), key]);
  }
  for (const [help, keys] of copy) rows.push({ keys: keys.join(" "), help });
  rows.push({ keys: "Mouse:", help: "", heading: true });
  rows.push({ keys: "click", help: "focus a pane" });
  rows.push({ keys: "wheel", help: "scroll a pane's history" });
  rows.push({ keys: "drag", help: "select in one pane and copy" });
  return rows;
}

/**
 * Draws the help box over the middle of the grid, in two columns when one is too tall and the
 * grid is wide enough, else scrolled down by `offset` lines. Returns the largest useful offset.
 *
 * @example
 * ```ts
 * import { CellGrid } from "./cells.ts";
 * import { drawHelp } from "./help.ts";
 * const grid = new CellGrid(100, 40);
 * drawHelp(grid, "C-b");
 * console.assert(grid.toText().some((l) => l.includes("split left/right")));
 * ```
 */
export function drawHelp(
  grid: CellGrid,
  prefix: string,
  options: { offset?: number; copyKeys?: Readonly<Record<string, CopyCommand>> } = {},
): number {
  const offset = options.offset ?? 0;
  const all = helpLines(prefix, options.copyKeys);
  const keyWidth = Math.min(
    16,
    Math.max(...all.filter((l) => !l.heading).map((l) => textWidth(l.keys))),
  );
  const entryWidth = keyWidth + 2 + Math.max(...all.map((l) => textWidth(l.help)));
  const maxRows = Math.max(1, grid.rows - 3);
  const columns = all.length > maxRows && grid.cols >= entryWidth * 2 + 7 ? 2 : 1;
  const overflow = columns === 1 ? Math.max(0, all.length - maxRows) : 0;
  const lines = all.slice(Math.min(offset, overflow));
  const perColumn = columns === 1
    ? Math.min(lines.length, maxRows)
    : Math.ceil(lines.length / columns);
  const width = Math.min(grid.cols, columns * entryWidth + (columns - 1) * 3 + 4);
  const height = Math.min(grid.rows, perColumn + 3);
  const x0 = Math.max(0, Math.floor((grid.cols - width) / 2));
  const y0 = Math.max(0, Math.floor((grid.rows - height) / 2));
  grid.fill(x0, y0, width, height, " ", BOX);
  const title = overflow
    ? " weft keys — j/k scroll, any other key closes "
    : " weft keys — any key closes ";
  grid.text(x0 + 2, y0, truncate(title, width - 4), HEAD);
  lines.forEach((line, i) => {
    const col = Math.floor(i / perColumn);
    const y = y0 + 2 + (i % perColumn);
    if (y >= y0 + height - 1) return;
    const x = x0 + 2 + col * (entryWidth + 3);
    const room = x0 + width - 2 - x;
    if (line.heading) return void grid.text(x, y, truncate(line.keys, room), HEAD);
    grid.text(x, y, truncate(line.keys, keyWidth), KEY);
    grid.text(x + keyWidth + 2, y, truncate(line.help, room - keyWidth - 2), BOX);
  });
  return overflow;
}
