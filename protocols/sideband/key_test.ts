import { strictEqual } from "node:assert/strict";
import { keysEqual, redactKeys } from "./key.ts";
import { encodeOsc, OSC_OPEN } from "./osc.ts";

Deno.test("keysEqual() is true only for the same key, whatever the lengths", () => {
  const key = "0123456789abcdef0123456789abcdef";
  strictEqual(keysEqual(key, key), true);
  strictEqual(keysEqual(key, key.slice(0, -1) + "0"), false);
  strictEqual(keysEqual(key, key.slice(0, 8)), false);
  strictEqual(keysEqual(key, key + "0"), false);
  strictEqual(keysEqual(key, ""), false);
  strictEqual(keysEqual("", ""), true);
});

Deno.test("redactKeys() hides key values inside weft OSC commands only", () => {
  const osc = encodeOsc("input", { target: "p2", key: "s3cret", text: "key=x;y" });
  strictEqual(
    redactKeys(`a ${osc} b ;key=plain`),
    `a ${OSC_OPEN}input;target=p2;key=…;text=key%3Dx%3By\x07 b ;key=plain`,
  );
  // A command cut short (a parse error's raw) is still redacted.
  strictEqual(redactKeys(`${OSC_OPEN}spawn;key=s3cr`), `${OSC_OPEN}spawn;key=…`);
  strictEqual(redactKeys("no osc ;key=v"), "no osc ;key=v");
});
