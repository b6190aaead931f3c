import assert from "node:assert/strict";
import { defaults, parseOptions } from "./options.ts";

Deno.test("parseOptions() fills in the defaults", () => {
  assert.deepEqual(parseOptions(undefined), defaults);
  assert.equal(defaults.unsafeConformanceMode, false);
});

Deno.test("parseOptions() keeps what the project set", () => {
  const o = parseOptions({ port: 8931, tools: ["read_pane"], hide: ["x"], readOnly: true });
  assert.equal(o.port, 8931);
  assert.deepEqual(o.tools, ["read_pane"]);
  assert.equal(o.readOnly, true);
});

Deno.test("parseOptions() names a wrong key", () => {
  assert.throws(
    () => parseOptions({ prot: 1 }),
    /weft\.plugins\.mcp\.options: unknown key "prot"/,
  );
  assert.throws(() => parseOptions({ port: 70000 }), /options\.port/);
});

Deno.test("parseOptions() shows agents the agent profile unless told all or another profile", () => {
  assert.equal(defaults.tools, "agent");
  assert.equal(parseOptions({ tools: "all" }).tools, "all");
  assert.deepEqual(parseOptions({ tools: ["agent", "layout"] }).tools, ["agent", "layout"]);
  assert.throws(
    () => parseOptions({ tools: "agnet" }),
    /unknown tool profile "agnet"; did you mean "agent"\?/,
  );
});
