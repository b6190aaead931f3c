import { deepStrictEqual as assertEquals, ok as assert } from "node:assert/strict";
import fc from "fast-check";
import xterm from "@xterm/headless";
import { ATTR, CellGrid, palette, PLAIN, rgb, type Style } from "./cells.ts";
import { drawTerminal } from "./draw_terminal.ts";
import { Renderer } from "./renderer.ts";

const COLS = 9;
const ROWS = 4;

function write(term: xterm.Terminal, data: string): Promise<void> {
  return new Promise((resolve) => term.write(data, resolve));
}

function snapshot(grid: CellGrid): string[] {
  const out: string[] = [];
  for (let i = 0; i < grid.cols * grid.rows; i++) {
    if (grid.widths[i] === 0) continue;
    const ch = grid.chars[i] || " ";
    out.push(`${i}:${ch}/${grid.widths[i]}/${grid.fg[i]}/${grid.bg[i]}/${grid.attrs[i]}`);
  }
  return out;
}

const styleArb = fc.record({
  fg: fc.constantFrom(0, palette(1), palette(12), palette(200), rgb(0x123456)),
  bg: fc.constantFrom(0, palette(4), rgb(0xabcdef)),
  attrs: fc.constantFrom(
    0,
    ATTR.bold,
    ATTR.italic | ATTR.underline,
    ATTR.inverse,
    ATTR.dim | ATTR.strike,
  ),
});
const opArb = fc.record({
  x: fc.nat(COLS - 1),
  y: fc.nat(ROWS - 1),
  text: fc.constantFrom("a", "bc", "日", "日本", " ", "é─x"),
  style: styleArb,
});

Deno.test("Renderer output replayed in a real terminal emulator reproduces every frame", async () => {
  await fc.assert(
    fc.asyncProperty(
      fc.array(fc.array(opArb, { maxLength: 6 }), { minLength: 1, maxLength: 6 }),
      async (frames) => {
        const term = new xterm.Terminal({ cols: COLS, rows: ROWS, allowProposedApi: true });
        const renderer = new Renderer(COLS, ROWS);
        const grid = new CellGrid(COLS, ROWS);
        try {
          for (const ops of frames) {
            for (const op of ops) grid.text(op.x, op.y, op.text, op.style as Style);
            await write(term, renderer.frame(grid, { x: 0, y: 0 }));
            const seen = new CellGrid(COLS, ROWS);
            drawTerminal(term, seen, { x: 0, y: 0, cols: COLS, rows: ROWS });
            assertEquals(snapshot(seen), snapshot(grid));
          }
        } finally {
          term.dispose();
        }
      },
    ),
    { numRuns: 150 },
  );
});

Deno.test("Renderer writes only the cells that changed, and nothing when nothing did", () => {
  const renderer = new Renderer(20, 3, { synchronized: false });
  const grid = new CellGrid(20, 3);
  grid.text(0, 0, "hello world", PLAIN);
  renderer.frame(grid, null);
  assertEquals(renderer.frame(grid, null), "");
  grid.text(6, 0, "W", { fg: palette(2), bg: 0, attrs: 0 });
  assertEquals(renderer.frame(grid, null), "\x1b[?25l\x1b[1;7H\x1b[32mW");
  assertEquals(renderer.frame(grid, { x: 3, y: 2 }), "\x1b[?25l\x1b[3;4H\x1b[?25h");
});

Deno.test("Renderer wraps a frame in a synchronized update and redraws all after invalidate()", () => {
  const renderer = new Renderer(4, 1);
  const grid = new CellGrid(4, 1);
  grid.text(0, 0, "ab", PLAIN);
  const first = renderer.frame(grid, null);
  assert(first.startsWith("\x1b[?2026h") && first.endsWith("\x1b[?2026l"));
  renderer.invalidate();
  assert(renderer.frame(grid, null).includes("\x1b[2Jab"));
});
