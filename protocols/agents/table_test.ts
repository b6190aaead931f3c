import { deepStrictEqual, ok, strictEqual } from "node:assert/strict";
import { AGENT_KINDS, AGENTS, promptHolds, vendorOf, VENDORS } from "./mod.ts";

Deno.test("VENDORS: one entry per kind, each saying where its facts come from", () => {
  const kinds = VENDORS.map((v) => v.kind);
  strictEqual(new Set(kinds).size, kinds.length);
  for (const v of VENDORS) {
    ok(v.readFrom.length > 0 && v.title.length > 0, v.kind);
    ok(!["shell", "program"].includes(v.kind), v.kind);
    strictEqual(vendorOf(v.kind), v);
  }
  deepStrictEqual(AGENT_KINDS, [...kinds, "shell", "program"]);
  deepStrictEqual([...AGENTS], kinds);
  strictEqual(vendorOf("program"), undefined);
});

Deno.test("promptHolds() knows weft's own text, rewrapped or collapsed, and nothing else", () => {
  ok(promptHolds("claude", "[message from a] fix\nthe tests", "[message from a] fix the tests"));
  ok(promptHolds("claude", "[Pasted text #2 +12 lines]", "a long message"));
  ok(!promptHolds("claude", "half a human's", "[message from a] fix the tests"));
  // Only a vendor that collapses pastes has a collapsed paste.
  for (const v of VENDORS.filter((v) => !v.prompt?.collapsedPaste)) {
    ok(!promptHolds(v.kind, "[Pasted text #2 +12 lines]", "a long message"), v.kind);
  }
  ok(!promptHolds("shell", "[Pasted text #2 +12 lines]", "a long message"));
});
