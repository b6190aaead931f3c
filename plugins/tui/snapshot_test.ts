import { deepStrictEqual as assertEquals } from "node:assert/strict";
import xterm from "@xterm/headless";
import { Unicode11Addon } from "@xterm/addon-unicode11";
import { Screen } from "../../core/screen/mod.ts";
import { CellGrid } from "./cells.ts";
import { drawTerminal } from "./draw_terminal.ts";
import {
  mouseModes,
  snapshotBytes,
  type VisibleSnapshot,
} from "../../protocols/terminal/snapshot.ts";

const COLS = 30;
const ROWS = 6;

function terminal(): xterm.Terminal {
  const term = new xterm.Terminal({
    cols: COLS,
    rows: ROWS,
    scrollback: 100,
    allowProposedApi: true,
  });
  term.loadAddon(new Unicode11Addon());
  term.unicode.activeVersion = "11";
  return term;
}

function write(term: xterm.Terminal, data: string): Promise<void> {
  return new Promise((resolve) => term.write(data, resolve));
}

function cells(term: xterm.Terminal): string[] {
  const grid = new CellGrid(COLS, ROWS);
  drawTerminal(term, grid, { x: 0, y: 0, cols: COLS, rows: ROWS });
  const out: string[] = [];
  for (let i = 0; i < COLS * ROWS; i++) {
    out.push(
      `${grid.chars[i] || " "}/${grid.widths[i]}/${grid.fg[i]}/${grid.bg[i]}/${grid.attrs[i]}`,
    );
  }
  return out;
}

const CASES: Record<string, string> = {
  "colours, attributes and wide characters":
    "plain \x1b[1;31mbold red\x1b[0m \x1b[4;38;5;200munder\x1b[0m\r\n\x1b[7mrev\x1b[0m 日本語 🙂 e\u0301\r\n\x1b[38;2;1;2;3;48;5;17mtrue\x1b[0m",
  "a scrolled screen, the cursor mid-line":
    Array.from({ length: 20 }, (_, i) => `line ${i}`).join("\r\n") +
    "\x1b[3;5H",
  "a hidden cursor and application cursor keys": "menu\x1b[?25l\x1b[?1h\x1b[2;2H",
  "the alternate screen": "shell$ vim\r\n\x1b[?1049h\x1b[Hin vim\x1b[5;1H~",
};

for (const [name, input] of Object.entries(CASES)) {
  Deno.test(`snapshotBytes() rebuilds ${name}`, async () => {
    const screen = new Screen({ cols: COLS, rows: ROWS, historyBytes: 1 << 20, reply: () => {} });
    const reference = terminal();
    const mirror = terminal();
    try {
      screen.write(input);
      await screen.flush();
      await write(reference, input);
      const read = screen.read({ mode: "visible", ansi: true });
      const visible: VisibleSnapshot = { ...read, modes: screen.modes };
      await write(mirror, snapshotBytes(visible, undefined, ROWS));
      assertEquals(cells(mirror), cells(reference));
      const [m, r] = [mirror.buffer.active, reference.buffer.active];
      assertEquals([m.cursorX, m.cursorY, m.type], [r.cursorX, r.cursorY, r.type]);
      assertEquals(
        mirror.modes.applicationCursorKeysMode,
        reference.modes.applicationCursorKeysMode,
      );
    } finally {
      screen.dispose();
      reference.dispose();
      mirror.dispose();
    }
  });
}

Deno.test("mouseModes() replays the program's tracking mode and encoding exactly", () => {
  const m = (mouseTracking: "x10" | "vt200" | "drag" | "any", mouseEncoding = "default") => ({
    mouse: true,
    mouseTracking,
    mouseEncoding: mouseEncoding as "default" | "sgr" | "sgr-pixels",
  });
  assertEquals(mouseModes(m("vt200")), "\x1b[?1000h"); // bytes (X10 encoding), not SGR
  assertEquals(mouseModes(m("x10")), "\x1b[?9h");
  assertEquals(mouseModes(m("any", "sgr")), "\x1b[?1003h\x1b[?1006h");
  assertEquals(mouseModes(m("drag", "sgr-pixels")), "\x1b[?1002h\x1b[?1016h");
  assertEquals(mouseModes({ mouse: false, mouseTracking: "none" }), "");
  assertEquals(mouseModes({ mouse: true }), "\x1b[?1000h\x1b[?1006h"); // a server that does not say
});
