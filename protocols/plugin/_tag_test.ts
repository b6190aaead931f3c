import { deepStrictEqual, throws } from "node:assert/strict";
import { parseCommandSpec } from "./manifest.ts";

const base = {
  name: "demo.show",
  title: "Show",
  description: "Shows.",
  inputSchema: { type: "object" },
  capabilities: [],
};

Deno.test("parseCommandSpec() keeps a declared sideband tag and drops unknown fields of it", () => {
  const sideband = {
    tag: "show",
    summary: "show a thing",
    content: "text",
    self: "pane",
    attrs: { text: { kind: "string", max: 100 }, mode: { kind: ["a", "b"], required: true } },
  };
  const spec = parseCommandSpec({ ...base, sideband: { ...sideband, evil: 1 } }, "spec");
  deepStrictEqual(spec.sideband, sideband);
});

Deno.test("parseCommandSpec() refuses a declared tag with a bad name or attribute kind", () => {
  const attrs = { a: { kind: "string" } };
  throws(
    () => parseCommandSpec({ ...base, sideband: { tag: "Bad Tag", summary: "", attrs } }, "s"),
    /s\.sideband\.tag must match/,
  );
  throws(
    () =>
      parseCommandSpec({
        ...base,
        sideband: { tag: "ok", summary: "", attrs: { a: { kind: "regex" } } },
      }, "s"),
    /s\.sideband\.attrs\.a\.kind must be one of/,
  );
  throws(
    () =>
      parseCommandSpec({ ...base, sideband: { tag: "ok", summary: "", attrs, limits: "x" } }, "s"),
    /s\.sideband\.limits must be one of "spawn", "input"/,
  );
});
