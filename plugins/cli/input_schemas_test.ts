import { deepStrictEqual } from "node:assert/strict";
import { currentSchemas, FLAG_COMMANDS, inputSpec } from "./input_schemas.ts";

Deno.test("input_schemas.json is what the contract gives (else: deno run -A plugins/cli/input_schemas.ts)", async () => {
  const current = await currentSchemas();
  for (const name of FLAG_COMMANDS) {
    deepStrictEqual(inputSpec(name).inputSchema, current[name], name);
  }
});
