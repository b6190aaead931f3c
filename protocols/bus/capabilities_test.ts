import { deepStrictEqual, strictEqual, throws } from "node:assert/strict";
import { BUS_CAPABILITIES, parseCapability, READ_ONLY } from "./capabilities.ts";

Deno.test("parseCapability() knows data, the plugin's own folder, and nothing like it", () => {
  strictEqual(parseCapability("data"), "data");
  for (const bad of ["data:/etc", "datum", "Data"]) {
    throws(
      () => parseCapability(bad),
      /Cannot use capability .*: it is not one of .*data, or net:/,
    );
  }
});

Deno.test("read-only is every reading right and nothing else", () => {
  const reads = BUS_CAPABILITIES.filter((c) => c.endsWith(":read"));
  deepStrictEqual([...READ_ONLY].sort(), [...reads].sort());
});
