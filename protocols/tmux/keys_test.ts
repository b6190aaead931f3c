import { deepStrictEqual as assertEquals } from "node:assert/strict";
import { sendKeysChunks, tmuxKey } from "./keys.ts";

Deno.test("tmuxKey() maps tmux key names to weft's and leaves words alone", () => {
  assertEquals(tmuxKey("Enter"), "Enter");
  assertEquals(tmuxKey("C-c"), "C-c");
  assertEquals(tmuxKey("^C"), "C-c");
  assertEquals(tmuxKey("M-Left"), "M-Left");
  assertEquals(tmuxKey("BSpace"), "Backspace");
  assertEquals(tmuxKey("NPage"), "PageDown");
  assertEquals(tmuxKey("ls"), null);
  assertEquals(tmuxKey("x"), null);
  assertEquals(tmuxKey("C-x y"), null);
});

Deno.test("sendKeysChunks() groups text and keys in order", () => {
  assertEquals(sendKeysChunks(["cd /x && env A=1 claude --agent-id a", "Enter"], false), [
    { text: "cd /x && env A=1 claude --agent-id a" },
    { keys: ["Enter"] },
  ]);
  assertEquals(sendKeysChunks(["a", "b", "C-c", "Enter", "c"], false), [
    { text: "ab" },
    { keys: ["C-c", "Enter"] },
    { text: "c" },
  ]);
  assertEquals(sendKeysChunks(["Enter"], true), [{ text: "Enter" }]);
});
