import { ok } from "node:assert/strict";
import { BUILTIN_PLUGINS } from "./builtin.ts";
import { RESERVED_NAMES } from "../core/config/mod.ts";

Deno.test("BUILTIN_PLUGINS: every built-in's name is reserved, so no project plugin takes it", () => {
  for (const name of Object.keys(BUILTIN_PLUGINS)) {
    ok(RESERVED_NAMES.includes(name), `"${name}" is missing from core/config/reserved.ts`);
  }
});
