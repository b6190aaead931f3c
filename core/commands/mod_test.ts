import { ok } from "node:assert/strict";
import { coreCommands } from "./mod.ts";
import type { CoreDeps } from "./deps.ts";

Deno.test("the built-in commands' specs are made without touching deps (weft help with no server)", () => {
  // plugins/cli/info.ts lists the specs this way when no server answers.
  const commands = coreCommands({} as CoreDeps);
  ok(commands.length > 30);
  ok(commands.every((c) => c.name.includes(".") && typeof c.description === "string"));
});
