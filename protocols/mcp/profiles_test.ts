import assert from "node:assert/strict";
import { checkProfile, selectTools, TOOL_PROFILES } from "./profiles.ts";
import { compactTool } from "./compact_tool.ts";

Deno.test("selectTools() reads all, a profile, or profiles mixed with tool names", () => {
  assert.deepEqual(selectTools("all"), { names: undefined, full: true });
  assert.deepEqual(selectTools(undefined), { names: undefined, full: true });
  assert.deepEqual(selectTools("agent"), { names: TOOL_PROFILES.agent, full: false });
  const mixed = selectTools(["agent", "canvas", "pane.move"]).names!;
  assert.ok(mixed.includes("read_pane") && mixed.includes("open_canvas"));
  assert.ok(mixed.includes("pane.move"));
  assert.equal(new Set(mixed).size, mixed.length, "no name twice");
});

Deno.test("checkProfile() names the profile meant", () => {
  assert.throws(
    () => checkProfile("layuot"),
    /unknown tool profile "layuot"; did you mean "layout"\?/,
  );
  checkProfile("all");
});

Deno.test("compactTool() keeps what an agent needs and drops the rest", () => {
  const tool = compactTool({
    name: "wait_for",
    title: "Wait",
    description: "Wait for a pane, e.g. a prompt. Returns at once when already true. More words " +
      "that go past the limit of a compact description, which is cut at a sentence.\n\nTargets.",
    inputSchema: {
      type: "object",
      properties: {
        pane: { type: "string", description: "Pane id or name.", minLength: 1 },
        regex: { type: "boolean" },
        state: {
          description: "A state or several.",
          anyOf: [
            { type: "string", enum: ["idle", "done"] },
            { type: "array", items: { type: "string", enum: ["idle", "done"] } },
          ],
        },
      },
      required: ["pane"],
    },
    outputSchema: { type: "object" },
    annotations: { title: "Wait", readOnlyHint: true, destructiveHint: false },
    _meta: { "weft/command": "pane.wait" },
  }, ["regex", "pane"]);
  assert.deepEqual(tool, {
    name: "wait_for",
    description: "Wait for a pane, e.g. a prompt. Returns at once when already true.",
    inputSchema: {
      type: "object",
      properties: {
        pane: { type: "string", description: "Pane id or name." },
        state: { description: "A state or several.", type: "string", enum: ["idle", "done"] },
      },
      required: ["pane"],
    },
    annotations: { readOnlyHint: true },
  });
});
