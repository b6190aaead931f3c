import { strictEqual } from "node:assert/strict";
import { modeOf, type PaneKind } from "./_mode.ts";
import { parseOptions } from "./options.ts";
import { VENDORS } from "../../protocols/agents/table.ts";

const pane = (over: Partial<PaneKind>): PaneKind => ({
  id: "p1",
  name: null,
  agent: "program",
  command: "x",
  argv: ["x"],
  tags: [],
  ...over,
});
const none = { mcp: false };

Deno.test("modeOf() reads Claude Code on its screen, claude -p as a stream, others not at all", () => {
  const options = parseOptions({});
  strictEqual(modeOf(pane({ agent: "claude", argv: ["claude"] }), options, none), "screen");
  strictEqual(
    modeOf(
      pane({ agent: "claude", command: "claude -p 'hi'", argv: ["bash", "-c", "claude -p 'hi'"] }),
      options,
      none,
    ),
    "stream",
  );
  // Typed into a shell: what runs in front says -p.
  const typed = {
    agent: "claude" as const,
    argv: ["bash"],
    current: { argv: ["claude", "-p", "hi"] },
  };
  strictEqual(modeOf(pane(typed), options, none), "stream");
  strictEqual(modeOf(pane({ ...typed, current: { argv: ["claude"] } }), options, none), "screen");
  for (const v of VENDORS.filter((v) => v.kind !== "claude")) {
    strictEqual(modeOf(pane({ agent: v.kind }), options, none), v.sideband, v.kind);
  }
  strictEqual(modeOf(pane({ agent: "shell" }), options, none), "off");
  strictEqual(modeOf(pane({}), options, none), "off");
});

Deno.test("modeOf() takes the override, then the panes table, then a tag, then the kind", () => {
  const options = parseOptions({ panes: { build: "stream" }, kinds: { program: "osc" } });
  strictEqual(modeOf(pane({}), options, none), "osc");
  strictEqual(modeOf(pane({ name: "build" }), options, none), "stream");
  strictEqual(modeOf(pane({ tags: ["sideband:off"] }), options, none), "off");
  strictEqual(modeOf(pane({ name: "build" }), options, { mcp: false, override: "off" }), "off");
  strictEqual(options.kinds.claude, "screen");
});

Deno.test("modeOf() leaves agents to MCP when it runs and the project prefers it", () => {
  const claude = pane({ agent: "claude", argv: ["claude"] });
  strictEqual(modeOf(claude, parseOptions({}), { mcp: true }), "osc");
  strictEqual(modeOf(claude, parseOptions({ prefer: "sideband" }), { mcp: true }), "screen");
  strictEqual(
    modeOf(pane({ tags: ["sideband:stream"] }), parseOptions({}), { mcp: true }),
    "stream",
  );
  strictEqual(modeOf(claude, parseOptions({ enabled: false }), none), "off");
});

Deno.test("parseOptions() names a bad key and refuses to redefine a built-in tag", () => {
  try {
    parseOptions({ maxDepht: 3 });
    throw new Error("accepted");
  } catch (err) {
    strictEqual((err as Error).message.includes("sideband.options"), true);
  }
  try {
    parseOptions({ tags: { spawn: { command: "x.y" } } });
    throw new Error("accepted");
  } catch (err) {
    strictEqual((err as Error).message, 'Cannot start plugin "sideband": tag "spawn" is built in');
  }
});
