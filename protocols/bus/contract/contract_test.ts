import { deepStrictEqual } from "node:assert/strict";
import { CORE_CONTRACTS, coreSpec } from "./mod.ts";
import { TAGS, type TagSpec } from "../../sideband/tags.ts";

const CORE_PREFIXES = ["session.", "window.", "pane.", "server."];

Deno.test("every built-in sideband tag that calls a core command names one the contract has", () => {
  const specs: TagSpec[] = Object.values(TAGS).flatMap((t) =>
    "variants" in t ? Object.values(t.variants) : [t]
  );
  const core = specs.map((t) => t.command).filter((c) =>
    CORE_PREFIXES.some((p) => c.startsWith(p))
  );
  deepStrictEqual(core.filter((c) => !(c in CORE_CONTRACTS)), []);
  // Each tag's attributes fill fields the command takes (its `field`, else the attribute's name).
  for (const t of specs.filter((t) => t.command in CORE_CONTRACTS)) {
    const props = Object.keys(
      (coreSpec(t.command as keyof typeof CORE_CONTRACTS).inputSchema.properties ?? {}) as object,
    );
    const fields = [
      ...Object.entries(t.attrs).map(([name, a]) => a.field ?? name),
      ...(t.content ? [t.content] : []),
      ...(t.self ? [t.self] : []),
      ...Object.keys(t.fixed ?? {}),
    ];
    deepStrictEqual(fields.filter((f) => !props.includes(f)), [], t.command);
  }
});

Deno.test("every contract's name is its key, and the MCP names are unique", () => {
  const names = Object.entries(CORE_CONTRACTS).map(([key, c]) => [key, c.name]);
  deepStrictEqual(names.filter(([key, name]) => key !== name), []);
  const mcp = Object.values(CORE_CONTRACTS).flatMap((
    c,
  ) => ("mcp" in c && c.mcp?.name ? [c.mcp.name] : []));
  deepStrictEqual(mcp.length, new Set(mcp).size);
});
