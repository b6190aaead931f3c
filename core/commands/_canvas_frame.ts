/**
 * How a canvas owner's lines become one terminal frame: each row addressed absolutely (no
 * scrolling, no wrapping), only SGR kept of the escapes the lines hold, the rest cleared.
 *
 * @module
 */

const ESCAPES =
  // deno-lint-ignore no-control-regex
  /\x1b\[[0-9;:]*m|\x1b\[[0-?]*[ -/]*[@-~]|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)?|\x1b[^[\]]?|[\x00-\x08\x0a-\x1a\x1c-\x1f\x7f\x80-\x9f]/g;

// deno-lint-ignore no-control-regex
const SGR = /^\x1b\[[0-9;:]*m$/;

/**
 * `line` with every escape sequence but SGR (colours, attributes) and every control character
 * removed; a tab becomes a space. Text from files can never move the cursor or retitle a pane.
 *
 * @example
 * ```ts
 * import { sgrOnly } from "./_canvas_frame.ts";
 * console.assert(sgrOnly("\x1b[31mred\x1b[0m\x1b[2J\x1b]2;x\x07!") === "\x1b[31mred\x1b[0m!");
 * ```
 */
export function sgrOnly(line: string): string {
  return line.replaceAll("\t", " ").replace(
    ESCAPES,
    (m) => (SGR.test(m) ? m : ""),
  );
}

/**
 * The terminal output that shows `lines` on a `rows`-row screen: cursor hidden, autowrap off,
 * each row written at its place and cleared to its end, rows past the lines blank.
 *
 * @example
 * ```ts
 * import { canvasFrame } from "./_canvas_frame.ts";
 * console.assert(canvasFrame(["a", "b"], { rows: 3 }).includes("\x1b[3;1H\x1b[0m\x1b[0m\x1b[K"));
 * ```
 */
export function canvasFrame(
  lines: readonly string[],
  options: { rows: number; title?: string | undefined },
): string {
  let out = "\x1b[?25l\x1b[?7l";
  if (options.title !== undefined) {
    out += `\x1b]2;${sgrOnly(options.title).replace(ESCAPES, "")}\x07`;
  }
  for (let row = 0; row < options.rows; row++) {
    out += `\x1b[${row + 1};1H\x1b[0m${sgrOnly(lines[row] ?? "")}\x1b[0m\x1b[K`;
  }
  return out + "\x1b[H";
}
