import { buildToolTable } from "./protocols/mcp/mod.ts";
const commands = JSON.parse(Deno.readTextFileSync("/tmp/specs.json"));
const t = buildToolTable(commands, { tools: "agent" });
console.log(JSON.stringify({ tools: [...t.values()].map((e) => e.tool) }).length);
for (const n of ["wait_for", "send_input"]) console.log(JSON.stringify(t.get(n)!.tool));
for (
  const n of [
    "check_messages",
    "wait_for_message",
    "list_agents",
    "list_panes",
    "get_status",
    "close_pane",
    "send_message",
    "create_pane",
    "run_command",
    "read_pane",
  ]
) {
  console.log(
    n,
    Object.keys((t.get(n)!.tool.inputSchema as any).properties ?? {}).join(","),
    "|",
    t.get(n)!.tool.description,
  );
}
