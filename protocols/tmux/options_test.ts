import { deepStrictEqual as assertEquals } from "node:assert/strict";
import { formatOption, optionDef, optionLine } from "./options.ts";

Deno.test("optionDef() knows tmux's options and user options, nothing else", () => {
  assertEquals(optionDef("focus-events"), { scope: "server", value: "off", flag: true });
  assertEquals(optionDef("@mine")?.scope, "session");
  assertEquals(optionDef("nosuch"), undefined);
});

Deno.test("formatOption() shows flags as 1/0 and other values as they are", () => {
  assertEquals(formatOption("focus-events", "on"), "1");
  assertEquals(formatOption("focus-events", "off"), "0");
  assertEquals(formatOption("pane-border-style", "fg=red"), "fg=red");
});

Deno.test("optionLine() quotes as show-options does", () => {
  assertEquals(optionLine("prefix", "C-b", false), "prefix C-b");
  assertEquals(optionLine("prefix", "C-b", true), "C-b");
  assertEquals(optionLine("default-command", "", false), "default-command ''");
  assertEquals(optionLine("status-left", "[#S] ", false), 'status-left "[#S] "');
});

Deno.test("optionDef() knows no Object.prototype names", () => {
  for (const name of ["toString", "constructor", "__proto__"]) {
    assertEquals(optionDef(name), undefined, name);
  }
});
