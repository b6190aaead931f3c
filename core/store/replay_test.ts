import { strictEqual } from "node:assert/strict";
import { replay } from "./replay.ts";

const screen = (ansi: string) => ({ cols: 80, rows: 5, ansi, savedAt: 0 });

Deno.test("replay() puts the marker first and the old screen under it, dimmed", () => {
  const out = replay(screen("$ ls\n\x1b[0;1;34mdir\x1b[0m file\n\n\n"), "restored p1");
  strictEqual(
    out,
    "\x1b[0;7m restored p1 \x1b[0m\r\n" +
      "\x1b[0;2m$ ls\x1b[0;2m\r\n\x1b[0;1;34;2mdir\x1b[0;2m file\x1b[0m\r\n",
  );
});

Deno.test("replay() drops every sequence but colours from a stored screen", () => {
  const out = replay(
    screen("a\x1b[2J\x1b[H\x1b]0;title\x07\x1b]8;;http://x\x1b\\b\x1b[?1049h\x07\rc"),
    "m\x1b[2J",
  );
  strictEqual(out, "\x1b[0;7m m \x1b[0m\r\n\x1b[0;2mabc\x1b[0m\r\n");
});

Deno.test("replay() shows the marker alone when there is no screen or it was blank", () => {
  strictEqual(replay(undefined, "restored"), "\x1b[0;7m restored \x1b[0m\r\n");
  strictEqual(replay(screen("\n  \n"), "restored"), "\x1b[0;7m restored \x1b[0m\r\n");
});

Deno.test("replay() leaves out the marker of an earlier restore (one marker after many restarts)", () => {
  const earlier = "\x1b[7m restored p1: shell in /tmp · saved 2026-11-26T10:00:00Z \x1b[0m";
  const out = replay(screen(`${earlier}\n\x1b[2mold\x1b[0m\nnew\n`), "restored p1: again");
  strictEqual(
    out,
    "\x1b[0;7m restored p1: again \x1b[0m\r\n" +
      "\x1b[0;2m\x1b[2;2mold\x1b[0;2m\x1b[0;2m\r\nnew\x1b[0m\r\n",
  );
});
