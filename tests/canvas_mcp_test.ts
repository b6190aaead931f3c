// End-to-end: over MCP an agent opens a canvas with the open_canvas tool, and the canvas pane
// is an MCP resource whose text is what the canvas shows.
import assert from "node:assert/strict";
import { httpClient, textOf } from "./helpers/mcp.ts";
import { E2E, withServer } from "./helpers/server.ts";

Deno.test(
  "mcp: open_canvas opens a canvas, and its pane is a resource with its text",
  E2E,
  async () => {
    await withServer(async ({ dir }) => {
      const client = await httpClient(dir);
      try {
        const names = (await client.listTools()).tools.map((t) => t.name);
        for (const tool of ["open_canvas", "update_canvas", "close_canvas", "canvas_kinds"]) {
          assert.ok(names.includes(tool), `${tool} in ${names.join(", ")}`);
        }
        assert.ok(!names.includes("pane_draw") && !names.includes("pane_canvas"));
        const opened = await client.callTool({
          name: "open_canvas",
          arguments: { kind: "markdown", content: "# Plan\n\n- read the issue\n- write tests\n" },
        });
        assert.notEqual(opened.isError, true, textOf(opened));
        const pane = (opened.structuredContent as { pane: string }).pane;
        const { resources } = await client.listResources();
        const resource = resources.find((r) => r.uri.includes(pane));
        assert.ok(resource, `a resource for ${pane} in ${resources.map((r) => r.uri).join(", ")}`);
        const read = await client.readResource({ uri: resource.uri });
        const text = read.contents.map((c) => ("text" in c ? c.text : "")).join("");
        assert.match(text, /Plan/);
        assert.match(text, /write tests/);
        const refused = await client.callTool({
          name: "open_canvas",
          arguments: { kind: "json", path: "/etc/passwd" },
        });
        assert.equal(refused.isError, true);
        assert.match(
          textOf(refused),
          /^DENIED: Cannot open "\/etc\/passwd": it is outside the project/,
        );
      } finally {
        await client.close();
      }
    }, { weft: { plugins: { mcp: { options: { tools: "all" } } } }, startupSession: true });
  },
);
