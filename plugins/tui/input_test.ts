import { deepStrictEqual as assertEquals } from "node:assert/strict";
import { InputDecoder, type InputEvent } from "./input.ts";

const bytes = (s: string) => new TextEncoder().encode(s);

function names(events: InputEvent[]): string[] {
  return events.map((e) =>
    e.type === "key"
      ? e.key
      : e.type === "paste"
      ? `paste:${e.text}`
      : e.type === "focus"
      ? `focus:${e.focused}`
      : `${e.action}@${e.x},${e.y}`
  );
}

Deno.test("InputDecoder names plain, control, alt and special keys like tmux", () => {
  const d = new InputDecoder();
  const events = d.push(
    bytes("a \x02\r\t\x7f\x1bx\x1b[A\x1bOB\x1b[1;5C\x1b[5~\x1b[3;2~\x1bOP\x1b[15~\x1b[Z"),
  );
  assertEquals(names(events), [
    "a",
    "Space",
    "C-b",
    "Enter",
    "Tab",
    "BSpace",
    "M-x",
    "Up",
    "Down",
    "C-Right",
    "PPage",
    "S-DC",
    "F1",
    "F5",
    "BTab",
  ]);
});

Deno.test("InputDecoder keeps each key's raw bytes", () => {
  const d = new InputDecoder();
  const raws = d.push(bytes("é\x1b[1;3D\x03")).map((e) => (e.type === "key" ? e.raw : ""));
  assertEquals(raws, ["é", "\x1b[1;3D", "\x03"]);
});

Deno.test("InputDecoder holds a sequence cut between reads, and UTF-8 cut mid-character", () => {
  const d = new InputDecoder();
  assertEquals(names(d.push(bytes("\x1b["))), []);
  assertEquals(d.pending, true);
  assertEquals(names(d.push(bytes("1;5"))), []);
  assertEquals(names(d.push(bytes("A"))), ["C-Up"]);
  const euro = bytes("€");
  assertEquals(names(d.push(euro.subarray(0, 1))), []);
  assertEquals(names(d.push(euro.subarray(1))), ["€"]);
});

Deno.test("InputDecoder turns a lone ESC into Escape only when flushed", () => {
  const d = new InputDecoder();
  assertEquals(names(d.push(bytes("\x1b"))), []);
  assertEquals(names(d.flush()), ["Escape"]);
  assertEquals(d.pending, false);
});

Deno.test("InputDecoder decodes SGR mouse presses, releases, drags and the wheel", () => {
  const d = new InputDecoder();
  const events = d.push(
    bytes("\x1b[<0;10;5M\x1b[<0;10;5m\x1b[<32;11;5M\x1b[<64;1;1M\x1b[<65;1;1M\x1b[<18;2;3M"),
  );
  assertEquals(names(events), [
    "press@9,4",
    "release@9,4",
    "drag@10,4",
    "wheel-up@0,0",
    "wheel-down@0,0",
    "press@1,2",
  ]);
  const last = events.at(-1)!;
  assertEquals(last.type === "mouse" && [last.button, last.ctrl], [2, true]);
});

Deno.test("InputDecoder collects a bracketed paste across reads, escapes and all", () => {
  const d = new InputDecoder();
  assertEquals(names(d.push(bytes("x\x1b[200~line 1\n\x1b[A"))), ["x"]);
  assertEquals(names(d.push(bytes("line 2\x1b[20"))), []);
  assertEquals(names(d.push(bytes("1~y"))), ["paste:line 1\n\x1b[Aline 2", "y"]);
});

Deno.test("InputDecoder reports focus and names unknown sequences without losing bytes", () => {
  const d = new InputDecoder();
  const events = d.push(bytes("\x1b[I\x1b[O\x1b[?1;2c"));
  assertEquals(names(events), ["focus:true", "focus:false", "Unknown"]);
  assertEquals(events[2]!.type === "key" && events[2]!.raw, "\x1b[?1;2c");
});
