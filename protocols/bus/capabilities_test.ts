import { strictEqual, throws } from "node:assert/strict";
import { parseCapability } from "./capabilities.ts";

Deno.test("parseCapability() knows data, the plugin's own folder, and nothing like it", () => {
  strictEqual(parseCapability("data"), "data");
  for (const bad of ["data:/etc", "datum", "Data"]) {
    throws(
      () => parseCapability(bad),
      /Cannot use capability .*: it is not one of .*data, or net:/,
    );
  }
});
