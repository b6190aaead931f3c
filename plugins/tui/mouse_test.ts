import { deepStrictEqual as assertEquals } from "node:assert/strict";
import type { MouseEvent } from "./input.ts";
import { mouseBytes } from "./mouse.ts";

const at = { x: 4, y: 1 };
function ev(action: MouseEvent["action"], extra: Partial<MouseEvent> = {}): MouseEvent {
  return {
    type: "mouse",
    action,
    button: 0,
    x: 0,
    y: 0,
    shift: false,
    alt: false,
    ctrl: false,
    raw: "",
    ...extra,
  };
}

Deno.test("mouseBytes() reports only what the program's tracking mode asks for", () => {
  assertEquals(mouseBytes(ev("release"), at, { mode: "x10", sgr: true }), undefined);
  assertEquals(mouseBytes(ev("drag"), at, { mode: "vt200", sgr: true }), undefined);
  assertEquals(mouseBytes(ev("drag"), at, { mode: "drag", sgr: true }), "\x1b[<32;5;2M");
  assertEquals(mouseBytes(ev("move"), at, { mode: "any", sgr: true }), "\x1b[<35;5;2M");
});

Deno.test("mouseBytes() encodes SGR and legacy reports with modifiers and the wheel", () => {
  assertEquals(
    mouseBytes(ev("release", { button: 2 }), at, { mode: "vt200", sgr: true }),
    "\x1b[<2;5;2m",
  );
  assertEquals(
    mouseBytes(ev("wheel-down", { ctrl: true }), at, { mode: "vt200", sgr: true }),
    "\x1b[<81;5;2M",
  );
  assertEquals(mouseBytes(ev("press"), at, { mode: "vt200", sgr: false }), '\x1b[M %"');
  assertEquals(mouseBytes(ev("release"), at, { mode: "vt200", sgr: false }), '\x1b[M#%"');
  assertEquals(mouseBytes(ev("press"), { x: 300, y: 1 }, { mode: "vt200", sgr: false }), undefined);
});
