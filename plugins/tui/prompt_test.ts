import { deepStrictEqual as assertEquals, throws } from "node:assert/strict";
import { LineEditor, parseCommandLine } from "./prompt.ts";

const key = (k: string, raw = k) => ({ type: "key" as const, key: k, raw });

Deno.test("parseCommandLine() places the target by its id, then by the command's owner", () => {
  assertEquals(parseCommandLine('pane.write p2 {"text":"ls"}'), {
    name: "pane.write",
    params: { pane: "p2", text: "ls" },
  });
  assertEquals(parseCommandLine("window.select editor"), {
    name: "window.select",
    params: { window: "editor" },
  });
  assertEquals(parseCommandLine("layout.zoom p3"), { name: "layout.zoom", params: { pane: "p3" } });
  assertEquals(parseCommandLine("layout.cycle w2"), {
    name: "layout.cycle",
    params: { window: "w2" },
  });
  assertEquals(parseCommandLine(' session.list  {"a": {"b": 1}} '), {
    name: "session.list",
    params: { a: { b: 1 } },
  });
});

Deno.test("parseCommandLine() explains bad lines", () => {
  throws(() => parseCommandLine("ls -la"), /name \[target\]/);
  throws(() => parseCommandLine("pane.write p2 {text}"), /not JSON/);
  throws(() => parseCommandLine("pane.write p2 {nope"), SyntaxError);
});

Deno.test("LineEditor edits, recalls history and reports submit and cancel", () => {
  const ed = new LineEditor();
  for (const k of ["a", "b", "c", "Left", "Left", "BSpace", "X"]) ed.key(key(k));
  assertEquals([ed.text, ed.cursor], ["Xbc", 1]);
  assertEquals(ed.key(key("Enter", "\r")), "submit");
  ed.reset();
  ed.insert("multi\nline");
  assertEquals(ed.text, "multi line");
  ed.key(key("C-w", "\x17"));
  assertEquals(ed.text, "multi ");
  ed.key(key("Up", "\x1b[A"));
  assertEquals(ed.text, "Xbc");
  assertEquals(ed.key(key("Escape", "\x1b")), "cancel");
});
