import { ok, strictEqual } from "node:assert/strict";
import { NOTIFY_MAX_CHARS, osc9 } from "./notify.ts";

Deno.test("osc9() drops every control character an agent's text carries, and cuts it short", () => {
  strictEqual(osc9("weft: p3 claude wants you"), "\x1b]9;weft: p3 claude wants you\x07");
  const hostile = osc9("x\x07\x1b]52;c;cm0gLXJmIH4=\x07\x9b2J\ny");
  strictEqual(hostile, "\x1b]9;x]52;c;cm0gLXJmIH4=2Jy\x07");
  // deno-lint-ignore no-control-regex
  ok(!/[\x00-\x1f\x7f-\x9f]/.test(hostile.slice(1, -1)));
  strictEqual(osc9("é".repeat(1000)).length, NOTIFY_MAX_CHARS + 5);
});
