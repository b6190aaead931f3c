import { ok as assert } from "node:assert/strict";
import type { z } from "zod";
import {
  CreatedOut,
  PaneListOut,
  PaneOut,
  ReadOut,
  RunOut,
  WaitOut,
} from "../protocols/bus/record_schemas.ts";
import { E2E, withServer } from "./helpers/server.ts";

function conforms(schema: z.ZodType, value: unknown, what: string): void {
  const r = schema.safeParse(value);
  assert(r.success, `${what}: ${r.success ? "" : JSON.stringify(r.error.issues)}`);
}

Deno.test(
  "commands return what their output schemas (and so their MCP tools) declare",
  E2E,
  async () => {
    await withServer(async ({ client }) => {
      const s = await client.call("session.create", { command: "echo hi; sleep 30" });
      conforms(CreatedOut, s, "session.create");
      const w = await client.call("window.create", { argv: ["cat"] });
      conforms(CreatedOut, w, "window.create");
      const p = await client.call<{ id: string }>("pane.create", { argv: ["cat"], name: "c" });
      conforms(PaneOut, p, "pane.create");
      conforms(PaneOut, await client.call("pane.status", { pane: "c" }), "pane.status");
      conforms(PaneListOut, await client.call("pane.list"), "pane.list");
      const pane = (s as { pane: string }).pane;
      conforms(WaitOut, await client.call("pane.wait", { pane, match: "hi" }), "pane.wait match");
      conforms(ReadOut, await client.call("pane.read", { pane }), "pane.read");
      conforms(
        ReadOut,
        await client.call("pane.read", { pane, since: 1, mode: "history" }),
        "pane.read since",
      );
      conforms(RunOut, await client.call("pane.run", { command: "echo x; exit 2" }), "pane.run");
      const done = await client.call<{ id: string }>("pane.create", { command: "exit 5" });
      conforms(
        WaitOut,
        await client.call("pane.wait", { pane: done.id, exit: true }),
        "pane.wait exit",
      );
      conforms(PaneOut, await client.call("pane.status", { pane: done.id }), "pane.status exited");
    });
  },
);
