import assert from "node:assert/strict";
import { generatedToolName, namespacedToolName, TOOL_NAME, toolName } from "./tool_name.ts";

Deno.test("generatedToolName() puts the verb first and the core noun after it", () => {
  const cases: [string, string][] = [
    ["pane.create", "create_pane"],
    ["pane.read", "read_pane"],
    ["pane.focus", "focus_pane"],
    ["pane.resize", "resize_pane"],
    ["pane.close", "close_pane"],
    ["pane.rename", "rename_pane"],
    ["session.create", "create_session"],
    ["session.kill", "kill_session"],
    ["window.create", "create_window"],
    ["window.set_layout", "set_window_layout"],
    ["server.status", "get_server_status"],
  ];
  for (const [command, tool] of cases) assert.equal(generatedToolName(command), tool, command);
});

Deno.test("generatedToolName() lists in the plural", () => {
  assert.equal(generatedToolName("session.list"), "list_sessions");
  assert.equal(generatedToolName("window.list"), "list_windows");
  assert.equal(generatedToolName("pane.list"), "list_panes");
});

Deno.test("generatedToolName() keeps a plugin's name in front, snake_cased", () => {
  assert.equal(generatedToolName("hello.greet"), "hello_greet");
  assert.equal(generatedToolName("layout.apply_preset"), "layout_apply_preset");
  assert.equal(generatedToolName("demo.doThing.now"), "demo_do_thing_now");
});

Deno.test("toolName() prefers the command's own MCP name", () => {
  assert.equal(toolName({ name: "pane.wait", mcp: { name: "wait_for" } }), "wait_for");
  assert.equal(toolName({ name: "pane.wait", mcp: { readOnly: true } }), "wait_pane");
});

Deno.test("namespacedToolName() is owner_verb for every command", () => {
  assert.equal(namespacedToolName("layout.split_pane"), "layout_split_pane");
  assert.equal(namespacedToolName("pane.create"), "pane_create");
});

Deno.test("generated names are valid MCP tool names", () => {
  for (const c of ["pane.create", "hello.greet", "x.y-z", "a.B c"]) {
    assert.match(generatedToolName(c), TOOL_NAME);
  }
});
