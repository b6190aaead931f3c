import assert from "node:assert/strict";
import type { CommandSpec } from "../bus/mod.ts";
import { buildToolTable } from "./tool_table.ts";

function spec(name: string, extra: Partial<CommandSpec> = {}): CommandSpec {
  return {
    name,
    title: name,
    description: `Does ${name}.`,
    inputSchema: { type: "object", properties: {} },
    capabilities: [],
    owner: name.startsWith("pane.") || name.startsWith("server.") ? "core" : name.split(".")[0]!,
    ...extra,
  };
}

Deno.test("buildToolTable() makes one tool per exposed command with schemas and hints", () => {
  const table = buildToolTable([
    spec("pane.read", { mcp: { readOnly: true }, outputSchema: { type: "object" } }),
    spec("pane.close"),
    spec("server.commands", { mcp: { expose: false } }),
  ]);
  assert.deepEqual([...table.keys()], ["close_pane", "read_pane"]);
  const read = table.get("read_pane")!.tool;
  assert.equal(read.inputSchema.type, "object");
  assert.deepEqual(read.outputSchema, { type: "object" });
  assert.equal(read.annotations?.readOnlyHint, true);
  assert.equal(table.get("close_pane")!.tool.annotations?.destructiveHint, true);
  assert.equal(read._meta?.["weft/command"], "pane.read");
});

Deno.test("buildToolTable() gives a plugin command whose name is taken its namespaced name", () => {
  const table = buildToolTable([
    spec("layout.resize_pane", { mcp: { name: "resize_pane" }, owner: "layout" }),
    spec("pane.resize"),
  ]);
  assert.equal(table.get("resize_pane")?.command, "pane.resize");
  assert.equal(table.get("layout_resize_pane")?.command, "layout.resize_pane");
});

Deno.test("buildToolTable() honours allowlist, hide list and read-only", () => {
  const specs = [
    spec("pane.read", { mcp: { readOnly: true } }),
    spec("pane.list", { mcp: { readOnly: true } }),
    spec("pane.create", { mcp: { name: "create_pane" } }),
  ];
  assert.deepEqual([...buildToolTable(specs, { readOnly: true }).keys()], [
    "list_panes",
    "read_pane",
  ]);
  assert.deepEqual([...buildToolTable(specs, { tools: ["create_pane", "pane.read"] }).keys()], [
    "create_pane",
    "read_pane",
  ]);
  assert.deepEqual([...buildToolTable(specs, { hide: ["list_panes"] }).keys()], [
    "create_pane",
    "read_pane",
  ]);
});

Deno.test("buildToolTable() leaves out a command whose input is not an object schema", () => {
  assert.equal(buildToolTable([spec("demo.x", { inputSchema: { type: "string" } })]).size, 0);
});

Deno.test("buildToolTable() wraps a non-object output schema under result", () => {
  const entry = buildToolTable([spec("hello.greet", { outputSchema: { type: "string" } })])
    .get("hello_greet")!;
  assert.equal(entry.wrap, "always");
  assert.deepEqual(entry.tool.outputSchema, {
    type: "object",
    properties: { result: { type: "string" } },
    required: ["result"],
  });
});

Deno.test("buildToolTable() describes the target and its default", () => {
  const entry = buildToolTable([
    spec("pane.read", { targets: [{ kind: "pane", field: "pane", fallback: "caller" }] }),
  ]).get("read_pane")!;
  assert.match(entry.tool.description!, /your own pane/);
});
